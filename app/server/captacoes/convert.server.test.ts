// From a captação to a draft property in one click, against a real database and real files: the
// draft's data, its photos through the upload's pipeline, one draft however many clicks, nothing
// left behind when the database refuses it.
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createActor, insertAgency } from "../../../tests/support/factories";
import { makeJpeg, tempStorage } from "../../../tests/support/photos";
import { propertyFormSchema, toFormInput } from "../../lib/property-form";
import type { Database } from "../db/client.server";
import { auditLog, captacaoPhotos, captacoes, properties, propertyPhotos } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { IMAGE_WIDTHS } from "../media/pipeline.server";
import type { LocalDiskStorage } from "../media/storage.server";
import type { Actor } from "../properties/access.server";
import { convertCaptacao } from "./convert.server";
import { changeCaptacaoStatus } from "./queue.server";
import { submitCaptacao } from "./submit.server";

let database: Database;
let storage: LocalDiskStorage;
let mediaDir: string;
let cleanup: () => Promise<void>;
let admin: Actor;
let corretor: Actor;
let photos: Buffer[];

const FIELDS = {
  name: "Carlos Dono",
  phone: "(82) 99777-1111",
  tipo: "casa",
  finalidade: "venda",
  logradouro: "Rua das Árvores, 12",
  bairro: "Jatiúca",
  cidade: "Maceió",
  preco: "1.200.000",
  message: "Casa térrea com quintal.",
  consent: "on",
};

/** A captação sent through the public form's own path, optionally assigned. */
async function newCaptacao(
  fields: Record<string, string> = {},
  files: Buffer[] = photos,
  assigneeId: number | null = null,
): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...FIELDS, ...fields })) form.set(name, value);
  for (const [i, bytes] of files.entries())
    form.append("fotos", new File([new Uint8Array(bytes)], `foto${i}.jpg`, { type: "image/jpeg" }));
  const result = await submitCaptacao({ db: database.db, storage }, { kind: "form", form });
  if (!result.captacaoId) throw new Error(`captação não criada: ${JSON.stringify(result.body)}`);
  if (assigneeId !== null)
    await database.db.update(captacoes).set({ assigneeId }).where(eq(captacoes.id, result.captacaoId));
  return result.captacaoId;
}

async function allFiles(): Promise<string[]> {
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith("."))
    .map((e) => join(e.parentPath, e.name).slice(mediaDir.length + 1))
    .sort();
}

/** Every file in storage is a pending photo's or a variant a photo row uses: nothing orphaned. */
async function expectNoOrphans() {
  const pending = await database.db.select().from(captacaoPhotos);
  const rows = await database.db.select({ variants: propertyPhotos.variants }).from(propertyPhotos);
  const used = new Set([
    ...pending.flatMap((p) => [p.originalKey, p.previewKey]),
    ...rows.flatMap((r) => r.variants.map((v) => v.key)),
  ]);
  expect((await allFiles()).filter((key) => !used.has(key))).toEqual([]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAgency(database.db);
  ({ storage, dir: mediaDir, cleanup } = await tempStorage());
  admin = await createActor(database.db, "admin");
  corretor = await createActor(database.db, "corretor");
  photos = [await makeJpeg(800, 600, 3), await makeJpeg(700, 500, 4)];
});

afterAll(async () => {
  await cleanup?.();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(captacoes);
  await database.db.delete(properties);
  await rm(mediaDir, { recursive: true, force: true });
});

