// The lead endpoints' domain (intake.server.ts) on a real database, through the same functions the
// routes call, with a Request as the portal sends it: who the lead goes to and what it is about.
// The HTTP path itself (body limits, two instances) is server/lead-intake.test.ts.
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertProperty, insertUser } from "../../../tests/support/factories";
import { loadConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { leadContacts, leads } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import { deleteProperty } from "../properties/admin.server";
import { recordRedirect } from "../properties/referencia.server";
import type { Actor } from "./inbox.server";
import { getLead, listLeads } from "./inbox.server";
import { receiveGenericLead, receiveGrupoZapLead } from "./intake.server";

const ZAP_SECRET = "segredo-do-grupo-zap-para-testes-0001";
const GENERIC_SECRET = "segredo-generico-para-testes-000000002";
const config = loadConfig({ GRUPOZAP_LEADS_SECRET: ZAP_SECRET, GENERIC_LEADS_SECRET: GENERIC_SECRET });

let database: Database;
let admin: Actor;
let sequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createActor(database.db, "admin");
});

afterAll(async () => {
  await database?.close();
});

/** Grupo ZAP's sample lead (docs/domain.md), each with its own id and person. */
function zapLead(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    leadOrigin: "VivaReal",
    timestamp: "2026-10-23T15:50:30.619Z",
    originLeadId: `zap-${sequence}-${Date.now()}`,
    originListingId: "87027856",
    clientListingId: "AP0007",
    name: `Pessoa do Portal ${sequence}`,
    email: `portal${sequence}@exemplo.com.br`,
    ddd: "82",
    phone: `9${String(88_000_000 + sequence)}`,
    message: "Olá, tenho interesse neste imóvel.",
    ...overrides,
  };
}

const ctx = () => ({ db: database.db, config, ip: `10.0.0.${sequence % 250}` });

function postZap(body: unknown) {
  const request = new Request("http://localhost/api/portais/grupozap/leads", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Basic ${Buffer.from(`grupozap:${ZAP_SECRET}`).toString("base64")}`,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return receiveGrupoZapLead(request, ctx());
}

function postGeneric(fields: Record<string, string>) {
  sequence += 1;
  const request = new Request("http://localhost/api/leads", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Bearer ${GENERIC_SECRET}`,
    },
    body: new URLSearchParams(fields).toString(),
  });
  return receiveGenericLead(request, ctx());
}

async function cardOf(response: Response) {
  const body = (await response.json()) as { leadId: number };
  const [card] = await database.db.select().from(leads).where(eq(leads.id, body.leadId));
  if (!card) throw new Error("lead não gravado");
  return card;
}

describe("who a portal lead goes to (roleta off)", () => {
  it("to the listing's corretor while active; a deactivated one's lead is unassigned, for the admins", async () => {
    const active = await insertUser(database.db, { name: "Clara Ativa" });
    const gone = await insertUser(database.db, { name: "Davi Saiu", active: false });
    const hers = await insertProperty(database.db, { referencia: "IN0001", corretorId: active.id });
    const his = await insertProperty(database.db, { referencia: "IN0002", corretorId: gone.id });

    const toActive = await postZap(zapLead({ clientListingId: "IN0001" }));
    expect(toActive.status).toBe(201);
    expect(await cardOf(toActive)).toMatchObject({ propertyId: hers.id, assigneeId: active.id });

    const toGone = await postZap(zapLead({ clientListingId: "IN0002" }));
    expect(toGone.status).toBe(201);
    const card = await cardOf(toGone);
    expect(card).toMatchObject({ propertyId: his.id, assigneeId: null, assignedAt: null });
    expect((await getLead(database.db, admin, card.id))?.lead.assigneeName).toBeNull();

    const generic = await postGeneric({
      name: "Pessoa da Landing",
      email: `landing${sequence}@exemplo.com.br`,
      referencia: "IN0002",
    });
    expect(generic.status).toBe(201);
    expect(await cardOf(generic)).toMatchObject({ propertyId: his.id, assigneeId: null });
  });
});

