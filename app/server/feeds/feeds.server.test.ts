// The portal feeds on a real database and a real disk storage, parsed back and checked against
// every rule of docs/domain.md.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertAgency,
  insertPhotos,
  insertProperty,
  PORTAL_READY,
  PUBLIC_URL,
} from "../../../tests/support/factories";
import { samplePhoto, tempStorage } from "../../../tests/support/photos";
import { loadConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { agencySettings } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import type { ProcessedImage } from "../media/pipeline.server";
import type { LocalDiskStorage } from "../media/storage.server";
import { getAgencySettings } from "../settings/settings.server";
import { checkFeedAccess, feedUrl, tokenMatches } from "./access.server";
import { chavesNaMaoFeedStream } from "./chavesnamao.server";
import type { FeedContext } from "./context.server";
import { listingBatches, portalEligible } from "./listing-source.server";
import { VRSYNC_FEATURES } from "./mapping.server";
import { feedResponse } from "./response.server";
import { VRSYNC_NAMESPACE, vrsyncFeedStream } from "./vrsync.server";
import { streamToString } from "./xml-stream.server";
import { child, childElements, childText, descendants, parseXml } from "./xml-test-utils.server";

let database: Database;
let storage: LocalDiskStorage;
let cleanup: () => Promise<void>;
let photos: ProcessedImage[];
let context: FeedContext;
const NOW = new Date("2026-03-01T12:00:00.000Z");

/** Listings by referência: in the feeds or not, and why. */
const ELIGIBLE = ["AP0001", "CA0002", "AP0003", "TE0004", "SA0008", "CO0009"];
const EXCLUDED = ["AP0005", "CA0006", "AP0007", "AP0010"];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ storage, cleanup } = await tempStorage());
  photos = [await samplePhoto(storage, 200), await samplePhoto(storage, 30)];
  const db = database.db;
  await insertAgency(db);

  // Sale, full address, every extra: 6 photos, amenities (one with no VRSync value), video, tour.
  const ap1 = await insertProperty(db, {
    ...PORTAL_READY,
    referencia: "AP0001",
    titulo: "Apartamento 3 quartos com vista mar na Ponta Verde",
    destaque: true,
    comodidades: ["piscina", "academia", "portaria_24h", "vista_mar", "pe_na_areia", "varanda_gourmet"],
    mobiliado: true,
    aceitaPet: true,
    condominio: 1200,
    iptu: 300,
    iptuPeriodo: "mensal",
    andar: 8,
    anoConstrucao: 2015,
    complemento: "Apto 801",
    videoUrl: "https://www.youtube.com/watch?v=abc123",
    tourUrl: "https://my.matterport.com/show/?m=xyz",
  });
  await insertPhotos(db, ap1.id, photos, 6);

  // Temporada per day, only the bairro shown.
  const ca2 = await insertProperty(db, {
    ...PORTAL_READY,
    referencia: "CA0002",
    tipo: "casa",
    titulo: "Casa pé na areia em São Miguel dos Milagres",
    finalidades: ["temporada"],
    precoVenda: null,
    precoAluguel: 1200,
    periodoAluguel: "diaria",
    bairro: "Praia do Toque",
    cidade: "São Miguel dos Milagres",
    visibilidadeEndereco: "bairro",
    cep: "57940000",
    videoUrl: "https://vimeo.com/123",
    tourUrl: "http://tour.exemplo.com/casa",
  });
  await insertPhotos(db, ca2.id, photos, 5);

  // Sale and monthly rent, street only, too many photos for Chaves na Mão.
  const ap3 = await insertProperty(db, {
    ...PORTAL_READY,
    referencia: "AP0003",
    titulo: "Apartamento na Jatiúca para venda ou aluguel",
    finalidades: ["venda", "aluguel"],
    precoVenda: 600_000,
    precoAluguel: 3500,
    periodoAluguel: "mensal",
    bairro: "Jatiúca",
    visibilidadeEndereco: "rua",
    complemento: "Bloco B",
    mobiliado: false,
    aceitaPet: false,
  });
  await insertPhotos(db, ap3.id, photos, 35);

  // Land, no photos, price hidden.
  await insertProperty(db, {
    ...PORTAL_READY,
    referencia: "TE0004",
    tipo: "terreno",
    titulo: "Terreno plano em condomínio na Barra de São Miguel",
    precoSobConsulta: true,
    quartos: 0,
    suites: 0,
    banheiros: 0,
    vagas: 0,
    areaUtil: null,
    areaTotal: 450,
    cidade: "Barra de São Miguel",
    bairro: "Centro",
  });

  // Not for the portals, sold, draft: never in a feed.
  await insertPhotos(
    db,
    (await insertProperty(db, { ...PORTAL_READY, referencia: "AP0005", publicarPortais: false })).id,
    photos,
    5,
  );
  await insertPhotos(
    db,
    (await insertProperty(db, { ...PORTAL_READY, referencia: "CA0006", tipo: "casa", status: "vendido" })).id,
    photos,
    5,
  );
  await insertProperty(db, { ...PORTAL_READY, referencia: "AP0007", publicacao: "rascunho" });
  await insertProperty(db, { ...PORTAL_READY, referencia: "AP0010", status: "reservado" });

  // Commercial rent with a short title and description (the portal would refuse it).
  await insertProperty(db, {
    ...PORTAL_READY,
    referencia: "SA0008",
    tipo: "sala_comercial",
    titulo: "Sala",
    descricao: "Sala no Centro.",
    finalidades: ["aluguel"],
    precoVenda: null,
    precoAluguel: 1800,
    periodoAluguel: "mensal",
    quartos: 0,
    cep: null,
  });

  // Text that must be escaped, control characters, a title and description past the limits.
  const co9 = await insertProperty(db, {
    ...PORTAL_READY,
    referencia: "CO0009",
    tipo: "cobertura",
    titulo: `Cobertura <b>duplex</b> & "vista" ${"muito bonita ".repeat(10)}`,
    descricao: `Linda cobertura </Description></Details> ]]> & <script>alert(1)</script>\u0001\u0008 ${"texto ".repeat(700)}`,
  });
  await insertPhotos(db, co9.id, photos, 5);

  context = { agency: await getAgencySettings(db), publicUrl: PUBLIC_URL, storage, now: NOW };
});

