import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, propertyFormData } from "../../../tests/support/factories";
import { makeJpeg } from "../../../tests/support/photos";
import { parseAdminListQuery } from "../../lib/property-admin-list";
import { getDataVersion } from "../cache/data-version.server";
import type { Database, Db } from "../db/client.server";
import { auditLog, properties, propertyPhotos, propertyRedirects } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import type { Actor } from "./access.server";
import {
  createProperty,
  deleteProperty,
  duplicateProperty,
  getPropertyForEdit,
  listAgents,
  setDestaque,
  setPublication,
  setStatus,
  updateProperty,
} from "./admin.server";
import { listForAdmin } from "./admin-list.server";
import { PropertyAccessError, PropertyFieldError } from "./errors.server";
import { addPhoto } from "./photos.server";

let database: Database;
let db: Db;
let root: string;
let storage: LocalDiskStorage;
let admin: Actor;
let ana: Actor;
let bruno: Actor;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  root = await mkdtemp(path.join(os.tmpdir(), "admin-listings-"));
  storage = new LocalDiskStorage(root);
  admin = await createActor(db, "admin");
  ana = await createActor(db, "corretor");
  bruno = await createActor(db, "corretor");
});

afterAll(async () => {
  await database.close();
  await rm(root, { recursive: true, force: true });
});

async function files(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

async function auditActions(entityId: number): Promise<string[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(entityId)))
    .orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe("referência", () => {
  it("is generated from the type's prefix and the next number, with four digits", async () => {
    const first = await createProperty(db, admin, propertyFormData());
    const second = await createProperty(db, admin, propertyFormData());
    const house = await createProperty(db, admin, propertyFormData({ tipo: "casa" }));
    expect(first.referencia).toBe("AP0001");
    expect(second.referencia).toBe("AP0002");
    expect(house.referencia).toBe("CA0001");

    await createProperty(db, admin, propertyFormData({ referencia: "ap0064" }));
    expect((await createProperty(db, admin, propertyFormData())).referencia).toBe("AP0065");
  });

  it("is unique case-insensitively, on create and on update", async () => {
    await createProperty(db, admin, propertyFormData({ referencia: "TE0500", tipo: "terreno" }));
    const error = await rejection(
      createProperty(db, admin, propertyFormData({ referencia: "te0500", tipo: "terreno" })),
    );
    expect(error).toBeInstanceOf(PropertyFieldError);
    expect(error).toMatchObject({
      field: "referencia",
      message: "A referência TE0500 já está em uso por outro imóvel.",
    });

    const other = await createProperty(db, admin, propertyFormData({ tipo: "terreno" }));
    expect(other.referencia).toBe("TE0501");
    const clash = await rejection(
      updateProperty(db, admin, other.id, propertyFormData({ referencia: "TE0500" })),
    );
    expect(clash).toMatchObject({ field: "referencia" });
  });

  it("a change keeps the old one as a redirect, which nobody else may take", async () => {
    const created = await createProperty(db, admin, propertyFormData({ tipo: "cobertura" }));
    expect(created.referencia).toBe("CO0001");
    await updateProperty(
      db,
      admin,
      created.id,
      propertyFormData({ tipo: "cobertura", referencia: "CO0900" }),
    );

    const redirects = await db
      .select()
      .from(propertyRedirects)
      .where(eq(propertyRedirects.propertyId, created.id));
    expect(redirects.map((r) => r.oldReferencia)).toEqual(["CO0001"]);
    expect((await getPropertyForEdit(db, admin, created.id)).oldReferencias).toEqual(["CO0001"]);

    const taken = await rejection(
      createProperty(db, admin, propertyFormData({ tipo: "cobertura", referencia: "CO0001" })),
    );
    expect(taken).toMatchObject({
      field: "referencia",
      message: expect.stringMatching(/ainda leva até ele/),
    });
    // Generation skips numbers in use and once used.
    expect((await createProperty(db, admin, propertyFormData({ tipo: "cobertura" }))).referencia).toBe(
      "CO0901",
    );

    // Taking back its own old code drops that redirect and records the newer one.
    await updateProperty(
      db,
      admin,
      created.id,
      propertyFormData({ tipo: "cobertura", referencia: "co0001" }),
    );
    const after = await db
      .select()
      .from(propertyRedirects)
      .where(eq(propertyRedirects.propertyId, created.id));
    expect(after.map((r) => r.oldReferencia)).toEqual(["CO0900"]);
  });

  it("a deleted listing's referência, and its old ones, are never generated again", async () => {
    const first = await createProperty(db, admin, propertyFormData({ tipo: "kitnet" }));
    expect(first.referencia).toBe("KI0001");
    await updateProperty(db, admin, first.id, propertyFormData({ tipo: "kitnet", referencia: "KI0005" }));
    await deleteProperty(db, storage, admin, first.id);
    // A shared link or a portal's late lead naming KI0005 (or KI0001) never finds another property.
    expect((await createProperty(db, admin, propertyFormData({ tipo: "kitnet" }))).referencia).toBe("KI0006");
    // Typed on purpose (the same house listed again), it is taken.
    const again = await createProperty(db, admin, propertyFormData({ tipo: "kitnet", referencia: "KI0001" }));
    expect(again.referencia).toBe("KI0001");
  });

  it("a blank referência on update keeps the current one", async () => {
    const created = await createProperty(db, admin, propertyFormData({ tipo: "flat" }));
    await updateProperty(
      db,
      admin,
      created.id,
      propertyFormData({ tipo: "flat", titulo: "Flat mobiliado na Pajuçara" }),
    );
    const { property } = await getPropertyForEdit(db, admin, created.id);
    expect([property.referencia, property.titulo]).toEqual([
      created.referencia,
      "Flat mobiliado na Pajuçara",
    ]);
  });
});

