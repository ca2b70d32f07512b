// The limits of docs/domain.md that decide what goes into a feed file, on edge cases:
// the 50,000-listing VRSync file (capped here at a few listings), the 7 MB image, and the
// title/description lengths. Each feed is parsed back with a real XML parser.
//
// What the code does with each limit (see vrsyncListings and portalJpeg):
// - file cap: the first `max` listings go, those the portal accepts first, then destaques, then
//   the most recently updated; the rest are left out and reported on /admin/portais;
// - image over 7 MB: that image is left out (the listing still goes, with its other photos);
// - title < 10, description < 50, fewer than 5 photos: the listing is sent and flagged as an
//   erro (the portal refuses that listing alone); title > 100 and description > 3,000 are cut.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertAgency,
  insertProperty,
  insertUser,
  PORTAL_READY,
  PUBLIC_URL,
} from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { type PhotoVariant, properties, propertyPhotos } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import { getAgencySettings } from "../settings/settings.server";
import { chavesNaMaoFeedStream } from "./chavesnamao.server";
import type { FeedContext } from "./context.server";
import { listingBatches, portalEligible } from "./listing-source.server";
import { IMAGE_MAX_BYTES, portalJpeg } from "./mapping.server";
import { fixHref, portalReport } from "./portal-report.server";
import { vrsyncFeedStream } from "./vrsync.server";
import { streamToString } from "./xml-stream.server";
import { childText, descendants, parseXml } from "./xml-test-utils.server";

let database: Database;
let context: FeedContext;
let corretor: number;
const ids = new Map<string, number>();

const jpeg = (key: string, width: number, bytes: number): PhotoVariant => ({
  format: "jpeg",
  width,
  height: Math.round(width / 1.5),
  key,
  bytes,
});
const small = (key: string) => [jpeg(`${key}-640.jpg`, 640, 80_000), jpeg(`${key}-1920.jpg`, 1920, 600_000)];

async function withPhotos(propertyId: number, variants: PhotoVariant[][]) {
  await database.db.insert(propertyPhotos).values(
    variants.map((v, position) => ({
      propertyId,
      position,
      isCover: position === 0,
      width: 1920,
      height: 1280,
      placeholderColor: "#336699",
      hash: `h${propertyId}-${position}`,
      variants: v,
    })),
  );
}

const fivePhotos = (ref: string) => Array.from({ length: 5 }, (_, i) => small(`${ref.toLowerCase()}/${i}`));

/** A listing the portal accepts, updated at `updatedAt`. */
async function listing(
  referencia: string,
  updatedAt: string,
  overrides: Parameters<typeof insertProperty>[1] = {},
) {
  const row = await insertProperty(database.db, {
    ...PORTAL_READY,
    referencia,
    updatedAt: new Date(updatedAt),
    ...overrides,
  });
  ids.set(referencia, row.id);
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await insertAgency(db);
  corretor = (await insertUser(db, { name: "Carla" })).id;

  // Seven listings in the feeds; in priority order the accepted ones are
  // DE0001 (destaque, old), AP0002 (newest), AP0004 and AP0003 (same millisecond, microseconds
  // apart: the higher id first), AP0005 (oldest, the corretor's). The portal would refuse
  // RE0006 (a destaque) and RE0008.
  await withPhotos(
    (await listing("DE0001", "2026-01-01T10:00:00Z", { destaque: true })).id,
    fivePhotos("DE0001"),
  );
  await withPhotos((await listing("AP0002", "2026-03-01T10:00:00Z")).id, fivePhotos("AP0002"));
  await withPhotos((await listing("AP0003", "2026-02-01T10:00:00Z")).id, fivePhotos("AP0003"));
  await withPhotos((await listing("AP0004", "2026-02-01T10:00:00Z")).id, fivePhotos("AP0004"));
  await withPhotos(
    (await listing("AP0005", "2026-01-15T10:00:00Z", { corretorId: corretor })).id,
    fivePhotos("AP0005"),
  );
  // Refused by VRSync: a 9-character title and only 4 photos, one of them too heavy to send.
  await withPhotos(
    (await listing("RE0006", "2026-03-05T10:00:00Z", { destaque: true, titulo: "Casa mar." })).id,
    [...fivePhotos("RE0006").slice(0, 4), [jpeg("re0006/heavy-1920.jpg", 1920, IMAGE_MAX_BYTES + 1)]],
  );
  // Refused by VRSync too: no photos at all (Chaves na Mão takes it: photos are optional there).
  await listing("RE0008", "2026-03-08T10:00:00Z");
  // Microseconds a JS Date cannot hold: the keyset cursor must still not skip or repeat them.
  await db.execute(
    sql`update ${properties} set updated_at = '2026-02-01T10:00:00.123456Z' where referencia in ('AP0003', 'AP0004')`,
  );
  await db
    .update(properties)
    .set({ updatedAt: sql`'2026-02-01T10:00:00.123999Z'::timestamptz` })
    .where(eq(properties.referencia, "AP0004"));
  // Not eligible (draft): never counted against the cap.
  await listing("RA0007", "2026-03-09T10:00:00Z", { publicacao: "rascunho", destaque: true });

  context = {
    agency: await getAgencySettings(db),
    publicUrl: PUBLIC_URL,
    storage: new LocalDiskStorage("/tmp/nao-usado", "/media"),
    now: new Date("2026-03-10T12:00:00Z"),
  };
});