afterAll(async () => {
  await database?.close();
  await cleanup?.();
});

async function vrsync(): Promise<Element> {
  return parseXml(await streamToString(vrsyncFeedStream(database.db, context)));
}

async function chavesNaMao(): Promise<Element> {
  return parseXml(await streamToString(chavesNaMaoFeedStream(database.db, context)));
}

function byId(root: Element, idTag: string, listingTag: string): Map<string, Element> {
  return new Map(descendants(root, listingTag).map((l) => [childText(l, idTag) ?? "", l]));
}

describe("VRSync feed", () => {
  it("has the ListingDataFeed root in the VRSync namespace and a complete header", async () => {
    const root = await vrsync();
    expect(root.localName).toBe("ListingDataFeed");
    expect(root.namespaceURI).toBe(VRSYNC_NAMESPACE);
    const header = child(root, "Header")!;
    expect(childText(header, "Provider")).toBe("Imobiliária Maré Alta");
    expect(childText(header, "Email")).toBe("contato@mare-alta.com.br");
    expect(childText(header, "ContactName")).toBe("Imobiliária Maré Alta");
    expect(childText(header, "PublishDate")).toBe("2026-03-01T12:00:00Z");
    expect(childText(header, "Telephone")).toBe("(82) 3333-4444");
    for (const listing of descendants(root, "Listing")) expect(listing.namespaceURI).toBe(VRSYNC_NAMESPACE);
  });

  it("includes only published, available listings marked for the portals", async () => {
    const ids = descendants(await vrsync(), "ListingID").map((e) => e.textContent);
    expect([...ids].sort()).toEqual([...ELIGIBLE].sort());
    for (const excluded of EXCLUDED) expect(ids).not.toContain(excluded);
  });

  it("keeps ListingID 1–50 characters, titles ≤ 100 without HTML and descriptions ≤ 3000", async () => {
    const listings = descendants(await vrsync(), "Listing");
    for (const listing of listings) {
      const id = childText(listing, "ListingID")!;
      expect(id.length).toBeGreaterThanOrEqual(1);
      expect(id.length).toBeLessThanOrEqual(50);
      const title = childText(listing, "Title")!;
      expect(title.length).toBeLessThanOrEqual(100);
      expect(title).not.toMatch(/<[^>]+>/);
      const description = childText(child(listing, "Details")!, "Description")!;
      expect(description.length).toBeLessThanOrEqual(3000);
    }
    const co9 = byId(await vrsync(), "ListingID", "Listing").get("CO0009")!;
    expect(childText(co9, "Title")).toMatch(/^Cobertura duplex & "vista" muito bonita/);
    expect(childText(co9, "Title")!.endsWith("…")).toBe(true);
    const description = childText(child(co9, "Details")!, "Description")!;
    expect(description).toContain("]]>");
    expect(description.includes("\u0001") || description.includes("\u0008")).toBe(false);
    expect(description).not.toContain("<script>");
    // Titles of valid listings meet the 10-character minimum (SA0008 is flagged by validation instead).
    expect(
      childText(byId(await vrsync(), "ListingID", "Listing").get("AP0001")!, "Title")!.length,
    ).toBeGreaterThan(10);
  });

  it("maps transactions, prices as plain integers and rent periods", async () => {
    const listings = byId(await vrsync(), "ListingID", "Listing");
    const details = (id: string) => child(listings.get(id)!, "Details")!;
    expect(childText(listings.get("AP0001")!, "TransactionType")).toBe("For Sale");
    expect(childText(listings.get("CA0002")!, "TransactionType")).toBe("For Rent");
    expect(childText(listings.get("AP0003")!, "TransactionType")).toBe("Sale/Rent");
    expect(childText(listings.get("SA0008")!, "TransactionType")).toBe("For Rent");

    expect(childText(details("AP0001"), "ListPrice")).toBe("850000");
    expect(child(details("AP0001"), "ListPrice")!.getAttribute("currency")).toBe("BRL");
    expect(child(details("AP0001"), "RentalPrice")).toBeUndefined();

    const daily = child(details("CA0002"), "RentalPrice")!;
    expect(daily.textContent).toBe("1200");
    expect(daily.getAttribute("period")).toBe("Daily");
    expect(child(details("CA0002"), "ListPrice")).toBeUndefined();

    expect(childText(details("AP0003"), "ListPrice")).toBe("600000");
    expect(child(details("AP0003"), "RentalPrice")!.getAttribute("period")).toBe("Monthly");
    expect(childText(details("AP0003"), "RentalPrice")).toBe("3500");

    // Sob consulta: no price at all rather than a made-up one.
    expect(child(details("TE0004"), "ListPrice")).toBeUndefined();

    expect(childText(details("AP0001"), "PropertyAdministrationFee")).toBe("1200");
    const iptu = child(details("AP0001"), "Iptu")!;
    expect(iptu.textContent).toBe("300");
    expect(iptu.getAttribute("period")).toBe("Monthly");

    for (const name of ["ListPrice", "RentalPrice", "PropertyAdministrationFee", "Iptu"]) {
      for (const price of descendants(await vrsync(), name)) expect(price.textContent).toMatch(/^\d+$/);
    }
  });

  it("maps usage, property types, areas and counts", async () => {
    const listings = byId(await vrsync(), "ListingID", "Listing");
    const details = (id: string) => child(listings.get(id)!, "Details")!;
    expect(childText(details("AP0001"), "UsageType")).toBe("Residential");
    expect(childText(details("AP0001"), "PropertyType")).toBe("Residential / Apartment");
    expect(childText(details("CA0002"), "PropertyType")).toBe("Residential / Home");
    expect(childText(details("TE0004"), "PropertyType")).toBe("Residential / Land Lot");
    expect(childText(details("CO0009"), "PropertyType")).toBe("Residential / Penthouse");
    expect(childText(details("SA0008"), "UsageType")).toBe("Commercial");
    expect(childText(details("SA0008"), "PropertyType")).toBe("Commercial / Office");
    const living = child(details("AP0001"), "LivingArea")!;
    expect(living.textContent).toBe("120");
    expect(living.getAttribute("unit")).toBe("square metres");
    expect(childText(details("TE0004"), "LotArea")).toBe("450");
    expect(child(details("TE0004"), "Bedrooms")).toBeUndefined();
    expect(childText(details("AP0001"), "Bedrooms")).toBe("3");
    expect(childText(details("AP0001"), "Bathrooms")).toBe("2");
    expect(childText(details("AP0001"), "Suites")).toBe("1");
    expect(childText(details("AP0001"), "Garage")).toBe("2");
    expect(childText(details("AP0001"), "UnitFloor")).toBe("8");
    expect(childText(details("AP0001"), "YearBuilt")).toBe("2015");
    expect(childText(listings.get("AP0001")!, "PublicationType")).toBe("PREMIUM");
    expect(childText(listings.get("CA0002")!, "PublicationType")).toBe("STANDARD");
    expect(childText(listings.get("AP0001")!, "DetailViewUrl")).toBe(`${PUBLIC_URL}/casas/AP0001`);
  });

  it("sends Features only from the closed list, amenities without a value left out", async () => {
    const root = await vrsync();
    const closed = new Set<string>(VRSYNC_FEATURES);
    for (const feature of descendants(root, "Feature"))
      expect(closed.has(feature.textContent ?? "")).toBe(true);
    const ap1 = byId(root, "ListingID", "Listing").get("AP0001")!;
    expect(descendants(ap1, "Feature").map((f) => f.textContent)).toEqual([
      "Pool",
      "Gym",
      "Concierge 24h",
      "Gourmet Balcony",
      "Ocean View",
      "Furnished",
      "Pets Allowed",
    ]);
  });

  it("shows the address only as far as the visibility level allows", async () => {
    const listings = byId(await vrsync(), "ListingID", "Listing");
    const location = (id: string) => child(listings.get(id)!, "Location")!;

    const full = location("AP0001");
    expect(full.getAttribute("displayAddress")).toBe("All");
    expect(child(full, "Country")!.getAttribute("abbreviation")).toBe("BR");
    expect(child(full, "State")!.getAttribute("abbreviation")).toBe("AL");
    expect(childText(full, "City")).toBe("Maceió");
    expect(childText(full, "Neighborhood")).toBe("Ponta Verde");
    expect(childText(full, "Address")).toBe("Rua Desportista Humberto Guimarães");
    expect(childText(full, "StreetNumber")).toBe("100");
    expect(childText(full, "Complement")).toBe("Apto 801");
    expect(childText(full, "PostalCode")).toBe("57035-000");
    expect(childText(full, "Latitude")).toBe("-9.663123");

    const street = location("AP0003");
    expect(street.getAttribute("displayAddress")).toBe("Street");
    expect(childText(street, "Address")).toBe("Rua Desportista Humberto Guimarães");
    expect(child(street, "StreetNumber")).toBeUndefined();
    expect(child(street, "Complement")).toBeUndefined();
    expect(child(street, "Latitude")).toBeUndefined();

    const hidden = location("CA0002");
    expect(hidden.getAttribute("displayAddress")).toBe("Neighborhood");
    expect(child(hidden, "Address")).toBeUndefined();
    expect(child(hidden, "StreetNumber")).toBeUndefined();
    expect(child(hidden, "Latitude")).toBeUndefined();
    expect(childText(hidden, "Neighborhood")).toBe("Praia do Toque");
    expect(childText(hidden, "City")).toBe("São Miguel dos Milagres");
    expect(childText(hidden, "PostalCode")).toBe("57940-000");
  });

  it("lists at least 5 absolute JPEG images when available, the cover first and only it primary", async () => {
    const listings = byId(await vrsync(), "ListingID", "Listing");
    const images = (id: string) =>
      descendants(listings.get(id)!, "Item").filter((i) => i.getAttribute("medium") === "image");
    expect(images("AP0001")).toHaveLength(6);
    expect(images("CA0002")).toHaveLength(5);
    expect(images("AP0003")).toHaveLength(35);
    expect(images("TE0004")).toHaveLength(0);
    expect(child(listings.get("TE0004")!, "Media")).toBeUndefined();
    for (const id of ["AP0001", "CA0002", "AP0003", "CO0009"]) {
      const items = images(id);
      expect(items.filter((i) => i.getAttribute("primary") === "true")).toHaveLength(1);
      expect(items[0]!.getAttribute("primary")).toBe("true");
      for (const item of items) {
        expect(item.textContent).toMatch(/^https:\/\/www\.imoveis-teste\.com\.br\/media\/.+-1920\.jpg$/);
      }
    }
    // The cover's largest JPEG ≤ 1920 px really exists in storage.
    const first = images("AP0001")[0]!.textContent!;
    expect(await storage.exists(first.replace(`${PUBLIC_URL}/media/`, ""))).toBe(true);
    // docs/domain.md: a changed image must get a new URL. The URL carries the content hash, so two
    // different pictures never share one and a replaced photo cannot reuse its old address.
    const [a, b] = [images("AP0001")[0]!.textContent!, images("AP0001")[1]!.textContent!];
    expect(a).toContain(photos[0]!.hash);
    expect(b).toContain(photos[1]!.hash);
    expect(photos[0]!.hash).not.toBe(photos[1]!.hash);
  });

  it("sends a YouTube video and an https tour, and leaves out the others", async () => {
    const listings = byId(await vrsync(), "ListingID", "Listing");
    const video = (id: string) =>
      descendants(listings.get(id)!, "Item").filter((i) => i.getAttribute("medium") === "video");
    expect(video("AP0001").map((v) => v.textContent)).toEqual(["https://www.youtube.com/watch?v=abc123"]);
    expect(childText(listings.get("AP0001")!, "VirtualTourLink")).toBe(
      "https://my.matterport.com/show/?m=xyz",
    );
    expect(video("CA0002")).toHaveLength(0);
    expect(child(listings.get("CA0002")!, "VirtualTourLink")).toBeUndefined();
  });

  it("gives every listing the agency's contact", async () => {
    for (const contact of descendants(await vrsync(), "ContactInfo")) {
      expect(childText(contact, "Name")).toBe("Imobiliária Maré Alta");
      expect(childText(contact, "Email")).toBe("contato@mare-alta.com.br");
      expect(childText(contact, "Website")).toBe(`${PUBLIC_URL}/`);
      expect(childText(contact, "Telephone")).toBe("(82) 3333-4444");
    }
  });
});