describe("Criar rascunho do imóvel", () => {
  it("makes a draft with the captação's data and its photos as an upload makes them", async () => {
    const id = await newCaptacao({}, photos, corretor.id);
    const pending = await database.db.select().from(captacaoPhotos).where(eq(captacaoPhotos.captacaoId, id));
    const now = new Date("2026-03-05T13:00:00Z");
    const conversion = await convertCaptacao({ db: database.db, storage }, corretor, id, now);
    expect(conversion).toMatchObject({ created: true, photosSkipped: 0, referencia: "CA0001" });

    const [draft] = await database.db
      .select()
      .from(properties)
      .where(eq(properties.id, conversion.propertyId));
    expect(draft).toMatchObject({
      referencia: "CA0001",
      titulo: "Casa à venda em Jatiúca",
      descricao: "Casa térrea com quintal.",
      tipo: "casa",
      finalidades: ["venda"],
      precoVenda: 1_200_000,
      precoAluguel: null,
      precoSobConsulta: false,
      logradouro: "Rua das Árvores, 12",
      bairro: "Jatiúca",
      cidade: "Maceió",
      uf: "AL",
      visibilidadeEndereco: "bairro",
      publicacao: "rascunho",
      publishedAt: null,
      corretorId: corretor.id,
    });
    // The edit form takes the draft as it is (the agent completes it there).
    expect(propertyFormSchema.safeParse(toFormInput(draft as never)).success).toBe(true);

    const rows = await database.db
      .select()
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, conversion.propertyId))
      .orderBy(propertyPhotos.position);
    expect(rows.map((r) => [r.position, r.isCover, r.hash])).toEqual(
      pending.map((p, i) => [i, i === 0, p.hash]),
    );
    // The upload's variants: AVIF, WebP and JPEG at each width the original allows.
    const first = rows[0];
    const widths = IMAGE_WIDTHS.filter((w) => w <= 800);
    expect(first?.variants.map((v) => `${v.format}-${v.width}`).sort()).toEqual(
      widths.flatMap((w) => ["avif", "webp", "jpeg"].map((f) => `${f}-${w}`)).sort(),
    );
    for (const variant of rows.flatMap((r) => r.variants))
      expect(await storage.exists(variant.key)).toBe(true);

    // The captação points at its draft; its pending photos moved (rows and files gone).
    const [after] = await database.db.select().from(captacoes).where(eq(captacoes.id, id));
    expect(after).toMatchObject({
      status: "convertida",
      propertyId: conversion.propertyId,
      convertedAt: now,
    });
    expect(await database.db.select().from(captacaoPhotos).where(eq(captacaoPhotos.captacaoId, id))).toEqual(
      [],
    );
    for (const p of pending) expect(await storage.exists(p.originalKey)).toBe(false);
    await expectNoOrphans();
    const actions = (await database.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["property-created", "captacao-converted"]));
  });

  it("gives an unassigned captação to the agent who converts it, and rent its period", async () => {
    const id = await newCaptacao({ finalidade: "temporada", preco: "" }, []);
    const conversion = await convertCaptacao({ db: database.db, storage }, admin, id);
    const [draft] = await database.db
      .select()
      .from(properties)
      .where(eq(properties.id, conversion.propertyId));
    expect(draft).toMatchObject({
      corretorId: admin.id,
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: null,
      periodoAluguel: "diaria",
      precoSobConsulta: true,
      descricao: "Casa térrea com quintal.",
    });
    expect(propertyFormSchema.safeParse(toFormInput(draft as never)).success).toBe(true);
  });

  it("answers a second click, and two at once, with the same draft", async () => {
    const id = await newCaptacao();
    const services = { db: database.db, storage };
    const [a, b] = await Promise.all([
      convertCaptacao(services, admin, id),
      convertCaptacao(services, admin, id),
    ]);
    expect(a.propertyId).toBe(b.propertyId);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const again = await convertCaptacao(services, admin, id);
    expect(again).toMatchObject({ propertyId: a.propertyId, created: false, referencia: "CA0001" });
    expect(await database.db.select().from(properties)).toHaveLength(1);
    expect(await database.db.select().from(propertyPhotos)).toHaveLength(2);
    await expectNoOrphans();
  });

  it("leaves no property and no file behind when the database refuses the draft", async () => {
    const id = await newCaptacao();
    const before = await allFiles();
    await database.db.execute(`create or replace function rascunho_recusa() returns trigger language plpgsql as $$
      begin raise exception 'recusado pelo teste'; end $$`);
    await database.db.execute(
      "create trigger rascunho_recusa before insert on property_photos for each row execute function rascunho_recusa()",
    );
    try {
      await expect(convertCaptacao({ db: database.db, storage }, admin, id)).rejects.toThrow();
    } finally {
      await database.db.execute("drop trigger rascunho_recusa on property_photos");
    }
    expect(await database.db.select().from(properties)).toEqual([]);
    const [captacao] = await database.db.select().from(captacoes).where(eq(captacoes.id, id));
    expect(captacao).toMatchObject({ status: "nova", propertyId: null });
    expect(
      await database.db.select().from(captacaoPhotos).where(eq(captacaoPhotos.captacaoId, id)),
    ).toHaveLength(2);
    // Only the pending photos remain: the variants made for the refused draft are gone.
    expect(await allFiles()).toEqual(before);
    // And it works once the database takes it.
    expect((await convertCaptacao({ db: database.db, storage }, admin, id)).created).toBe(true);
  });

  it("asks to reopen a discarded captação first", async () => {
    const id = await newCaptacao({}, []);
    await changeCaptacaoStatus(database.db, admin, id, "descartada");
    await expect(convertCaptacao({ db: database.db, storage }, admin, id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("Nova ou Em avaliação"),
    });
    expect(await database.db.select().from(properties)).toEqual([]);
    await changeCaptacaoStatus(database.db, admin, id, "em_avaliacao");
    expect((await convertCaptacao({ db: database.db, storage }, admin, id)).created).toBe(true);
    await expect(changeCaptacaoStatus(database.db, admin, id, "nova")).rejects.toMatchObject({ status: 409 });
  });

  it("is refused to a corretor the captação is not assigned to, before any photo is encoded", async () => {
    const other = await createActor(database.db, "corretor");
    const id = await newCaptacao({}, photos, other.id);
    const before = await allFiles();
    await expect(convertCaptacao({ db: database.db, storage }, corretor, id)).rejects.toMatchObject({
      status: 404,
    });
    expect(await allFiles()).toEqual(before);
    expect(await database.db.select().from(properties)).toEqual([]);
  });
});
