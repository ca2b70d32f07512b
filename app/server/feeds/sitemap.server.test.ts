import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createActor,
  insertAgency,
  insertPhotos,
  insertProperty,
  PORTAL_READY,
  PUBLIC_URL,
  rentalTermsInput,
} from "../../../tests/support/factories";
import { samplePhoto, tempStorage } from "../../../tests/support/photos";
import type { Database } from "../db/client.server";
import { properties } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import type { LocalDiskStorage } from "../media/storage.server";
import { recordBooking, saveRentalTerms } from "../rentals/rentals.server";
import {
  IMAGE_NAMESPACE,
  LISTINGS_PER_SITEMAP,
  parseSitemapFile,
  robotsTxt,
  SITEMAP_NAMESPACE,
  sitemapPartStream,
  sitemapStream,
} from "./sitemap.server";
import { streamToString } from "./xml-stream.server";
import { childElements, childText, descendants, parseXml } from "./xml-test-utils.server";

let database: Database;
let storage: LocalDiskStorage;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ storage, cleanup } = await tempStorage());
  const db = database.db;
  await insertAgency(db);
  const photo = await samplePhoto(storage, 90);
  const ap = await insertProperty(db, {
    ...PORTAL_READY,
    referencia: "AP0001",
    updatedAt: new Date("2026-02-01T10:00:00Z"),
  });
  await insertPhotos(db, ap.id, [photo], 3);
  await insertProperty(db, {
    ...PORTAL_READY,
    referencia: "CA0002",
    tipo: "casa",
    cidade: "Marechal Deodoro",
    bairro: "Praia do Francês",
  });
  // Sold but still published: its page exists, so it stays in the sitemap (not as a city page).
  await insertProperty(db, {
    ...PORTAL_READY,
    referencia: "CA0003",
    tipo: "casa",
    status: "vendido",
    cidade: "Penedo",
    bairro: "Centro",
  });
  await insertProperty(db, { ...PORTAL_READY, referencia: "AP0004", publicacao: "rascunho" });
  await insertProperty(db, {
    ...PORTAL_READY,
    referencia: "AP0005",
    publicacao: "arquivado",
    cidade: "Arapiraca",
  });
});

afterAll(async () => {
  await database?.close();
  await cleanup?.();
});

async function sitemap(): Promise<Element> {
  return parseXml(await streamToString(await sitemapStream(database.db, { publicUrl: PUBLIC_URL, storage })));
}