describe("what a portal lead is about", () => {
  it("a renamed listing by the code it had before, in any case, from either endpoint", async () => {
    const agent = await insertUser(database.db, { name: "Rui Renomeou" });
    const listing = await insertProperty(database.db, { referencia: "IN0103", corretorId: agent.id });
    await database.db.transaction((tx) => recordRedirect(tx, "IN0003", listing.id));

    const zap = await postZap(zapLead({ clientListingId: "in0003" }));
    expect(zap.status).toBe(201);
    const card = await cardOf(zap);
    expect(card).toMatchObject({ propertyId: listing.id, assigneeId: agent.id });
    const detail = await getLead(database.db, admin, card.id);
    expect(detail?.lead.referencia).toBe("IN0103");
    expect(detail?.contacts).toMatchObject([{ referencia: "IN0103", listingFound: true }]);

    const generic = await postGeneric({
      name: "Pessoa da Landing",
      email: `landing${sequence}@exemplo.com.br`,
      referencia: "IN0003",
    });
    expect(await cardOf(generic)).toMatchObject({ propertyId: listing.id, assigneeId: agent.id });
  });

  it('a deleted listing\'s code reads "excluído", one we never had "não encontrado"', async () => {
    const listing = await insertProperty(database.db, { referencia: "IN0004" });
    const storage = new LocalDiskStorage(path.join(os.tmpdir(), "intake-test-no-files"), "/media");
    await deleteProperty(database.db, storage, admin, listing.id);

    const deleted = await cardOf(await postZap(zapLead({ clientListingId: "IN0004" })));
    const unknown = await cardOf(await postZap(zapLead({ clientListingId: "IN9999" })));
    expect(deleted.propertyId).toBeNull();
    expect(unknown.propertyId).toBeNull();
    expect((await getLead(database.db, admin, deleted.id))?.contacts).toMatchObject([
      { referencia: "IN0004", listingFound: false, listingDeleted: true },
    ]);
    expect((await getLead(database.db, admin, unknown.id))?.contacts).toMatchObject([
      { referencia: "IN9999", listingFound: false, listingDeleted: false },
    ]);
    const rows = (await listLeads(database.db, admin, {})).rows;
    expect(rows.find((r) => r.id === deleted.id)).toMatchObject({
      unknownReferencias: null,
      deletedReferencias: ["IN0004"],
    });
    expect(rows.find((r) => r.id === unknown.id)).toMatchObject({
      unknownReferencias: ["IN9999"],
      deletedReferencias: null,
    });
  });
});

describe("a portal lead with odd fields is stored, not refused", () => {
  it("an overlong message or name is kept cut to its size (201), not a 400 the portal retries", async () => {
    const message = `Quero visitar. ${"Detalhes. ".repeat(700)}`;
    const response = await postZap(zapLead({ message, name: `Ana ${"Maria ".repeat(60)}` }));
    expect(response.status).toBe(201);
    const card = await cardOf(response);
    expect(card.message.length).toBeLessThanOrEqual(5000);
    expect(card.message.startsWith("Quero visitar. Detalhes.")).toBe(true);
    expect(card.name.length).toBeLessThanOrEqual(200);
    expect(card.name.startsWith("Ana Maria")).toBe(true);
  });

  it("NULs and other control characters in fields the portal adds are dropped from what is kept", async () => {
    const response = await postZap(
      zapLead({
        temperature: "que\u0000nte",
        "campo\u0001novo": ["a\u0007b", { nested: "x\u0000y\nz" }],
        odd: "meio \ud800 caractere",
      }),
    );
    expect(response.status).toBe(201);
    const card = await cardOf(response);
    const [stored] = await database.db.select().from(leadContacts).where(eq(leadContacts.leadId, card.id));
    expect(stored?.extra).toMatchObject({
      leadOrigin: "VivaReal",
      temperature: "quente",
      camponovo: ["ab", { nested: "xy\nz" }],
      odd: "meio \uFFFD caractere",
    });
  });

  it("a field nested past any sense is kept cut short, not a 500", async () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const response = await postZap(JSON.stringify(zapLead()).replace(/}$/, `,"deep":${deep}}`));
    expect(response.status).toBe(201);
  });
});
