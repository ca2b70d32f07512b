import { describe, expect, it } from "vitest";
import {
  creciNumber,
  internationalPhone,
  type JsonLdListing,
  type JsonLdObject,
  placeType,
  realEstateAgentJsonLd,
  realEstateListingJsonLd,
  serializeJsonLd,
} from "./structured-data";

const PUBLIC_URL = "https://www.exemplo.com.br";
const agency = { name: "Imobiliária Maré Alta" };

function listing(overrides: Partial<JsonLdListing> = {}): JsonLdListing {
  return {
    referencia: "AP0042",
    titulo: "Apartamento 3 quartos na Ponta Verde",
    descricao: "Vista mar, varanda gourmet e lazer completo.",
    tipo: "apartamento",
    finalidades: ["venda"],
    precoVenda: 850_000,
    precoAluguel: null,
    periodoAluguel: null,
    precoSobConsulta: false,
    quartos: 3,
    suites: 1,
    banheiros: 2,
    vagas: 2,
    areaUtil: 120,
    areaTotal: null,
    cep: "57035-000",
    logradouro: "Rua Desportista Humberto Guimarães",
    numero: "100",
    complemento: "Apto 501",
    bairro: "Ponta Verde",
    cidade: "Maceió",
    uf: "AL",
    latitude: -9.663123,
    longitude: -35.702456,
    visibilidadeEndereco: "completo",
    status: "disponivel",
    publishedAt: new Date("2026-01-10T12:00:00Z"),
    updatedAt: "2026-02-01T08:30:00.000Z",
    images: ["/media/ab/ab12-1920.jpg", "https://cdn.exemplo.com/cd/cd34-1920.jpg"],
    ...overrides,
  };
}

const place = (ld: JsonLdObject) => ld.mainEntity as JsonLdObject;
const address = (ld: JsonLdObject) => place(ld).address as JsonLdObject;
const offers = (ld: JsonLdObject) => ld.offers as JsonLdObject[];

describe("realEstateListingJsonLd", () => {
  it("describes a listing for sale with its page, offer, place and images", () => {
    const ld = realEstateListingJsonLd(listing(), { publicUrl: PUBLIC_URL, agency });
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("RealEstateListing");
    expect(ld.url).toBe("https://www.exemplo.com.br/casas/AP0042");
    expect(ld.name).toBe("Apartamento 3 quartos na Ponta Verde");
    expect(ld.datePosted).toBe("2026-01-10T12:00:00.000Z");
    expect(ld.dateModified).toBe("2026-02-01T08:30:00.000Z");
    expect(ld.image).toEqual([
      "https://www.exemplo.com.br/media/ab/ab12-1920.jpg",
      "https://cdn.exemplo.com/cd/cd34-1920.jpg",
    ]);
    const [offer] = offers(ld);
    expect(offer).toMatchObject({
      "@type": "Offer",
      price: 850_000,
      priceCurrency: "BRL",
      availability: "https://schema.org/InStock",
      businessFunction: "http://purl.org/goodrelations/v1#Sell",
    });
    expect((offer!.seller as JsonLdObject).name).toBe("Imobiliária Maré Alta");
    expect(place(ld)).toMatchObject({
      "@type": "Apartment",
      floorSize: { "@type": "QuantitativeValue", value: 120, unitCode: "MTK" },
      numberOfRooms: 3,
      numberOfBedrooms: 3,
      numberOfBathroomsTotal: 2,
    });
  });

  it("gives the full address and exact position only when the address is completo", () => {
    const ld = realEstateListingJsonLd(listing(), { publicUrl: PUBLIC_URL, agency });
    expect(address(ld)).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Rua Desportista Humberto Guimarães, 100, Apto 501",
      postalCode: "57035-000",
      addressLocality: "Maceió",
      addressRegion: "AL",
      addressCountry: "BR",
    });
    expect(place(ld).geo).toEqual({ "@type": "GeoCoordinates", latitude: -9.663123, longitude: -35.702456 });
  });

  it("gives only the street (no number, complement) for rua", () => {
    const ld = realEstateListingJsonLd(listing({ visibilidadeEndereco: "rua" }), {
      publicUrl: PUBLIC_URL,
      agency,
    });
    expect(address(ld).streetAddress).toBe("Rua Desportista Humberto Guimarães");
    expect(JSON.stringify(ld)).not.toContain("Apto 501");
  });

  it("gives only bairro and city (no street, no CEP) for bairro", () => {
    const ld = realEstateListingJsonLd(listing({ visibilidadeEndereco: "bairro" }), {
      publicUrl: PUBLIC_URL,
      agency,
    });
    const json = JSON.stringify(ld);
    expect(address(ld).streetAddress).toBeUndefined();
    expect(address(ld).postalCode).toBeUndefined();
    expect(address(ld).addressLocality).toBe("Maceió");
    expect(json).not.toContain("Humberto");
    expect(json).not.toContain("57035");
    expect((place(ld).containedInPlace as JsonLdObject).name).toBe("Ponta Verde, Maceió - AL");
  });

  it("prices a rental with a UnitPriceSpecification per month, day or week", () => {
    const monthly = realEstateListingJsonLd(
      listing({ finalidades: ["aluguel"], precoVenda: null, precoAluguel: 3500, periodoAluguel: "mensal" }),
      { publicUrl: PUBLIC_URL, agency },
    );
    expect(offers(monthly)).toHaveLength(1);
    expect(offers(monthly)[0]).toMatchObject({
      businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
      price: 3500,
      priceCurrency: "BRL",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: 3500,
        priceCurrency: "BRL",
        unitCode: "MON",
      },
    });
    const temporada = realEstateListingJsonLd(
      listing({ finalidades: ["temporada"], precoVenda: null, precoAluguel: 900, periodoAluguel: null }),
      { publicUrl: PUBLIC_URL, agency },
    );
    expect((offers(temporada)[0]!.priceSpecification as JsonLdObject).unitCode).toBe("DAY");
    const weekly = realEstateListingJsonLd(
      listing({
        finalidades: ["temporada"],
        precoVenda: null,
        precoAluguel: 5000,
        periodoAluguel: "semanal",
      }),
      { publicUrl: PUBLIC_URL, agency },
    );
    expect((offers(weekly)[0]!.priceSpecification as JsonLdObject).unitCode).toBe("WEE");
  });

  it("has two offers for sale and rent, and none with a price when sob consulta", () => {
    const both = realEstateListingJsonLd(
      listing({ finalidades: ["venda", "aluguel"], precoAluguel: 4000, periodoAluguel: "mensal" }),
      { publicUrl: PUBLIC_URL, agency },
    );
    expect(offers(both).map((o) => o.price)).toEqual([850_000, 4000]);
    const hidden = realEstateListingJsonLd(listing({ precoSobConsulta: true }), {
      publicUrl: PUBLIC_URL,
      agency,
    });
    expect(offers(hidden)[0]?.price).toBeUndefined();
    expect(offers(hidden)[0]?.priceCurrency).toBeUndefined();
  });

  it("marks sold listings SoldOut and omits unknown values", () => {
    const ld = realEstateListingJsonLd(
      listing({
        status: "vendido",
        latitude: null,
        longitude: null,
        images: [],
        publishedAt: null,
        descricao: "",
      }),
      { publicUrl: PUBLIC_URL, agency },
    );
    expect(offers(ld)[0]?.availability).toBe("https://schema.org/SoldOut");
    expect(place(ld).geo).toBeUndefined();
    expect(ld.image).toBeUndefined();
    expect(ld.datePosted).toBeUndefined();
    expect(ld.description).toBeUndefined();
  });

  it("describes land as a Place with its lot area, not rooms", () => {
    const ld = realEstateListingJsonLd(
      listing({ tipo: "terreno", quartos: 0, banheiros: 0, areaUtil: null, areaTotal: 450 }),
      { publicUrl: PUBLIC_URL, agency },
    );
    expect(place(ld)["@type"]).toBe("Place");
    expect(place(ld).floorSize).toBeUndefined();
    expect(place(ld).numberOfRooms).toBeUndefined();
    expect(place(ld).additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "Área total", value: 450, unitCode: "MTK" },
    ]);
    expect(placeType("casa")).toBe("House");
    expect(placeType("sala_comercial")).toBe("Accommodation");
  });
});