describe("Chaves na Mão feed", () => {
  it("has <Document><imoveis><imovel> with only the eligible listings", async () => {
    const root = await chavesNaMao();
    expect(root.localName).toBe("Document");
    const imoveis = child(root, "imoveis")!;
    const refs = childElements(imoveis, "imovel").map((i) => childText(i, "referencia"));
    expect([...refs].sort()).toEqual([...ELIGIBLE].sort());
  });

  it("fills every required field in the portal's format", async () => {
    for (const imovel of descendants(await chavesNaMao(), "imovel")) {
      for (const field of [
        "referencia",
        "transacao",
        "finalidade",
        "destaque",
        "tipo",
        "valor",
        "estado",
        "cidade",
        "bairro",
        "descritivo",
      ]) {
        expect(childText(imovel, field), `${childText(imovel, "referencia")} ${field}`).toBeTruthy();
      }
      expect(["V", "L"]).toContain(childText(imovel, "transacao"));
      expect(["RE", "CO"]).toContain(childText(imovel, "finalidade"));
      expect(["0", "1"]).toContain(childText(imovel, "destaque"));
      expect(childText(imovel, "valor")).toMatch(/^\d+\.\d{2}$/);
      expect(childText(imovel, "descritivo")!.length).toBeLessThanOrEqual(3000);
      expect(descendants(imovel, "foto").length).toBeLessThanOrEqual(30);
    }
  });

  it("maps transaction, usage, type, prices and flags", async () => {
    const imoveis = byId(await chavesNaMao(), "referencia", "imovel");
    const field = (id: string, name: string) => childText(imoveis.get(id)!, name);
    expect(field("AP0001", "transacao")).toBe("V");
    expect(field("AP0001", "valor")).toBe("850000.00");
    expect(field("AP0001", "valor_condominio")).toBe("1200.00");
    expect(field("AP0001", "valor_iptu")).toBe("3600.00");
    expect(field("AP0001", "destaque")).toBe("1");
    expect(field("AP0001", "tipo")).toBe("Apartamento");
    expect(field("AP0001", "aceita_pet")).toBe("1");
    expect(field("AP0003", "aceita_pet")).toBe("0");
    // Não informado (CA0002 never said): left out, not sent as a "no".
    expect(field("CA0002", "aceita_pet")).toBeUndefined();
    expect(field("CA0002", "transacao")).toBe("L");
    expect(field("CA0002", "valor")).toBe("1200.00");
    expect(field("CA0002", "tipo")).toBe("Casa");
    expect(field("AP0003", "transacao")).toBe("V");
    expect(field("AP0003", "valor")).toBe("600000.00");
    expect(field("AP0003", "valor_locacao")).toBe("3500.00");
    expect(field("SA0008", "finalidade")).toBe("CO");
    expect(field("SA0008", "tipo")).toBe("Sala Comercial");
    expect(field("AP0001", "finalidade")).toBe("RE");
    expect(field("TE0004", "valor")).toBe("0.00");
    expect(field("TE0004", "area_total")).toBe("450");
    expect(field("AP0001", "estado")).toBe("AL");
  });

  it("hides the address as the agency chose", async () => {
    const imoveis = byId(await chavesNaMao(), "referencia", "imovel");
    const field = (id: string, name: string) => childText(imoveis.get(id)!, name);
    expect(field("AP0001", "esconder_endereco_imovel")).toBe("0");
    expect(field("AP0001", "numero")).toBe("100");
    expect(field("AP0003", "esconder_endereco_imovel")).toBe("0");
    expect(field("AP0003", "endereco")).toBe("Rua Desportista Humberto Guimarães");
    expect(field("AP0003", "numero")).toBeUndefined();
    expect(field("CA0002", "esconder_endereco_imovel")).toBe("1");
    expect(field("CA0002", "endereco")).toBeUndefined();
    expect(field("CA0002", "latitude")).toBeUndefined();
  });

  it("sends at most 30 absolute JPEG photos, the cover first, and amenities split by area", async () => {
    const imoveis = byId(await chavesNaMao(), "referencia", "imovel");
    const urls = (id: string) => descendants(imoveis.get(id)!, "url").map((u) => u.textContent ?? "");
    expect(urls("AP0003")).toHaveLength(30);
    expect(urls("AP0001")).toHaveLength(6);
    for (const url of urls("AP0003")) expect(url).toMatch(/^https:\/\/.+\.jpg$/);
    const ap1 = imoveis.get("AP0001")!;
    expect(childText(child(ap1, "fotos_imovel")!.firstElementChild!, "data_atualizacao")).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    expect(descendants(child(ap1, "area_comum")!, "item").map((i) => i.textContent)).toEqual([
      "Piscina",
      "Academia",
      "Portaria 24h",
    ]);
    expect(descendants(child(ap1, "area_privativa")!, "item").map((i) => i.textContent)).toEqual([
      "Vista mar",
      "Pé na areia",
      "Varanda gourmet",
    ]);
    expect(childText(ap1, "video")).toBe("https://www.youtube.com/watch?v=abc123");
    expect(childText(ap1, "tour_360")).toBe("https://my.matterport.com/show/?m=xyz");
  });
});