describe("/sitemap.xml", () => {
  it("is a urlset in the sitemap namespace with every published listing and no others", async () => {
    const root = await sitemap();
    expect(root.localName).toBe("urlset");
    expect(root.namespaceURI).toBe(SITEMAP_NAMESPACE);
    const locs = descendants(root, "loc").map((l) => l.textContent ?? "");
    const listings = locs.filter((l) => l.includes("/casas/"));
    expect([...listings].sort()).toEqual(
      ["AP0001", "CA0002", "CA0003"].map((ref) => `${PUBLIC_URL}/casas/${ref}`),
    );
    expect(locs.some((l) => l.includes("AP0004") || l.includes("AP0005"))).toBe(false);
  });

  it("lists the public pages and a page per city with listings on offer", async () => {
    const locs = descendants(await sitemap(), "loc").map((l) => l.textContent ?? "");
    for (const path of [
      "/",
      "/todos-os-imoveis",
      "/casas",
      "/sobre-nos",
      "/anuncie-seu-imovel",
      "/politica-de-privacidade",
    ]) {
      expect(locs).toContain(`${PUBLIC_URL}${path}`);
    }
    expect(locs).toContain(`${PUBLIC_URL}/todos-os-imoveis?cidade=Macei%C3%B3`);
    expect(locs).toContain(`${PUBLIC_URL}/todos-os-imoveis?cidade=Marechal+Deodoro`);
    expect(locs.some((l) => l.includes("cidade=Penedo"))).toBe(false);
    expect(locs.some((l) => l.includes("cidade=Arapiraca"))).toBe(false);
  });

  it("keeps its size when temporada listings get rates and bookings: dates never make URLs (decision 040)", async () => {
    const property = await insertProperty(database.db, {
      referencia: "CA0070",
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: 600,
      periodoAluguel: "diaria",
    });
    const before = descendants(await sitemap(), "loc").map((l) => l.textContent ?? "");
    const admin = await createActor(database.db, "admin");
    await saveRentalTerms(
      database.db,
      admin,
      property.id,
      rentalTermsInput({ defaultRate: 800, cleaningFee: 0, securityDeposit: 0, maxGuests: 6, seasons: [] }),
    );
    await recordBooking(database.db, admin, property.id, {
      checkIn: "2030-12-27",
      checkOut: "2031-01-03",
      guests: 4,
      guestName: "Hóspede",
      guestEmail: null,
      total: 5600,
    });
    const after = descendants(await sitemap(), "loc").map((l) => l.textContent ?? "");
    expect(after).toEqual(before);
    expect(after.filter((l) => /chegada|saida|hospedes|estadia/.test(l))).toEqual([]);
    await database.db.delete(properties).where(eq(properties.id, property.id));
  });

  it("gives each listing its lastmod and its photos as absolute JPEG image entries", async () => {
    const root = await sitemap();
    const url = childElements(root, "url").find((u) => childText(u, "loc") === `${PUBLIC_URL}/casas/AP0001`)!;
    expect(childText(url, "lastmod")).toBe("2026-02-01T10:00:00Z");
    const images = childElements(url, "image");
    expect(images).toHaveLength(3);
    for (const image of images) {
      expect(image.namespaceURI).toBe(IMAGE_NAMESPACE);
      const loc = childElements(image, "loc")[0]!;
      expect(loc.namespaceURI).toBe(IMAGE_NAMESPACE);
      expect(loc.textContent).toMatch(/^https:\/\/www\.imoveis-teste\.com\.br\/media\/.+\.jpg$/);
    }
    const casa = childElements(root, "url").find(
      (u) => childText(u, "loc") === `${PUBLIC_URL}/casas/CA0002`,
    )!;
    expect(childElements(casa, "image")).toHaveLength(0);
  });

  it("names its parts for the index form and refuses unknown ones", async () => {
    expect(parseSitemapFile("paginas.xml")).toEqual({ kind: "paginas" });
    expect(parseSitemapFile("imoveis-2.xml")).toEqual({ kind: "imoveis", page: 2 });
    expect(parseSitemapFile("imoveis-0.xml")).toBeNull();
    expect(parseSitemapFile("../etc.xml")).toBeNull();
    const context = { publicUrl: PUBLIC_URL, storage };
    const pages = parseXml(
      await streamToString((await sitemapPartStream(database.db, context, { kind: "paginas" }))!),
    );
    expect(descendants(pages, "loc").some((l) => l.textContent?.includes("/casas/"))).toBe(false);
    const first = parseXml(
      await streamToString((await sitemapPartStream(database.db, context, { kind: "imoveis", page: 1 }))!),
    );
    expect(descendants(first, "loc").filter((l) => l.textContent?.includes("/casas/"))).toHaveLength(3);
    expect(await sitemapPartStream(database.db, context, { kind: "imoveis", page: 2 })).toBeNull();
    expect(LISTINGS_PER_SITEMAP).toBeLessThanOrEqual(50_000);
  });
});

describe("/robots.txt", () => {
  it("keeps crawlers out of the admin, sign-in and API, and names the sitemap by its absolute URL", () => {
    const text = robotsTxt(PUBLIC_URL);
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/admin", "/login", "/api"]) expect(lines).toContain(`Disallow: ${path}`);
    // A listing's financing simulations, not the listing (decision 033).
    expect(lines).toContain("Disallow: /*?*simular=");
    // A listing's quote and a search's stay (decisions 037 and 040).
    for (const stay of ["estadia", "chegada", "saida", "hospedes"])
      expect(lines).toContain(`Disallow: /*?*${stay}=`);
    for (const map of ["mapa", "regiao", "centro"]) expect(lines).toContain(`Disallow: /*?*${map}=`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    // Social images must stay fetchable: Twitterbot obeys robots.txt for card images.
    expect(text).not.toMatch(/Disallow: \/og/);
    expect(text).not.toMatch(/Disallow: \/casas/);
    expect(text).not.toMatch(/Disallow: \/media/);
    // Portal robots (VivaReal, ZAP, OLX, Chaves na Mão) fetch the feeds; noindex keeps them out of search.
    expect(text).not.toMatch(/Disallow: \/feeds/);
  });
});
