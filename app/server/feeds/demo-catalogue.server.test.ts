// Every rule of docs/domain.md checked on every listing of the demo catalogue (the same
// 64 listings the site seeds on first start; photos stand in as variant rows, no rendering).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgency, PUBLIC_URL } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { type PhotoVariant, properties, propertyPhotos } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { generateListings } from "../demo/catalogue.server";
import { LocalDiskStorage } from "../media/storage.server";
import { getAgencySettings } from "../settings/settings.server";
import { chavesNaMaoFeedStream } from "./chavesnamao.server";
import type { FeedContext } from "./context.server";
import { VRSYNC_FEATURES } from "./mapping.server";
import { portalReport } from "./portal-report.server";
import { VRSYNC_NAMESPACE, vrsyncFeedStream } from "./vrsync.server";
import { streamToString } from "./xml-stream.server";
import { child, childElements, childText, descendants, parseXml } from "./xml-test-utils.server";

const PROPERTY_TYPES = new Set([
  ...[
    "Apartment",
    "Home",
    "Condo",
    "Penthouse",
    "Flat",
    "Kitnet",
    "Studio",
    "Loft",
    "Land Lot",
    "Farm Ranch",
    "Sobrado",
    "Village House",
    "Agricultural",
  ].map((t) => `Residential / ${t}`),
  ...[
    "Office",
    "Business",
    "Building",
    "Industrial",
    "Land Lot",
    "Garage",
    "Hotel",
    "Consultorio",
    "Corporate Floor",
    "Edificio Comercial",
  ].map((t) => `Commercial / ${t}`),
]);

type Row = typeof properties.$inferSelect;

let database: Database;
let rows: Map<string, Row>;
let photoCounts: Map<number, number>;
let vrsync: Element;
let chaves: Element;

const variants = (hash: string): PhotoVariant[] =>
  [640, 1280, 1920].flatMap((width) =>
    (["webp", "jpeg"] as const).map((format) => ({
      format,
      width,
      height: Math.round((width * 2) / 3),
      key: `${hash.slice(0, 2)}/${hash}-${width}.${format === "jpeg" ? "jpg" : format}`,
      bytes: width * 40,
    })),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await insertAgency(db);
  const demo = generateListings(64, 42, { now: new Date("2026-03-01T12:00:00Z") });
  for (const { sceneKinds, altTexts, ...listing } of demo) {
    const [row] = await db.insert(properties).values(listing).returning({ id: properties.id });
    await db.insert(propertyPhotos).values(
      sceneKinds.map((kind, position) => ({
        propertyId: row!.id,
        position,
        isCover: position === 0,
        altText: altTexts[position] ?? "",
        width: 1920,
        height: 1280,
        placeholderColor: "#888888",
        hash: `${kind}${row!.id}p${position}`.padEnd(12, "0"),
        variants: variants(`${kind}${row!.id}p${position}`.padEnd(12, "0")),
      })),
    );
  }
  const all = await db.select().from(properties);
  rows = new Map(all.map((r) => [r.referencia, r]));
  const photos = await db.select({ propertyId: propertyPhotos.propertyId }).from(propertyPhotos);
  photoCounts = new Map();
  for (const p of photos) photoCounts.set(p.propertyId, (photoCounts.get(p.propertyId) ?? 0) + 1);
  const context: FeedContext = {
    agency: await getAgencySettings(db),
    publicUrl: PUBLIC_URL,
    storage: new LocalDiskStorage("/tmp/nao-usado", "/media"),
    now: new Date("2026-03-01T12:00:00Z"),
  };
  vrsync = parseXml(await streamToString(vrsyncFeedStream(db, context)));
  chaves = parseXml(await streamToString(chavesNaMaoFeedStream(db, context)));
});

afterAll(async () => {
  await database?.close();
});

const eligible = () =>
  [...rows.values()].filter(
    (r) => r.publicacao === "publicado" && r.status === "disponivel" && r.publicarPortais,
  );

