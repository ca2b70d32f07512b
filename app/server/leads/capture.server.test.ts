import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertProperty, insertUser } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { leads } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import { deleteProperty } from "../properties/admin.server";
import { LGPD_CONSENT_VERSION } from "../settings/agency-defaults.server";
import { createLead, submitLeadForm } from "./capture.server";
import { getLead } from "./inbox.server";
import { exportPersonData } from "./lgpd.server";

let database: Database;
let propertyId: number;
let corretorId: number;

const valid = {
  name: "Maria da Silva",
  phone: "82 99876 5432",
  email: "maria@exemplo.com.br",
  message: "Gostaria de visitar no sábado.",
  consent: "on",
  website: "",
};

beforeAll(async () => {
  database = await createTestDatabase();
  corretorId = (await insertUser(database.db)).id;
  propertyId = (await insertProperty(database.db, { referencia: "LD0001", corretorId })).id;
});

afterAll(async () => {
  await database?.close();
});

async function leadCount() {
  return (await database.db.select().from(leads)).length;
}

describe("createLead", () => {
  it("stores a lead with its origin, consent and the listing's corretor", async () => {
    const now = new Date("2026-02-01T12:00:00Z");
    const result = await createLead(database.db, { propertyId, form: valid, now });
    expect(result.status).toBe("created");
    if (result.status !== "created") return;
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(lead).toMatchObject({
      propertyId,
      name: "Maria da Silva",
      phone: "(82) 99876-5432",
      email: "maria@exemplo.com.br",
      message: "Gostaria de visitar no sábado.",
      origin: "formulario_imovel",
      consentVersion: LGPD_CONSENT_VERSION,
      consentAt: now,
      assigneeId: corretorId,
      status: "novo",
    });
  });

  it("leaves the lead of a deactivated corretor's listing unassigned, for the admins (roleta off)", async () => {
    const gone = await insertUser(database.db, { active: false });
    const listing = await insertProperty(database.db, { referencia: "LD0009", corretorId: gone.id });
    const result = await createLead(database.db, {
      propertyId: listing.id,
      form: { ...valid, phone: "82 98765 0009", email: "" },
    });
    if (result.status !== "created") throw new Error("não criado");
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(lead).toMatchObject({ propertyId: listing.id, assigneeId: null });
  });

  it("keeps naming the listing on the lead page and in the LGPD export after it is deleted", async () => {
    const admin = await createActor(database.db, "admin");
    const listing = await insertProperty(database.db, { referencia: "LD0010", corretorId });
    const result = await createLead(database.db, {
      propertyId: listing.id,
      form: { ...valid, phone: "82 98765 0010", email: "apagado@exemplo.com.br" },
    });
    if (result.status !== "created") throw new Error("não criado");
    const storage = new LocalDiskStorage(path.join(os.tmpdir(), "capture-test-no-files"), "/media");
    await deleteProperty(database.db, storage, admin, listing.id);
    const detail = await getLead(database.db, admin, result.leadId);
    expect(detail?.contacts).toMatchObject([
      { propertyId: null, referencia: "LD0010", listingFound: false, listingDeleted: true },
    ]);
    const data = await exportPersonData(database.db, "apagado@exemplo.com.br");
    expect(data.leads.find((l) => l.id === result.leadId)?.contacts).toMatchObject([
      { referencia: "LD0010" },
    ]);
  });

  it("accepts a phone alone or an e-mail alone, and FormData", async () => {
    expect((await createLead(database.db, { propertyId, form: { ...valid, email: "" } })).status).toBe(
      "created",
    );
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...valid, phone: "" })) form.set(k, v);
    expect((await createLead(database.db, { propertyId, form })).status).toBe("created");
  });

  it("refuses a lead without consent, with a message at the field", async () => {
    const before = await leadCount();
    const result = await createLead(database.db, { propertyId, form: { ...valid, consent: undefined } });
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: { consent: "Para enviar, autorize o contato marcando esta caixa." },
    });
    expect(await leadCount()).toBe(before);
  });

  it("needs a phone or an e-mail", async () => {
    const result = await createLead(database.db, { propertyId, form: { ...valid, phone: " ", email: "" } });
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(result.fieldErrors.phone).toMatch(/telefone ou um e-mail/);
    expect(result.fieldErrors.email).toMatch(/telefone ou um e-mail/);
  });

  it("reports every problem at once, the missing contact included", async () => {
    const result = await createLead(database.db, { propertyId, form: { name: "", consent: "" } });
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(["consent", "email", "name", "phone"]);
  });

  it("explains a bad phone, a bad e-mail and a missing name", async () => {
    const result = await createLead(database.db, {
      propertyId,
      form: { ...valid, name: "", phone: "1234", email: "maria@" },
    });
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: {
        name: "Informe seu nome.",
        phone: "Informe o telefone com DDD, ex.: (82) 99999-9999.",
        email: "Informe um e-mail válido, ex.: nome@exemplo.com.br.",
      },
    });
  });

  it("refuses fields that are too long", async () => {
    const result = await createLead(database.db, {
      propertyId,
      form: { ...valid, name: "a".repeat(101), email: `${"a".repeat(250)}@x.com`, message: "m".repeat(2001) },
    });
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(["email", "message", "name"]);
    expect(result.fieldErrors.message).toBe("Use no máximo 2.000 caracteres.");
  });

  it("answers a filled honeypot like a success but stores nothing", async () => {
    const before = await leadCount();
    expect(
      await createLead(database.db, { propertyId, form: { ...valid, website: "http://spam.example" } }),
    ).toEqual({
      status: "ignored",
    });
    expect(await leadCount()).toBe(before);
  });

  it("refuses leads for sold, unpublished or unknown listings", async () => {
    const sold = await insertProperty(database.db, { status: "vendido" });
    const draft = await insertProperty(database.db, { publicacao: "rascunho" });
    for (const id of [sold.id, draft.id, 999_999]) {
      expect((await createLead(database.db, { propertyId: id, form: valid })).status).toBe("unavailable");
    }
  });
});

describe("submitLeadForm from a listing's page", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return data;
  };
  const listing = { referencia: "LD0001" };

  it("answers 400 with messages and what was typed, then 200", async () => {
    const before = await leadCount();
    const bad = await submitLeadForm(database.db, form({ name: "Ana", email: "ana@" }), listing);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, values: { name: "Ana", email: "ana@" } });
    const ok = await submitLeadForm(
      database.db,
      form({ name: "Ana", email: "ana@exemplo.com", consent: "on" }),
      listing,
    );
    expect(ok).toEqual({ status: 200, body: { ok: true } });
    expect(await leadCount()).toBe(before + 1);
  });

  it("answers 404 for a listing that is not published, or under another case of its referência", async () => {
    const draft = await insertProperty(database.db, { publicacao: "rascunho" });
    for (const referencia of [draft.referencia, "ld0001", "XX9999"]) {
      expect((await submitLeadForm(database.db, form(valid), { referencia })).status).toBe(404);
    }
  });

  it("answers 409 for a sold listing, keeping what was typed", async () => {
    const sold = await insertProperty(database.db, { status: "vendido" });
    const answer = await submitLeadForm(database.db, form(valid), { referencia: sold.referencia });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ ok: false, values: { name: valid.name } });
  });
});