describe("realEstateAgentJsonLd", () => {
  const settings = {
    name: "Imobiliária Maré Alta",
    creci: "CRECI/AL 1234-J",
    phones: ["(82) 3333-4444", "82999998888", " "],
    email: "contato@mare-alta.com.br",
    address: "Av. Álvaro Otacílio, 1000 - Ponta Verde, Maceió - AL",
    videoChannelUrl: "https://www.youtube.com/@marealta",
    socialLinks: { instagram: "https://instagram.com/marealta", facebook: "", tiktok: "javascript:alert(1)" },
  };

  it("names the agency with CRECI, address, phones, e-mail, logo and sameAs links", () => {
    const ld = realEstateAgentJsonLd(settings, PUBLIC_URL);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "RealEstateAgent",
      name: "Imobiliária Maré Alta",
      url: "https://www.exemplo.com.br/",
      logo: "https://www.exemplo.com.br/og-image.jpg",
      identifier: { "@type": "PropertyValue", propertyID: "CRECI", value: "1234-J" },
      address: {
        "@type": "PostalAddress",
        streetAddress: "Av. Álvaro Otacílio, 1000 - Ponta Verde, Maceió - AL",
        addressRegion: "AL",
        addressCountry: "BR",
      },
      telephone: ["+55 82 3333-4444", "+55 82 99999-8888"],
      email: "contato@mare-alta.com.br",
    });
    expect(ld.sameAs).toEqual(["https://www.youtube.com/@marealta", "https://instagram.com/marealta"]);
  });

  it("leaves out what the agency has not filled in", () => {
    const ld = realEstateAgentJsonLd(
      { ...settings, phones: [], email: "", address: "", videoChannelUrl: "", socialLinks: {} },
      PUBLIC_URL,
    );
    expect(ld.telephone).toBeUndefined();
    expect(ld.email).toBeUndefined();
    expect(ld.address).toBeUndefined();
    expect(ld.sameAs).toBeUndefined();
  });

  it("formats phones and CRECI", () => {
    expect(internationalPhone("(82) 99999-8888")).toBe("+55 82 99999-8888");
    expect(internationalPhone("+55 82 3333-4444")).toBe("+55 82 3333-4444");
    expect(creciNumber("CRECI 1234-J")).toBe("1234-J");
    expect(creciNumber("1234-J")).toBe("1234-J");
  });
});

describe("serializeJsonLd", () => {
  it("cannot be broken out of: </script> and <!-- become \\u003c escapes and parse back intact", () => {
    const data = { name: "</script><script>alert(1)</script> <!-- & \u2028" };
    const text = serializeJsonLd(data);
    expect(text).not.toContain("<");
    expect(text).not.toContain(">");
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual(data);
  });
});