describe("create and update", () => {
  it("stores every form field, audits and bumps the data version", async () => {
    const before = await getDataVersion(db);
    const data = propertyFormData({
      finalidades: ["venda", "aluguel"],
      precoAluguel: "4.500",
      periodoAluguel: "mensal",
      quartos: "3",
      suites: "1",
      comodidades: ["piscina", "vista_mar"],
      cep: "57035-000",
      latitude: "-9.663",
      longitude: "-35.702",
      videoUrl: "https://www.youtube.com/watch?v=abc",
      corretorId: String(ana.id),
    });
    const { id } = await createProperty(db, admin, data);
    const { property } = await getPropertyForEdit(db, admin, id);
    expect(property).toMatchObject({
      ...data,
      referencia: expect.stringMatching(/^AP\d{4}$/),
      corretorId: ana.id,
    });
    expect(property.publishedAt).toBeNull();
    expect(await getDataVersion(db)).toBe(before + 1);

    await updateProperty(db, admin, id, { ...data, quartos: 4, corretorId: ana.id });
    expect((await getPropertyForEdit(db, admin, id)).property.quartos).toBe(4);
    expect(await getDataVersion(db)).toBe(before + 2);
    expect(await auditActions(id)).toEqual(["property-created", "property-updated"]);
    const [updated] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "property-updated"))
      .orderBy(auditLog.id);
    expect(updated?.userId).toBe(admin.id);
  });

  it("publishing from the form sets publishedAt", async () => {
    const { id } = await createProperty(db, admin, propertyFormData({ publicacao: "publicado" }));
    expect((await getPropertyForEdit(db, admin, id)).property.publishedAt).toBeInstanceOf(Date);
  });

  it("an admin assigns only active users", async () => {
    const inactive = await createActor(db, "corretor", { active: false });
    const error = await rejection(
      createProperty(db, admin, propertyFormData({ corretorId: String(inactive.id) })),
    );
    expect(error).toMatchObject({ field: "corretorId", message: "Escolha um corretor ativo da lista." });
    expect(
      await rejection(createProperty(db, admin, propertyFormData({ corretorId: "999999" }))),
    ).toBeInstanceOf(PropertyFieldError);
    const agents = await listAgents(db);
    expect(agents.map((a) => a.id)).toContain(ana.id);
    expect(agents.map((a) => a.id)).not.toContain(inactive.id);
    // A listing's current agent stays selectable after being deactivated.
    const kept = (await listAgents(db, inactive.id)).find((a) => a.id === inactive.id);
    expect(kept?.name).toMatch(/\(inativo\)$/);
  });
});

