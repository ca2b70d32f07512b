// The captações queue against a real database and real files: who sees which captação, what an
// agent and an admin may do with it, erasing a discarded one, and a person's LGPD request.
import { readdir, rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createActor, insertAgency } from "../../../tests/support/factories";
import { makeJpeg, tempStorage } from "../../../tests/support/photos";
import type { Database } from "../db/client.server";
import { auditLog, captacaoNotes, captacaoPhotos, captacoes, outbox } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { erasePersonData, exportPersonData } from "../leads/lgpd.server";
import type { LocalDiskStorage } from "../media/storage.server";
import type { Actor } from "../properties/access.server";
import { CAPTACAO_EMAIL_KIND } from "./emails.server";
import { countPersonCaptacoes } from "./lgpd.server";
import {
  addCaptacaoNote,
  assignCaptacao,
  captacaoPhotoPreview,
  changeCaptacaoStatus,
  eraseCaptacao,
  getCaptacao,
  listCaptacoes,
} from "./queue.server";
import { submitCaptacao } from "./submit.server";

let database: Database;
let storage: LocalDiskStorage;
let mediaDir: string;
let cleanup: () => Promise<void>;
let admin: Actor;
let ana: Actor;
let bia: Actor;
let photo: Buffer;

async function newCaptacao(fields: Record<string, string> = {}, withPhoto = true): Promise<number> {
  const form = new FormData();
  const values = {
    name: "Dona Teresa",
    phone: "(82) 98765-0000",
    email: "teresa@exemplo.com.br",
    tipo: "terreno",
    finalidade: "venda",
    bairro: "Garça Torta",
    cidade: "Maceió",
    consent: "on",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  if (withPhoto) form.append("fotos", new File([new Uint8Array(photo)], "lote.jpg", { type: "image/jpeg" }));
  const result = await submitCaptacao({ db: database.db, storage }, { kind: "form", form });
  if (!result.captacaoId) throw new Error(JSON.stringify(result.body));
  return result.captacaoId;
}

async function pendingFiles(): Promise<number> {
  try {
    const entries = await readdir(`${mediaDir}/captacoes`, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAgency(database.db);
  ({ storage, dir: mediaDir, cleanup } = await tempStorage());
  admin = await createActor(database.db, "admin");
  ana = await createActor(database.db, "corretor");
  bia = await createActor(database.db, "corretor");
  photo = await makeJpeg(640, 480, 5);
});

afterAll(async () => {
  await cleanup?.();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(captacoes);
  await database.db.delete(outbox);
  await rm(mediaDir, { recursive: true, force: true });
});

describe("who sees a captação", () => {
  it("an admin sees all; a corretor only those assigned to them", async () => {
    const forAna = await newCaptacao({ name: "Para a Ana" });
    const unassigned = await newCaptacao({ name: "Sem corretor" });
    expect(await assignCaptacao(database.db, admin, forAna, ana.id)).toBe("ok");

    const names = async (viewer: Actor) =>
      (await listCaptacoes(database.db, viewer, {})).rows.map((r) => r.name);
    expect((await names(admin)).sort()).toEqual(["Para a Ana", "Sem corretor"]);
    expect(await names(ana)).toEqual(["Para a Ana"]);
    expect(await names(bia)).toEqual([]);

    expect(await getCaptacao(database.db, ana, forAna)).not.toBeNull();
    expect(await getCaptacao(database.db, bia, forAna)).toBeNull();
    expect(await getCaptacao(database.db, ana, unassigned)).toBeNull();

    const [photoRow] = await database.db
      .select()
      .from(captacaoPhotos)
      .where(eq(captacaoPhotos.captacaoId, forAna));
    const preview = (viewer: Actor, captacaoId = forAna) =>
      captacaoPhotoPreview(database.db, storage, viewer, captacaoId, photoRow?.id ?? 0);
    expect((await preview(ana))?.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(await preview(bia)).toBeNull();
    // A photo id under another captação's id is not found either.
    expect(await preview(admin, unassigned)).toBeNull();

    // Bia can change nothing of Ana's captação.
    for (const attempt of [
      () => changeCaptacaoStatus(database.db, bia, forAna, "descartada"),
      () => addCaptacaoNote(database.db, bia, forAna, "Não devia"),
      () => assignCaptacao(database.db, bia, forAna, bia.id),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: 404 });
    }
    const [row] = await database.db.select().from(captacoes).where(eq(captacoes.id, forAna));
    expect(row).toMatchObject({ status: "nova", assigneeId: ana.id });
    expect(await database.db.select().from(captacaoNotes)).toEqual([]);
  });

  it("the assigned corretor changes the situação and writes notes, audited", async () => {
    const id = await newCaptacao();
    await assignCaptacao(database.db, admin, id, ana.id);
    await changeCaptacaoStatus(database.db, ana, id, "em_avaliacao");
    await addCaptacaoNote(database.db, ana, id, "Visita marcada para sexta.");
    const found = await getCaptacao(database.db, ana, id);
    expect(found?.captacao.status).toBe("em_avaliacao");
    expect(found?.notes.map((n) => n.body)).toEqual(["Visita marcada para sexta."]);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(["captacao-assigned", "captacao-status"]),
    );
    expect((await listCaptacoes(database.db, admin, { status: "em_avaliacao" })).total).toBe(1);
    expect((await listCaptacoes(database.db, admin, { status: "nova" })).total).toBe(0);
  });

  it("refuses to assign an inactive or unknown agent", async () => {
    const id = await newCaptacao({}, false);
    const gone = await createActor(database.db, "corretor", { active: false });
    expect(await assignCaptacao(database.db, admin, id, gone.id)).toBe("invalid-agent");
    expect(await assignCaptacao(database.db, admin, id, 999_999)).toBe("invalid-agent");
  });
});

describe("erasing a captação", () => {
  it("only a discarded one, with its notes and its photos' files", async () => {
    const id = await newCaptacao();
    await addCaptacaoNote(database.db, admin, id, "Proprietário desistiu.");
    expect(await pendingFiles()).toBe(2);
    await expect(eraseCaptacao(database.db, storage, admin, id)).rejects.toMatchObject({ status: 409 });
    await changeCaptacaoStatus(database.db, admin, id, "descartada");
    await eraseCaptacao(database.db, storage, admin, id);
    expect(await database.db.select().from(captacoes)).toEqual([]);
    expect(await database.db.select().from(captacaoPhotos)).toEqual([]);
    expect(await database.db.select().from(captacaoNotes)).toEqual([]);
    expect(await pendingFiles()).toBe(0);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "captacao-erased"));
    expect(JSON.stringify(entry?.details)).not.toContain("Teresa");
  });
});