describe("streaming", () => {
  it("reads listings in keyset batches and writes each batch as it comes", async () => {
    const sizes: number[] = [];
    for await (const batch of listingBatches(database.db, portalEligible, { batchSize: 2 }))
      sizes.push(batch.length);
    expect(sizes).toEqual([2, 2, 2]);
    const limited: number[] = [];
    for await (const batch of listingBatches(database.db, portalEligible, { batchSize: 2, max: 3 })) {
      limited.push(batch.length);
    }
    expect(limited).toEqual([2, 1]);

    const reader = vrsyncFeedStream(database.db, context).getReader();
    const first = await reader.read();
    // The first chunk is the header, before any listing has been read.
    expect(new TextDecoder().decode(first.value)).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><ListingDataFeed/,
    );
    expect(new TextDecoder().decode(first.value)).not.toContain("<Listing>");
    await reader.cancel();
  });
});

describe("feed access", () => {
  const config = loadConfig({ PUBLIC_URL } as unknown as NodeJS.ProcessEnv);
  const services = () => ({ db: database.db, storage, config });

  it("answers XML in UTF-8 without a token when none is set", async () => {
    const response = await feedResponse("vrsync", new Request(`${PUBLIC_URL}/feeds/vrsync.xml`), services());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(await response.text()).toContain("<ListingID>AP0001</ListingID>");
  });

  it("requires the exact token once one is set", async () => {
    await database.db
      .update(agencySettings)
      .set({ feedToken: "s3gredo-do-feed" })
      .where(eq(agencySettings.id, 1));
    try {
      for (const kind of ["vrsync", "chavesnamao"] as const) {
        const url = `${PUBLIC_URL}/feeds/${kind}.xml`;
        expect((await feedResponse(kind, new Request(url), services())).status).toBe(403);
        expect((await feedResponse(kind, new Request(`${url}?token=errado`), services())).status).toBe(403);
        expect(
          (await feedResponse(kind, new Request(`${url}?token=s3gredo-do-fee`), services())).status,
        ).toBe(403);
        const ok = await feedResponse(kind, new Request(`${url}?token=s3gredo-do-feed`), services());
        expect(ok.status).toBe(200);
        await ok.body?.cancel();
      }
    } finally {
      await database.db.update(agencySettings).set({ feedToken: null }).where(eq(agencySettings.id, 1));
    }
  });

  it("compares tokens safely and builds the URL to paste", () => {
    expect(tokenMatches("abc", "abc")).toBe(true);
    expect(tokenMatches("abcd", "abc")).toBe(false);
    expect(tokenMatches(null, "abc")).toBe(false);
    expect(checkFeedAccess(new Request("https://x/feeds/vrsync.xml"), null)).toBeNull();
    expect(checkFeedAccess(new Request("https://x/feeds/vrsync.xml"), "  ")).toBeNull();
    expect(feedUrl(PUBLIC_URL, "/feeds/vrsync.xml", "a b&c")).toBe(
      `${PUBLIC_URL}/feeds/vrsync.xml?token=a%20b%26c`,
    );
    expect(feedUrl(PUBLIC_URL, "/feeds/vrsync.xml", null)).toBe(`${PUBLIC_URL}/feeds/vrsync.xml`);
  });
});