afterAll(async () => {
  await database?.close();
});

async function vrsyncIds(max?: number): Promise<string[]> {
  const root = parseXml(await streamToString(vrsyncFeedStream(database.db, context, max)));
  return descendants(root, "Listing").map((l) => childText(l, "ListingID") ?? "");
}

describe("priority order (keyset on destaque, updated_at, id)", () => {
  it("gives destaques first, then the most recently updated, across batches and sub-millisecond ties", async () => {
    const order: string[] = [];
    for await (const batch of listingBatches(database.db, portalEligible, {
      order: "priority",
      batchSize: 1,
    })) {
      order.push(...batch.map((item) => item.listing.referencia));
    }
    expect(order).toEqual(["RE0006", "DE0001", "RE0008", "AP0002", "AP0004", "AP0003", "AP0005"]);
  });
});

describe("the 50,000-listing VRSync file, capped", () => {
  it("sends every eligible listing, in id order, while under the cap", async () => {
    const all = ["DE0001", "AP0002", "AP0003", "AP0004", "AP0005", "RE0006", "RE0008"];
    expect(await vrsyncIds()).toEqual(all);
    expect(await vrsyncIds(7)).toEqual(all);
  });

  it("over the cap, fills the places with accepted listings by priority, the refused destaque last", async () => {
    expect(await vrsyncIds(3)).toEqual(["DE0001", "AP0002", "AP0004"]);
    expect(await vrsyncIds(5)).toEqual(["DE0001", "AP0002", "AP0004", "AP0003", "AP0005"]);
    // One place left after the accepted ones: the refused destaque takes it, not RE0008.
    expect(await vrsyncIds(6)).toEqual(["DE0001", "AP0002", "AP0004", "AP0003", "AP0005", "RE0006"]);
  });

  it("the cap does not touch the Chaves na Mão feed, which has no file limit (docs/domain.md)", async () => {
    const root = parseXml(await streamToString(chavesNaMaoFeedStream(database.db, context)));
    expect(descendants(root, "imovel")).toHaveLength(7);
  });

  it("reports on /admin/portais which listings the cap left out, with a link to mark a destaque", async () => {
    const report = await portalReport(database.db, { vrsyncMax: 3 });
    expect(report.inFeed).toBe(7);
    expect(report.cutFromVrsync).toBe(4);
    const cut = report.listings
      .filter((l) => l.problems.some((p) => p.code === "limite-arquivo"))
      .map((l) => l.referencia)
      .sort();
    expect(cut).toEqual(["AP0003", "AP0005", "RE0006", "RE0008"]);
    const problem = report.listings
      .find((l) => l.referencia === "AP0003")
      ?.problems.find((p) => p.code === "limite-arquivo");
    expect(problem).toMatchObject({ severity: "erro", portals: ["vrsync"], field: "destaque" });
    expect(problem?.message).toContain("no máximo 3 imóveis por arquivo");
    expect(fixHref(ids.get("AP0003")!, "destaque")).toBe(
      `/admin/imoveis/${ids.get("AP0003")}#imovel-destaque`,
    );

    // A corretor sees the cut of their own listing, worked out over the agency's whole file.
    const own = await portalReport(database.db, { corretorId: corretor, vrsyncMax: 3 });
    expect(own.cutFromVrsync).toBe(1);
    expect(own.listings.map((l) => [l.referencia, l.problems.map((p) => p.code)])).toEqual([
      ["AP0005", ["limite-arquivo"]],
    ]);

    // Under the cap nothing is cut and nothing is said about it.
    const full = await portalReport(database.db);
    expect(full.cutFromVrsync).toBe(0);
    expect(full.listings.flatMap((l) => l.problems).some((p) => p.code === "limite-arquivo")).toBe(false);
  });
});

