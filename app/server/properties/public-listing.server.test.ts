import { describe, expect, it } from "vitest";
import { summarize, youtubeId } from "../../lib/listing";
import type { Property } from "../db/schema.server";
import { LocalDiskStorage } from "../media/storage.server";
import { distanceMetres, publicAddress, publicLocation } from "./location.server";
import { publicPrices, toPublicListing } from "./public-listing.server";

const base = {
  id: 7,
  referencia: "AP0042",
  titulo: "Apartamento na Ponta Verde",
  descricao: "Primeira linha.\n\nSegunda linha\ncom quebra.",
  tipo: "apartamento",
  finalidades: ["venda", "aluguel"],
  precoVenda: 850_000,
  precoAluguel: 3_500,
  periodoAluguel: "mensal",
  precoSobConsulta: false,
  condominio: 0,
  iptu: 1_200,
  iptuPeriodo: "anual",
  quartos: 3,
  suites: 1,
  banheiros: 2,
  vagas: 2,
  areaUtil: 98,
  areaTotal: null,
  andar: 8,
  anoConstrucao: 2015,
  mobiliado: false,
  aceitaPet: true,
  comodidades: ["piscina", "varanda", "desconhecida"],
  cep: "57035-000",
  logradouro: "Avenida Álvaro Otacílio",
  numero: "1234",
  complemento: "apto 801",
  bairro: "Ponta Verde",
  cidade: "Maceió",
  uf: "AL",
  latitude: -9.663123,
  longitude: -35.702456,
  visibilidadeEndereco: "completo",
  videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  tourUrl: "http://inseguro.example/tour",
  status: "disponivel",
  publicacao: "publicado",
  destaque: false,
  publicarPortais: false,
  corretorId: null,
  publishedAt: new Date("2026-01-01"),
  views: 0,
  priceSince: new Date("2026-01-01"),
  priceDropFrom: null,
  priceDropAt: null,
  createdAt: new Date("2025-12-01T10:11:12.345Z"),
  updatedAt: new Date("2026-01-01"),
  searchVector: "",
} as Property;

describe("publicLocation", () => {
  it("shows the exact point and full address only when allowed", () => {
    expect(publicLocation(base)).toEqual({
      visibility: "completo",
      address: "Avenida Álvaro Otacílio, 1234 (apto 801) – Ponta Verde, Maceió – AL, CEP 57035-000",
      lat: -9.663123,
      lng: -35.702456,
      radius: null,
    });
  });

  it("hides the point behind an offset, rounded centre within a circle that contains it", () => {
    for (const visibilidadeEndereco of ["rua", "bairro"] as const) {
      for (let id = 1; id < 200; id++) {
        const p = { ...base, id, visibilidadeEndereco };
        const loc = publicLocation(p);
        if (!loc?.radius) throw new Error("expected a circle");
        const d = distanceMetres({ lat: p.latitude!, lng: p.longitude! }, loc);
        expect(d).toBeGreaterThan(0);
        expect(d).toBeLessThan(loc.radius);
        expect(String(loc.lat)).not.toContain("663123");
        expect(loc.lat).toBe(Math.round(loc.lat * 1000) / 1000);
        // Same listing, same circle: it does not wander between visits.
        expect(publicLocation(p)).toEqual(loc);
      }
    }
    expect(publicLocation({ ...base, visibilidadeEndereco: "bairro" })?.radius).toBe(600);
  });

  it("reads only what the level allows", () => {
    expect(publicAddress({ ...base, visibilidadeEndereco: "rua" })).toBe(
      "Avenida Álvaro Otacílio – Ponta Verde, Maceió – AL",
    );
    expect(publicAddress({ ...base, visibilidadeEndereco: "bairro" })).toBe("Ponta Verde, Maceió – AL");
    expect(publicLocation({ ...base, latitude: null })).toBeNull();
  });
});

describe("toPublicListing", () => {
  const storage = new LocalDiskStorage("/tmp/nao-usado", "/media");

  it("formats prices, fees and periods", () => {
    expect(publicPrices(base)).toEqual({
      sobConsulta: false,
      venda: "R$ 850.000",
      aluguel: "R$ 3.500/mês",
      aluguelLabel: "Aluguel",
      condominio: "Isento",
      iptu: "R$ 1.200/ano",
      porM2: "R$ 8.673/m²",
      totalMensal: { value: "R$ 3.600/mês", detail: "Aluguel + condomínio + IPTU (R$ 1.200/ano ÷ 12)" },
      priceDrop: null,
    });
    expect(
      publicPrices({
        ...base,
        finalidades: ["temporada"],
        precoVenda: null,
        precoAluguel: 900,
        periodoAluguel: "diaria",
        condominio: null,
        iptu: 90,
        iptuPeriodo: "mensal",
      }),
    ).toMatchObject({
      venda: null,
      aluguel: "R$ 900/diária",
      aluguelLabel: "Temporada",
      condominio: null,
      iptu: "R$ 90/mês",
      porM2: null,
      totalMensal: null,
    });
    expect(publicPrices({ ...base, precoSobConsulta: true })).toMatchObject({
      sobConsulta: true,
      venda: null,
      aluguel: null,
    });
  });

  it("never carries the hidden address or coordinates", () => {
    const listing = toPublicListing(
      { ...base, visibilidadeEndereco: "bairro" },
      [],
      storage,
      "https://x.com.br",
    );
    const json = JSON.stringify(listing);
    for (const secret of ["Otacílio", "1234", "57035", "663123", "702456", "apto 801"]) {
      expect(json).not.toContain(secret);
    }
    expect(listing.url).toBe("https://x.com.br/casas/AP0042");
    expect(listing.comodidades).toEqual({ comum: ["Piscina"], privativa: ["Varanda"] });
    expect(listing.paragraphs).toEqual(["Primeira linha.", "Segunda linha", "com quebra."]);
    expect(listing.youtubeId).toBe("dQw4w9WgXcQ");
    expect(listing.tourUrl).toBeNull();
  });
});

describe("listing helpers", () => {
  it("reads YouTube ids from the usual URL shapes", () => {
    expect(youtubeId("https://youtu.be/dQw4w9WgXcQ?t=3")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://www.youtube.com/shorts/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://vimeo.com/123")).toBeNull();
    expect(youtubeId("javascript:alert(1)")).toBeNull();
  });

  it("summarizes at a word boundary", () => {
    const text = `${"palavra ".repeat(40)}fim`;
    const s = summarize(text);
    expect(s.length).toBeLessThanOrEqual(160);
    expect(s.endsWith("palavra…")).toBe(true);
    expect(summarize("curto")).toBe("curto");
  });
});