describe("a corretor's permissions", () => {
  it("creates listings only in their own name", async () => {
    const own = await createProperty(db, ana, propertyFormData());
    expect((await getPropertyForEdit(db, ana, own.id)).property.corretorId).toBe(ana.id);
    const forOther = await rejection(
      createProperty(db, ana, propertyFormData({ corretorId: String(bruno.id) })),
    );
    expect(forOther).toBeInstanceOf(PropertyAccessError);
    expect(forOther).toMatchObject({ status: 403 });
  });

  it("cannot read or change another agent's listing (403) nor a missing one (404)", async () => {
    const anas = await createProperty(db, ana, propertyFormData());
    const before = (await getPropertyForEdit(db, admin, anas.id)).property;
    // One at a time: a call started early could fail before anything awaits it.
    const attempts: (() => Promise<unknown>)[] = [
      () => getPropertyForEdit(db, bruno, anas.id),
      () => updateProperty(db, bruno, anas.id, propertyFormData({ titulo: "Tomado por outro corretor" })),
      () => setPublication(db, bruno, anas.id, "publicado"),
      () => setPublication(db, bruno, anas.id, "arquivado"),
      () => setDestaque(db, bruno, anas.id, true),
      () => setStatus(db, bruno, anas.id, "vendido"),
      () => duplicateProperty(db, bruno, anas.id),
      () => deleteProperty(db, storage, bruno, anas.id),
    ];
    for (const attempt of attempts) {
      expect(await rejection(attempt())).toMatchObject({ status: 403 });
    }
    expect((await getPropertyForEdit(db, admin, anas.id)).property).toEqual(before);
    expect(await rejection(getPropertyForEdit(db, bruno, 987654))).toMatchObject({ status: 404 });
    // Nor can they hand their own listing over to someone else.
    expect(
      await rejection(updateProperty(db, ana, anas.id, propertyFormData({ corretorId: String(bruno.id) }))),
    ).toMatchObject({
      status: 403,
    });
  });

  it("an admin manages everyone's listings", async () => {
    const anas = await createProperty(db, ana, propertyFormData());
    await setStatus(db, admin, anas.id, "reservado");
    await updateProperty(db, admin, anas.id, propertyFormData({ corretorId: String(bruno.id) }));
    expect((await getPropertyForEdit(db, bruno, anas.id)).property).toMatchObject({
      status: "disponivel",
      corretorId: bruno.id,
    });
    expect(await rejection(getPropertyForEdit(db, ana, anas.id))).toMatchObject({ status: 403 });
  });

  it("sees only their own listings in the table, whatever the URL says", async () => {
    const own = await createProperty(
      db,
      bruno,
      propertyFormData({ titulo: "Casa do Bruno em Jacarecica", tipo: "casa" }),
    );
    const list = await listForAdmin(
      db,
      storage,
      bruno,
      parseAdminListQuery(new URLSearchParams(`corretor=${ana.id}`)),
    );
    expect(list.rows.length).toBeGreaterThan(0);
    expect(list.rows.every((r) => r.corretorName === (list.rows[0]?.corretorName ?? ""))).toBe(true);
    expect(list.rows.map((r) => r.id)).toContain(own.id);
    const anasIds = (
      await db.select({ id: properties.id }).from(properties).where(eq(properties.corretorId, ana.id))
    ).map((r) => r.id);
    expect(list.rows.some((r) => anasIds.includes(r.id))).toBe(false);
  });
});

describe("publication, destaque and status", () => {
  it("publish sets publishedAt, unpublish and archive clear it; each is audited", async () => {
    const { id } = await createProperty(db, ana, propertyFormData());
    const version = await getDataVersion(db);
    const published = await setPublication(db, ana, id, "publicado");
    expect(published.publicacao).toBe("publicado");
    expect(published.publishedAt).toBeInstanceOf(Date);
    // Publishing again keeps the original date.
    expect((await setPublication(db, ana, id, "publicado")).publishedAt).toEqual(published.publishedAt);
    expect(await setPublication(db, ana, id, "rascunho")).toMatchObject({
      publicacao: "rascunho",
      publishedAt: null,
    });
    expect(await setDestaque(db, ana, id, true)).toMatchObject({ destaque: true });
    expect(await setStatus(db, ana, id, "vendido")).toMatchObject({ status: "vendido" });
    expect(await setPublication(db, ana, id, "arquivado")).toMatchObject({
      publicacao: "arquivado",
      publishedAt: null,
    });
    expect(await getDataVersion(db)).toBe(version + 6);
    expect(await auditActions(id)).toEqual([
      "property-created",
      "property-published",
      "property-published",
      "property-unpublished",
      "property-featured",
      "property-status-changed",
      "property-archived",
    ]);
  });
});