describe("images over 7 MB", () => {
  it("picks the largest JPEG up to 1920 px within 7 MB, a smaller one if needed, none if all are too heavy", () => {
    const exact = jpeg("a-1920.jpg", 1920, IMAGE_MAX_BYTES);
    const heavy = jpeg("b-1920.jpg", 1920, IMAGE_MAX_BYTES + 1);
    const light = jpeg("b-640.jpg", 640, 90_000);
    expect(portalJpeg([exact])).toBe(exact);
    expect(portalJpeg([light, heavy])).toBe(light);
    expect(portalJpeg([heavy])).toBeNull();
  });

  it("leaves a too-heavy image out of both feeds and counts only the images sent", async () => {
    const vr = parseXml(await streamToString(vrsyncFeedStream(database.db, context)));
    const re = descendants(vr, "Listing").find((l) => childText(l, "ListingID") === "RE0006")!;
    const images = descendants(re, "Item").filter((i) => i.getAttribute("medium") === "image");
    expect(images).toHaveLength(4);
    expect(images.some((i) => i.textContent?.includes("heavy"))).toBe(false);

    const cnm = parseXml(await streamToString(chavesNaMaoFeedStream(database.db, context)));
    const imovel = descendants(cnm, "imovel").find((i) => childText(i, "referencia") === "RE0006")!;
    expect(descendants(imovel, "foto")).toHaveLength(4);

    const report = await portalReport(database.db);
    const entry = report.listings.find((l) => l.referencia === "RE0006")!;
    expect(entry.photoCount).toBe(4);
    expect(entry.problems.map((p) => p.code)).toEqual(
      expect.arrayContaining(["titulo-curto", "poucas-fotos"]),
    );
  });
});

describe("title and description lengths at the edges", () => {
  it("sends titles of 10 and 100 characters whole, cuts 101, and sends a 9-character one flagged", async () => {
    const db = database.db;
    const ten = "Casa praia";
    const hundred = `Apartamento ${"a".repeat(88)}`;
    const longer = `${hundred}b`;
    expect([ten.length, hundred.length, longer.length]).toEqual([10, 100, 101]);
    await db.update(properties).set({ titulo: ten }).where(eq(properties.referencia, "AP0002"));
    await db.update(properties).set({ titulo: hundred }).where(eq(properties.referencia, "AP0003"));
    await db.update(properties).set({ titulo: longer }).where(eq(properties.referencia, "AP0004"));
    const root = parseXml(await streamToString(vrsyncFeedStream(database.db, context)));
    const title = (ref: string) =>
      childText(descendants(root, "Listing").find((l) => childText(l, "ListingID") === ref)!, "Title");
    expect(title("AP0002")).toBe(ten);
    expect(title("AP0003")).toBe(hundred);
    expect(title("AP0004")!.length).toBeLessThanOrEqual(100);
    expect(title("AP0004")).toMatch(/…$/);
    expect(title("RE0006")).toBe("Casa mar.");

    const report = await portalReport(database.db);
    const codesOf = (ref: string) =>
      report.listings.find((l) => l.referencia === ref)?.problems.map((p) => p.code) ?? [];
    expect(codesOf("AP0002")).not.toContain("titulo-curto");
    expect(codesOf("AP0003")).not.toContain("titulo-longo");
    expect(codesOf("AP0004")).toContain("titulo-longo");
    expect(codesOf("RE0006")).toContain("titulo-curto");
  });

  it("sends descriptions of 50 and 3,000 characters whole, cuts 3,001 in both feeds, sends 49 flagged", async () => {
    const db = database.db;
    const text = (n: number) => `Descrição ${"x".repeat(n - 10)}`;
    const cases = { AP0002: 49, AP0003: 50, AP0004: 3000, AP0005: 3001 } as const;
    for (const [ref, n] of Object.entries(cases)) {
      await db
        .update(properties)
        .set({ descricao: text(n) })
        .where(eq(properties.referencia, ref));
    }
    const vr = parseXml(await streamToString(vrsyncFeedStream(database.db, context)));
    const description = (ref: string) =>
      descendants(vr, "Listing")
        .find((l) => childText(l, "ListingID") === ref)!
        .getElementsByTagName("Description")[0]?.textContent ?? "";
    expect(description("AP0002")).toBe(text(49));
    expect(description("AP0003")).toBe(text(50));
    expect(description("AP0004")).toBe(text(3000));
    expect(description("AP0005").length).toBeLessThanOrEqual(3000);
    expect(description("AP0005")).toMatch(/…$/);

    const cnm = parseXml(await streamToString(chavesNaMaoFeedStream(database.db, context)));
    const descritivo = (ref: string) =>
      childText(descendants(cnm, "imovel").find((i) => childText(i, "referencia") === ref)!, "descritivo") ??
      "";
    expect(descritivo("AP0004")).toBe(text(3000));
    expect(descritivo("AP0005").length).toBeLessThanOrEqual(3000);

    const report = await portalReport(database.db);
    const codesOf = (ref: string) =>
      report.listings.find((l) => l.referencia === ref)?.problems.map((p) => p.code) ?? [];
    expect(codesOf("AP0002")).toContain("descricao-curta");
    expect(codesOf("AP0003")).not.toContain("descricao-curta");
    expect(codesOf("AP0004")).not.toContain("descricao-longa");
    expect(codesOf("AP0005")).toContain("descricao-longa");
  });
});