describe("LGPD", () => {
  it("exports a person's captações with their notes, then erases them with their files", async () => {
    const id = await newCaptacao({ email: "Teresa@Exemplo.com.br" });
    await addCaptacaoNote(database.db, admin, id, "Ligar depois das 18h.");
    await newCaptacao(
      { name: "Outra pessoa", phone: "(82) 91111-0000", email: "outra@exemplo.com.br" },
      false,
    );

    const byEmail = await exportPersonData(database.db, "teresa@exemplo.com.br");
    expect(byEmail.captacoes).toHaveLength(1);
    expect(byEmail.captacoes[0]).toMatchObject({
      name: "Dona Teresa",
      tipo: "terreno",
      bairro: "Garça Torta",
      photos: 1,
      consentVersion: expect.any(String),
      notes: [{ body: "Ligar depois das 18h." }],
    });
    // The phone written without the ninth digit is the same person.
    expect(await countPersonCaptacoes(database.db, "82 8765-0000")).toBe(1);
    expect(await database.db.select().from(outbox).where(eq(outbox.kind, CAPTACAO_EMAIL_KIND))).toHaveLength(
      2,
    );

    const result = await erasePersonData(database.db, admin, "(82) 98765-0000", { storage });
    expect(result).toEqual({ erased: 0, captacoes: 1, alertas: 0, visitas: 0, estadias: 0 });
    const left = await database.db.select({ name: captacoes.name }).from(captacoes);
    expect(left).toEqual([{ name: "Outra pessoa" }]);
    expect(await pendingFiles()).toBe(0);
    // Its unsent e-mail went with it; the other person's stays.
    const mails = await database.db.select().from(outbox).where(eq(outbox.kind, CAPTACAO_EMAIL_KIND));
    expect(mails.map((m) => m.payload.captacaoId)).not.toContain(id);
    expect(mails).toHaveLength(1);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "lgpd-erased"));
    expect(entry?.details).toMatchObject({ captacaoIds: [id] });
  });
});