describe("duplicate and delete", () => {
  it("duplicates as a draft with a new referência and the same photos", async () => {
    const { id, referencia } = await createProperty(
      db,
      ana,
      propertyFormData({ titulo: "x".repeat(100), publicacao: "publicado", destaque: true }),
    );
    await addPhoto(db, storage, ana, id, await makeJpeg(400, 300, 1));
    const copy = await duplicateProperty(db, ana, id);
    expect(copy.referencia).not.toBe(referencia);
    expect(copy.referencia).toMatch(/^AP\d{4}$/);
    const { property } = await getPropertyForEdit(db, ana, copy.id);
    expect(property).toMatchObject({
      publicacao: "rascunho",
      publishedAt: null,
      destaque: false,
      corretorId: ana.id,
    });
    expect(property.titulo).toHaveLength(100);
    expect(property.titulo.endsWith(" (cópia)")).toBe(true);
    const photos = await db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, copy.id));
    expect(photos).toHaveLength(1);
    expect(photos[0]?.isCover).toBe(true);
  });

  it("deletes a listing and only the files no other photo uses", async () => {
    const { id } = await createProperty(db, admin, propertyFormData());
    await addPhoto(db, storage, admin, id, await makeJpeg(400, 300, 2));
    const shared = await addPhoto(db, storage, admin, id, await makeJpeg(400, 300, 3));
    const copy = await duplicateProperty(db, admin, id);
    const [sharedRow] = await db.select().from(propertyPhotos).where(eq(propertyPhotos.id, shared.id));
    const sharedKeys = sharedRow?.variants.map((v) => v.key) ?? [];
    // The copy loses one photo, so only the other one stays shared.
    const [copyOfFirst] = await db
      .select()
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, copy.id))
      .orderBy(propertyPhotos.position);
    await db.delete(propertyPhotos).where(eq(propertyPhotos.id, copyOfFirst?.id ?? 0));
    const firstKeys = copyOfFirst?.variants.map((v) => v.key) ?? [];

    const version = await getDataVersion(db);
    await deleteProperty(db, storage, admin, id);
    expect(await getDataVersion(db)).toBe(version + 1);
    expect(await rejection(getPropertyForEdit(db, admin, id))).toMatchObject({ status: 404 });
    expect(await db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, id))).toEqual([]);
    const left = await files();
    for (const key of firstKeys) expect(left).not.toContain(key);
    for (const key of sharedKeys) expect(left).toContain(key);

    await deleteProperty(db, storage, admin, copy.id);
    const after = await files();
    for (const key of sharedKeys) expect(after).not.toContain(key);
    expect(await auditActions(id)).toContain("property-deleted");
  });
});

describe("the admin table", () => {
  it("searches by referência, título (without accents) and bairro, filters, sorts and pages", async () => {
    const fresh = await createTestDatabase();
    try {
      const tdb = fresh.db;
      const boss = await createActor(tdb, "admin");
      const agent = await createActor(tdb, "corretor");
      const make = (overrides: Parameters<typeof propertyFormData>[0]) =>
        createProperty(tdb, boss, propertyFormData(overrides));
      await make({
        titulo: "Cobertura duplex em Jatiúca",
        tipo: "cobertura",
        bairro: "Jatiúca",
        precoVenda: "2000000",
      });
      await make({
        titulo: "Casa de praia no Francês",
        tipo: "casa",
        bairro: "Praia do Francês",
        precoVenda: "900000",
      });
      const rent = await make({
        titulo: "Apartamento para alugar no Farol",
        bairro: "Farol",
        finalidades: ["aluguel"],
        precoVenda: "",
        precoAluguel: "2500",
        periodoAluguel: "mensal",
        corretorId: String(agent.id),
      });
      for (let i = 0; i < 22; i++)
        await make({ titulo: `Apartamento número ${i} em Ponta Verde`, precoVenda: String(500000 + i) });
      await setPublication(tdb, boss, rent.id, "publicado");

      const list = (params: string) =>
        listForAdmin(tdb, storage, boss, parseAdminListQuery(new URLSearchParams(params)));

      expect((await list("q=CO0001")).rows.map((r) => r.titulo)).toEqual(["Cobertura duplex em Jatiúca"]);
      expect((await list("q=jatiuca")).rows.map((r) => r.referencia)).toEqual(["CO0001"]);
      expect((await list("q=francês")).rows.map((r) => r.referencia)).toEqual(["CA0001"]);
      expect((await list("q=100%")).total).toBe(0);
      expect((await list("tipo=casa")).total).toBe(1);
      expect((await list("publicacao=publicado")).rows.map((r) => r.id)).toEqual([rent.id]);
      expect((await list(`corretor=${agent.id}`)).rows.map((r) => r.id)).toEqual([rent.id]);
      const rentRow = (await list("q=Farol")).rows[0];
      expect(rentRow).toMatchObject({
        price: "R$ 2.500/mês",
        publicacaoLabel: "Publicado",
        statusLabel: "Disponível",
      });
      expect(rentRow?.corretorName).toMatch(/^Corretor/);

      const page1 = await list("");
      expect([page1.total, page1.pageCount, page1.page, page1.rows.length]).toEqual([25, 2, 1, 20]);
      expect((await list("pagina=2")).rows).toHaveLength(5);
      expect((await list("pagina=99")).page).toBe(2);

      const byPrice = await list("ordem=preco");
      expect(byPrice.rows[0]?.price).toBe("R$ 2.000.000");
      const cheapest = await list("ordem=preco&direcao=asc");
      expect(cheapest.rows[0]?.price).toBe("R$ 2.500/mês");
      const byRef = await list("ordem=referencia");
      expect(byRef.rows[0]?.referencia).toBe("AP0001");
      // Nonsense parameters fall back to defaults instead of failing.
      expect((await list("ordem=hack&pagina=-3&tipo=castelo")).total).toBe(25);
    } finally {
      await fresh.close();
    }
  });
});
