import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPhoto, insertProperty } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { properties, propertyRedirects, propertyViewsDaily } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { findAnyListing, getPublishedListing, recordView, similarListings } from "./listing.server";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe("getPublishedListing", () => {
  it("finds a published listing with its photos, the cover first", async () => {
    const db = database.db;
    const p = await insertProperty(db, { referencia: "AP0042" });
    await insertPhoto(db, p.id, 0, false);
    await insertPhoto(db, p.id, 1, false);
    await insertPhoto(db, p.id, 2, true);
    const found = await getPublishedListing(db, "AP0042");
    expect(found?.kind).toBe("found");
    if (found?.kind !== "found") return;
    expect(found.property.id).toBe(p.id);
    expect(found.photos.map((ph) => ph.position)).toEqual([2, 0, 1]);
    expect(found.photos.every((ph) => ph.propertyId === p.id && ph.createdAt instanceof Date)).toBe(true);
  });

  it("redirects another case to the canonical referência", async () => {
    expect(await getPublishedListing(database.db, "ap0042")).toEqual({
      kind: "redirect",
      referencia: "AP0042",
    });
    expect(await getPublishedListing(database.db, "Ap0042")).toEqual({
      kind: "redirect",
      referencia: "AP0042",
    });
  });

  it("redirects an old referência from property_redirects to the current one", async () => {
    const db = database.db;
    const p = await insertProperty(db, { referencia: "CA0107" });
    await db.insert(propertyRedirects).values({ oldReferencia: "AP0107", propertyId: p.id });
    expect(await getPublishedListing(db, "AP0107")).toEqual({ kind: "redirect", referencia: "CA0107" });
    expect(await getPublishedListing(db, "ap0107")).toEqual({ kind: "redirect", referencia: "CA0107" });
  });

  it("answers null for unknown, draft, archived and moved-to-unpublished listings", async () => {
    const db = database.db;
    const draft = await insertProperty(db, { referencia: "AP0500", publicacao: "rascunho" });
    await insertProperty(db, { referencia: "AP0501", publicacao: "arquivado" });
    await db.insert(propertyRedirects).values({ oldReferencia: "AP0499", propertyId: draft.id });
    expect(await getPublishedListing(db, "ZZ9999")).toBeNull();
    expect(await getPublishedListing(db, "AP0500")).toBeNull();
    expect(await getPublishedListing(db, "ap0500")).toBeNull();
    expect(await getPublishedListing(db, "AP0501")).toBeNull();
    expect(await getPublishedListing(db, "AP0499")).toBeNull();
    expect(await getPublishedListing(db, "")).toBeNull();
    expect(await getPublishedListing(db, "x".repeat(500))).toBeNull();
    expect((await findAnyListing(db, "ap0500"))?.id).toBe(draft.id);
  });

  it("still shows sold listings (the page explains they are sold)", async () => {
    await insertProperty(database.db, { referencia: "AP0600", status: "vendido" });
    expect((await getPublishedListing(database.db, "AP0600"))?.kind).toBe("found");
  });
});

describe("similarListings", () => {
  it("prefers the same tipo and cidade at the closest price, never itself, drafts or sold ones", async () => {
    const db = database.db;
    const city = { cidade: "Arapiraca", bairro: "Centro" };
    const base = await insertProperty(db, {
      referencia: "SM0001",
      tipo: "casa",
      precoVenda: 500_000,
      ...city,
    });
    await insertProperty(db, { referencia: "SM0002", tipo: "casa", precoVenda: 900_000, ...city });
    const withCover = await insertProperty(db, {
      referencia: "SM0003",
      tipo: "casa",
      precoVenda: 520_000,
      ...city,
    });
    await insertPhoto(db, withCover.id, 1, false);
    const cover = await insertPhoto(db, withCover.id, 0, true);
    await insertProperty(db, { referencia: "SM0004", tipo: "apartamento", precoVenda: 500_000, ...city });
    await insertProperty(db, { referencia: "SM0005", tipo: "casa", precoVenda: 500_000, cidade: "Penedo" });
    await insertProperty(db, {
      referencia: "SM0006",
      tipo: "casa",
      precoVenda: 501_000,
      publicacao: "rascunho",
      ...city,
    });
    await insertProperty(db, {
      referencia: "SM0007",
      tipo: "casa",
      precoVenda: 502_000,
      status: "vendido",
      ...city,
    });
    await insertProperty(db, {
      referencia: "SM0008",
      tipo: "terreno",
      precoVenda: 500_000,
      cidade: "Penedo",
    });
    const similar = await similarListings(db, base, 4);
    expect(similar.map((s) => s.property.referencia)).toEqual(["SM0003", "SM0002", "SM0005", "SM0004"]);
    // Each card gets its own listing's cover, or none.
    expect(similar[0]?.cover).toMatchObject({ propertyId: withCover.id, altText: cover.altText });
    expect(similar[0]?.cover?.variants).toEqual(cover.variants);
    expect(similar.slice(1).map((s) => s.cover)).toEqual([null, null, null]);
  });
});

describe("recordView", () => {
  it("counts the total and today's row with one statement", async () => {
    const db = database.db;
    const p = await insertProperty(db, { referencia: "VW0001" });
    await recordView(db, p.id);
    await recordView(db, p.id);
    await Promise.all([recordView(db, p.id), recordView(db, p.id)]);
    const [row] = await db.select().from(properties).where(eq(properties.id, p.id));
    expect(row?.views).toBe(4);
    const daily = await db.select().from(propertyViewsDaily).where(eq(propertyViewsDaily.propertyId, p.id));
    expect(daily).toHaveLength(1);
    expect(daily[0]?.views).toBe(4);
  });
});