describe("the demo catalogue in the VRSync feed", () => {
  it("carries exactly the eligible listings, each ListingID unique and 1–50 characters", () => {
    expect(vrsync.namespaceURI).toBe(VRSYNC_NAMESPACE);
    const ids = descendants(vrsync, "ListingID").map((e) => e.textContent ?? "");
    expect(eligible().length).toBeGreaterThan(20);
    expect([...ids].sort()).toEqual(
      eligible()
        .map((r) => r.referencia)
        .sort(),
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.length).toBeGreaterThanOrEqual(1);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(50);
  });

  it("follows every listing rule", () => {
    const closed = new Set<string>(VRSYNC_FEATURES);
    for (const listing of descendants(vrsync, "Listing")) {
      const ref = childText(listing, "ListingID")!;
      const row = rows.get(ref)!;
      const at = (rule: string) => `${ref}: ${rule}`;
      const title = childText(listing, "Title")!;
      expect(title.length, at("Title 10–100")).toBeGreaterThanOrEqual(10);
      expect(title.length, at("Title 10–100")).toBeLessThanOrEqual(100);
      expect(title, at("Title sem HTML")).not.toMatch(/<[^>]+>/);

      const sale = row.finalidades.includes("venda");
      const rent = row.finalidades.includes("aluguel") || row.finalidades.includes("temporada");
      const transaction = childText(listing, "TransactionType");
      expect(transaction, at("TransactionType")).toBe(
        sale && rent ? "Sale/Rent" : sale ? "For Sale" : "For Rent",
      );
      expect(childText(listing, "DetailViewUrl")).toBe(`${PUBLIC_URL}/casas/${ref}`);

      const details = child(listing, "Details")!;
      expect(["Residential", "Commercial", "Residential / Commercial"]).toContain(
        childText(details, "UsageType"),
      );
      expect(PROPERTY_TYPES.has(childText(details, "PropertyType") ?? ""), at("PropertyType")).toBe(true);
      const description = childText(details, "Description") ?? "";
      expect(description.length, at("Description 50–3000")).toBeGreaterThanOrEqual(50);
      expect(description.length, at("Description 50–3000")).toBeLessThanOrEqual(3000);
      for (const name of ["ListPrice", "RentalPrice", "PropertyAdministrationFee", "Iptu"]) {
        const price = child(details, name);
        if (!price) continue;
        expect(price.textContent, at(`${name} inteiro`)).toMatch(/^\d+$/);
        expect(price.getAttribute("currency")).toBe("BRL");
      }
      if (!row.precoSobConsulta) {
        if (sale) expect(child(details, "ListPrice"), at("ListPrice")).toBeDefined();
        if (rent) expect(child(details, "RentalPrice"), at("RentalPrice")).toBeDefined();
      }
      const rental = child(details, "RentalPrice");
      if (rental) {
        const period = rental.getAttribute("period");
        if (row.finalidades.includes("temporada")) expect(["Daily", "Weekly"]).toContain(period);
        else expect(period, at("aluguel mensal")).toBe("Monthly");
      }
      const iptu = child(details, "Iptu");
      if (iptu) expect(["Yearly", "Monthly"]).toContain(iptu.getAttribute("period"));
      for (const area of ["LivingArea", "LotArea"]) {
        const el = child(details, area);
        if (el) expect(el.getAttribute("unit")).toBe("square metres");
      }
      for (const feature of descendants(details, "Feature")) {
        expect(closed.has(feature.textContent ?? ""), at(`Feature ${feature.textContent}`)).toBe(true);
      }

      const location = child(listing, "Location")!;
      const display = { completo: "All", rua: "Street", bairro: "Neighborhood" }[row.visibilidadeEndereco];
      expect(location.getAttribute("displayAddress"), at("displayAddress")).toBe(display);
      expect(child(location, "Country")!.getAttribute("abbreviation")).toBe("BR");
      expect(child(location, "State")!.getAttribute("abbreviation")).toBe("AL");
      expect(childText(location, "City")).toBe(row.cidade);
      expect(childText(location, "Neighborhood")).toBe(row.bairro);
      if (row.visibilidadeEndereco === "bairro")
        expect(child(location, "Address"), at("endereço oculto")).toBeUndefined();
      if (row.visibilidadeEndereco !== "completo") {
        expect(child(location, "StreetNumber"), at("número oculto")).toBeUndefined();
        expect(child(location, "Latitude"), at("posição oculta")).toBeUndefined();
      }
      const cep = childText(location, "PostalCode");
      if (cep) expect(cep).toMatch(/^\d{5}-\d{3}$/);

      const items = descendants(listing, "Item");
      const images = items.filter((i) => i.getAttribute("medium") === "image");
      const photos = photoCounts.get(row.id) ?? 0;
      expect(images.length, at("todas as fotos")).toBe(Math.min(photos, 50));
      if (photos >= 5) expect(images.length, at("≥ 5 imagens")).toBeGreaterThanOrEqual(5);
      if (images.length) {
        expect(images[0]!.getAttribute("primary"), at("capa primária")).toBe("true");
        expect(images.filter((i) => i.getAttribute("primary") === "true")).toHaveLength(1);
      }
      for (const image of images) expect(image.textContent).toMatch(/^https:\/\/[^ ]+\.jpg$/);
      const videos = items.filter((i) => i.getAttribute("medium") === "video");
      expect(videos.length).toBeLessThanOrEqual(1);
      for (const video of videos)
        expect(video.textContent).toMatch(/^https?:\/\/(www\.|m\.)?(youtube\.com|youtu\.be)\//);
      const tour = childText(listing, "VirtualTourLink");
      if (tour) expect(tour).toMatch(/^https:\/\//);

      const contact = child(listing, "ContactInfo")!;
      expect(childText(contact, "Name")).toBeTruthy();
      expect(childText(contact, "Email")).toBeTruthy();
    }
  });
});

describe("the demo catalogue in the Chaves na Mão feed", () => {
  it("carries the eligible listings with every required field in the portal's format", () => {
    const imoveis = childElements(child(chaves, "imoveis")!, "imovel");
    expect(imoveis.map((i) => childText(i, "referencia")).sort()).toEqual(
      eligible()
        .map((r) => r.referencia)
        .sort(),
    );
    for (const imovel of imoveis) {
      const ref = childText(imovel, "referencia")!;
      const row = rows.get(ref)!;
      for (const field of [
        "transacao",
        "finalidade",
        "destaque",
        "tipo",
        "valor",
        "estado",
        "cidade",
        "bairro",
      ]) {
        expect(childText(imovel, field), `${ref}: ${field}`).toBeTruthy();
      }
      expect(childText(imovel, "transacao")).toBe(row.finalidades.includes("venda") ? "V" : "L");
      expect(["RE", "CO"]).toContain(childText(imovel, "finalidade"));
      expect(["0", "1"]).toContain(childText(imovel, "destaque"));
      expect(childText(imovel, "valor")).toMatch(/^\d+\.\d{2}$/);
      for (const name of ["valor_locacao", "valor_iptu", "valor_condominio"]) {
        const value = childText(imovel, name);
        if (value !== undefined) expect(value).toMatch(/^\d+\.\d{2}$/);
      }
      const descritivo = childText(imovel, "descritivo") ?? "";
      expect(descritivo.length).toBeGreaterThan(0);
      expect(descritivo.length).toBeLessThanOrEqual(3000);
      const fotos = descendants(imovel, "foto");
      expect(fotos.length).toBeLessThanOrEqual(30);
      for (const foto of fotos) expect(childText(foto, "url")).toMatch(/^https:\/\/[^ ]+\.jpg$/);
      expect(childText(imovel, "esconder_endereco_imovel")).toBe(
        row.visibilidadeEndereco === "bairro" ? "1" : "0",
      );
    }
  });
});

describe("the demo catalogue in /admin/portais", () => {
  it("checks every listing marked for the portals", async () => {
    const report = await portalReport(database.db);
    const marked = [...rows.values()].filter((r) => r.publicarPortais);
    expect(report.inFeed).toBe(eligible().length);
    expect(report.outOfFeed).toBe(marked.length - eligible().length);
    expect(report.withErrors).toBeLessThanOrEqual(report.inFeed);
  });
});
