import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertPhoto, insertProperty, rentalTermsInput } from "../../../tests/support/factories";
import { bumpDataVersion, openDataVersionSource } from "../cache/data-version.server";
import { loadConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { properties } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import { saveRentalTerms } from "../rentals/rentals.server";
import { getAgencyBrand } from "../settings/settings.server";
import { countsAsView, loadListingPage } from "./listing-page.server";

let database: Database;
let services: Parameters<typeof loadListingPage>[0];
const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const get = (headers: Record<string, string> = {}) =>
  new Request("http://x/casas/AP0100", { headers: { "user-agent": browser, ...headers } });

beforeAll(async () => {
  database = await createTestDatabase();
  services = {
    db: database.db,
    storage: new LocalDiskStorage("/tmp/nao-usado", "/media"),
    config: loadConfig({ PUBLIC_URL: "https://www.exemplo.com.br" }),
  };
  const p = await insertProperty(database.db, {
    referencia: "AP0100",
    descricao: "Vista mar.\nPerto da praia.",
  });
  await insertPhoto(database.db, p.id, 0);
  await insertProperty(database.db, { referencia: "AP0101", publicacao: "rascunho" });
  await insertProperty(database.db, { referencia: "AP0102", destaque: true });
});

afterAll(async () => {
  await database?.close();
});

async function views(referencia: string) {
  const [row] = await database.db.select().from(properties).where(eq(properties.referencia, referencia));
  return row?.views ?? -1;
}

describe("countsAsView", () => {
  it("counts people's GETs, not bots, prefetches or posts", () => {
    expect(countsAsView(get())).toBe(true);
    expect(countsAsView(get({ "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }))).toBe(
      false,
    );
    expect(countsAsView(get({ "user-agent": "WhatsApp/2.23.20.0" }))).toBe(false);
    expect(countsAsView(get({ "sec-purpose": "prefetch" }))).toBe(false);
    expect(countsAsView(new Request("http://x/casas/AP0100", { method: "POST", body: "" }))).toBe(false);
  });
});

describe("loadListingPage", () => {
  it("shares one read between visitors until a write moves the data version", async () => {
    const source = await openDataVersionSource(database);
    try {
      const title = async () => {
        const result = await loadListingPage(services, "AP0102", get());
        return result.kind === "found" ? result.listing.titulo : null;
      };
      const first = await title();
      // A change that did not bump the version (no admin path does this) is not seen…
      await database.db
        .update(properties)
        .set({ titulo: "Título novo" })
        .where(eq(properties.referencia, "AP0102"));
      expect(await title()).toBe(first);
      // …and is seen on the very next request after the bump every admin write makes.
      await bumpDataVersion(database.db);
      await expect.poll(title).toBe("Título novo");
    } finally {
      await source.close();
    }
  });

  it("shapes the page, with an absolute URL and a link-preview image, and counts the view", async () => {
    // Like it but only for holiday stays: not "parecido" for someone buying.
    await insertProperty(database.db, {
      referencia: "AP0103",
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: 600,
      periodoAluguel: "diaria",
    });
    const before = await views("AP0100");
    const result = await loadListingPage(services, "AP0100", get());
    expect(result.kind).toBe("found");
    if (result.kind !== "found") return;
    expect(result.listing.url).toBe("https://www.exemplo.com.br/casas/AP0100");
    // The link preview is the 1200×630 social image made from the cover, versioned by content.
    expect(result.og).toMatchObject({ width: 1200, height: 630 });
    expect(result.og.url).toMatch(/^https:\/\/www\.exemplo\.com\.br\/og\/AP0100\.jpg\?v=\w+$/);
    expect(result.og.alt).toContain("Ponta Verde");
    expect(result.description).toBe("Vista mar. Perto da praia.");
    expect(result.similar.map((c) => c.referencia)).toEqual(["AP0102"]);
    await expect.poll(() => views("AP0100")).toBe(before + 1);
    // A crawler's view is not counted: a visitor's view sent after it is the only one that lands
    // (views are written in the order they come, so a counted crawler would show first).
    await loadListingPage(services, "AP0100", get({ "user-agent": "Googlebot/2.1" }));
    await loadListingPage(services, "AP0100", get());
    await expect.poll(() => views("AP0100")).toBeGreaterThanOrEqual(before + 2);
    expect(await views("AP0100")).toBe(before + 2);
  });

  it("redirects other cases and answers not-found with suggestions", async () => {
    expect(await loadListingPage(services, "ap0100", get())).toEqual({
      kind: "redirect",
      to: "/casas/AP0100",
    });
    const missing = await loadListingPage(services, "AP0101", get());
    expect(missing.kind).toBe("not-found");
    if (missing.kind !== "not-found") return;
    expect(missing.suggestions.length).toBeGreaterThan(0);
    // A draft's page is a 404 offering listings like it, headed as such; an unknown code has
    // nothing to be like, and its suggestions say what they are instead.
    expect(missing.suggestionsTitle).toBe("Imóveis parecidos");
    const unknown = await loadListingPage(services, "ZZ9999", get());
    if (unknown.kind !== "not-found") throw new Error(unknown.kind);
    expect(["Imóveis em destaque", "Imóveis recentes"]).toContain(unknown.suggestionsTitle);
  });
});

describe("JSON-LD de temporada (decisão 040)", () => {
  it("descreve o imóvel como VacationRental: hóspedes, quartos, comodidades, diária; endereço só até o bairro", async () => {
    const property = await insertProperty(database.db, {
      referencia: "CA0140",
      tipo: "casa",
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: 700,
      periodoAluguel: "diaria",
      cidade: "Maragogi",
      bairro: "Barra Grande",
      logradouro: "Rua Escondida da Praia",
      numero: "12",
      cep: "57955-000",
      visibilidadeEndereco: "bairro",
      quartos: 4,
      banheiros: 3,
      comodidades: ["piscina", "churrasqueira"],
    });
    const admin = await createActor(database.db, "admin");
    await saveRentalTerms(
      database.db,
      admin,
      property.id,
      rentalTermsInput({
        defaultRate: 800,
        cleaningFee: 300,
        maxGuests: 10,
        checkInTime: "15:00",
        seasons: [],
      }),
    );
    const page = await loadListingPage(services, "CA0140", new Request("http://x/casas/CA0140"));
    if (page.kind !== "found") throw new Error(page.kind);
    const ld = JSON.parse(page.jsonLd.replace(/\\u003c/g, "<")) as {
      mainEntity: Record<string, unknown>;
      offers: unknown;
    };
    const rental = ld.mainEntity;
    expect(rental["@type"]).toBe("VacationRental");
    expect(rental.checkinTime).toBe("15:00");
    expect(rental.address).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Maragogi",
      addressRegion: "AL",
      addressCountry: "BR",
    });
    expect(rental.containsPlace).toMatchObject({
      "@type": "House",
      occupancy: { "@type": "QuantitativeValue", maxValue: 10 },
      numberOfBedrooms: 4,
      numberOfBathroomsTotal: 3,
      amenityFeature: [
        { "@type": "LocationFeatureSpecification", name: "Piscina", value: true },
        { "@type": "LocationFeatureSpecification", name: "Churrasqueira", value: true },
      ],
    });
    expect(ld.offers).toEqual([
      expect.objectContaining({
        price: 800,
        priceSpecification: expect.objectContaining({ price: 800, unitCode: "DAY", unitText: "diária" }),
        // The seller by name, as the agency calls itself.
        seller: expect.objectContaining({
          "@type": "RealEstateAgent",
          name: (await getAgencyBrand(database.db)).name,
        }),
      }),
    ]);
    // The hidden street and its CEP never reach the page's data.
    expect(page.jsonLd).not.toContain("Escondida");
    expect(page.jsonLd).not.toContain("57955");
  });
});
