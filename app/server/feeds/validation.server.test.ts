import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgency, insertProperty, insertUser, PORTAL_READY } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { type PhotoVariant, propertyPhotos } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { filterReport, fixHref, portalReport } from "./portal-report.server";
import {
  type PortalProblem,
  type ValidatedListing,
  validateAgencyForPortals,
  validatePortalListing,
} from "./validation.server";

const good: ValidatedListing = {
  referencia: "AP0001",
  titulo: "Apartamento 3 quartos na Ponta Verde",
  descricao:
    "Apartamento amplo e ventilado a poucos passos da praia, com varanda e vista para o mar, lazer completo.",
  tipo: "apartamento",
  finalidades: ["venda"],
  precoVenda: 850_000,
  precoAluguel: null,
  precoSobConsulta: false,
  areaUtil: 120,
  areaTotal: null,
  quartos: 3,
  comodidades: ["piscina"],
  cep: "57035-000",
  logradouro: "Rua Desportista Humberto Guimarães",
  numero: "100",
  bairro: "Ponta Verde",
  cidade: "Maceió",
  latitude: -9.66,
  longitude: -35.7,
  visibilidadeEndereco: "completo",
  videoUrl: "https://youtu.be/abc",
  tourUrl: "https://tour.exemplo.com/1",
};

const codes = (problems: PortalProblem[]) => problems.map((p) => p.code);
const problem = (problems: PortalProblem[], code: string) => problems.find((p) => p.code === code);

describe("validatePortalListing", () => {
  it("finds nothing wrong with a complete listing with 5 photos", () => {
    expect(validatePortalListing(good, 5)).toEqual([]);
  });

  it("flags titles outside 10–100 characters", () => {
    const short = validatePortalListing({ ...good, titulo: "Apto" }, 5);
    expect(problem(short, "titulo-curto")).toMatchObject({
      severity: "erro",
      field: "titulo",
      portals: ["vrsync"],
    });
    expect(problem(short, "titulo-curto")?.message).toBe(
      "O título tem 4 caracteres; o portal exige ao menos 10.",
    );
    const long = validatePortalListing({ ...good, titulo: "A".repeat(101) }, 5);
    expect(problem(long, "titulo-longo")).toMatchObject({ severity: "aviso", field: "titulo" });
  });

  it("flags descriptions outside 50–3000 characters", () => {
    expect(problem(validatePortalListing({ ...good, descricao: "" }, 5), "descricao-vazia")?.severity).toBe(
      "erro",
    );
    expect(
      problem(validatePortalListing({ ...good, descricao: "Curta." }, 5), "descricao-curta")?.severity,
    ).toBe("erro");
    expect(
      problem(validatePortalListing({ ...good, descricao: "palavra ".repeat(400) }, 5), "descricao-longa")
        ?.severity,
    ).toBe("aviso");
  });

  it("flags missing photos, fewer than 5, and more than Chaves na Mão takes", () => {
    expect(problem(validatePortalListing(good, 0), "sem-fotos")).toMatchObject({
      severity: "erro",
      portals: ["vrsync"],
      field: "fotos",
    });
    // Chaves na Mão takes a listing without photos (fotos_imovel is optional): a warning only.
    expect(problem(validatePortalListing(good, 0), "sem-fotos-cnm")).toMatchObject({
      severity: "aviso",
      portals: ["chavesnamao"],
      field: "fotos",
    });
    expect(problem(validatePortalListing(good, 4), "poucas-fotos")).toMatchObject({
      severity: "erro",
      portals: ["vrsync"],
    });
    expect(problem(validatePortalListing(good, 31), "fotos-demais")).toMatchObject({
      severity: "aviso",
      portals: ["chavesnamao"],
    });
  });

  it("flags a missing or malformed CEP, missing bairro and city", () => {
    expect(problem(validatePortalListing({ ...good, cep: null }, 5), "sem-cep")).toMatchObject({
      severity: "erro",
      field: "cep",
    });
    expect(problem(validatePortalListing({ ...good, cep: "5703" }, 5), "cep-invalido")?.severity).toBe(
      "erro",
    );
    expect(codes(validatePortalListing({ ...good, bairro: " ", cidade: "" }, 5))).toEqual(
      expect.arrayContaining(["sem-bairro", "sem-cidade"]),
    );
  });

  it("flags a missing price unless sob consulta, which only warns", () => {
    expect(problem(validatePortalListing({ ...good, precoVenda: null }, 5), "sem-preco-venda")).toMatchObject(
      {
        severity: "erro",
        field: "precoVenda",
      },
    );
    const rent = validatePortalListing({ ...good, finalidades: ["venda", "aluguel"], precoAluguel: null }, 5);
    expect(problem(rent, "sem-preco-aluguel")?.field).toBe("precoAluguel");
    const hidden = validatePortalListing({ ...good, precoVenda: null, precoSobConsulta: true }, 5);
    expect(codes(hidden)).toEqual(["sob-consulta"]);
    expect(problem(hidden, "sob-consulta")?.severity).toBe("aviso");
  });

  it("warns about amenities VRSync has no value for, naming them", () => {
    const found = problem(
      validatePortalListing({ ...good, comodidades: ["piscina", "pe_na_areia"] }, 5),
      "comodidade-sem-mapa",
    );
    expect(found).toMatchObject({ severity: "aviso", field: "comodidades", portals: ["vrsync"] });
    expect(found?.message).toContain("Pé na areia");
  });

  it("flags a type with no mapping", () => {
    const found = validatePortalListing({ ...good, tipo: "iate" as ValidatedListing["tipo"] }, 5);
    expect(codes(found)).toEqual(expect.arrayContaining(["tipo-sem-mapa", "tipo-sem-mapa-cnm"]));
  });

  it("warns about a non-YouTube video and a tour without https", () => {
    const found = validatePortalListing(
      { ...good, videoUrl: "https://vimeo.com/1", tourUrl: "http://tour.x/1" },
      5,
    );
    expect(problem(found, "video-nao-youtube")).toMatchObject({ severity: "aviso", field: "videoUrl" });
    expect(problem(found, "tour-sem-https")).toMatchObject({ severity: "aviso", field: "tourUrl" });
  });

  it("asks for the area the portal needs: lot area for land, built area otherwise", () => {
    expect(problem(validatePortalListing({ ...good, areaUtil: null }, 5), "sem-area-util")?.field).toBe(
      "areaUtil",
    );
    const land = validatePortalListing({ ...good, tipo: "terreno", areaUtil: null, areaTotal: null }, 5);
    expect(problem(land, "sem-area-total")?.field).toBe("areaTotal");
  });

  it("warns when temporada goes to Chaves na Mão, and about address gaps for the chosen visibility", () => {
    const temporada = validatePortalListing(
      { ...good, finalidades: ["temporada"], precoVenda: null, precoAluguel: 900 },
      5,
    );
    expect(problem(temporada, "temporada-cnm")?.portals).toEqual(["chavesnamao"]);
    const address = validatePortalListing({ ...good, numero: null, latitude: null, longitude: null }, 5);
    expect(codes(address)).toEqual(expect.arrayContaining(["sem-numero", "sem-coordenadas"]));
    expect(
      validatePortalListing({ ...good, visibilidadeEndereco: "bairro", logradouro: null, numero: null }, 5),
    ).toEqual([]);
  });

  it("links each field to the form, and photos to the photos screen", () => {
    expect(fixHref(7, "titulo")).toBe("/admin/imoveis/7#imovel-titulo");
    expect(fixHref(7, "fotos")).toBe("/admin/imoveis/7/fotos");
  });

  it("checks the agency's header data", () => {
    expect(validateAgencyForPortals({ name: "X", email: "a@b.c", phones: ["1"], whatsapp: "" })).toEqual([]);
    expect(
      validateAgencyForPortals({ name: "X", email: " ", phones: [], whatsapp: "" }).map((p) => p.severity),
    ).toEqual(["erro", "aviso"]);
  });
});

describe("portalReport", () => {
  let database: Database;
  let corretorA: number;
  let corretorB: number;
  const jpeg: PhotoVariant[] = [
    { format: "jpeg", width: 640, height: 427, key: "aa/aa-640.jpg", bytes: 1000 },
  ];
  const webpOnly: PhotoVariant[] = [
    { format: "webp", width: 640, height: 427, key: "aa/aa-640.webp", bytes: 1000 },
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    await insertAgency(db);
    corretorA = (await insertUser(db, { name: "Ana" })).id;
    corretorB = (await insertUser(db, { name: "Bruno" })).id;
    const withPhotos = async (id: number, count: number, variants = jpeg) => {
      await db.insert(propertyPhotos).values(
        Array.from({ length: count }, (_, position) => ({
          propertyId: id,
          position,
          isCover: position === 0,
          width: 640,
          height: 427,
          placeholderColor: "#000000",
          hash: `h${id}-${position}`,
          variants,
        })),
      );
    };
    await withPhotos(
      (await insertProperty(db, { ...PORTAL_READY, referencia: "AP0001", corretorId: corretorA })).id,
      5,
    );
    await withPhotos(
      (
        await insertProperty(db, {
          ...PORTAL_READY,
          referencia: "AP0002",
          corretorId: corretorA,
          titulo: "Curto",
        })
      ).id,
      5,
    );
    // Photos without a JPEG variant do not count: the portals only take JPEG.
    await withPhotos(
      (await insertProperty(db, { ...PORTAL_READY, referencia: "AP0003", corretorId: corretorB })).id,
      6,
      webpOnly,
    );
    await insertProperty(db, {
      ...PORTAL_READY,
      referencia: "AP0004",
      corretorId: corretorB,
      publicacao: "rascunho",
    });
    await insertProperty(db, {
      ...PORTAL_READY,
      referencia: "AP0005",
      corretorId: corretorA,
      status: "vendido",
    });
    await insertProperty(db, { ...PORTAL_READY, referencia: "AP0006", publicarPortais: false, titulo: "X" });
  });

  afterAll(async () => {
    await database?.close();
  });

  it("counts the listings in the feed and those with errors, and lists the problems, errors first", async () => {
    const report = await portalReport(database.db);
    expect(report).toMatchObject({ inFeed: 3, withErrors: 2, withWarnings: 1, outOfFeed: 2 });
    expect(report.listings.map((l) => l.referencia)).toEqual(["AP0002", "AP0003", "AP0004", "AP0005"]);
    expect(codes(report.listings[0]!.problems)).toEqual(["titulo-curto"]);
    expect(report.listings[1]!.photoCount).toBe(0);
    expect(codes(report.listings[1]!.problems)).toEqual(["sem-fotos", "sem-fotos-cnm"]);
    expect(report.listings[2]!.outOfFeedReason).toBe("Rascunho: só imóveis publicados vão para os portais.");
    expect(report.listings[3]!.outOfFeedReason).toBe("Vendido: só imóveis disponíveis vão para os portais.");
    expect(filterReport(report.listings, "erros").map((l) => l.referencia)).toEqual(["AP0002", "AP0003"]);
    expect(filterReport(report.listings, "fora").map((l) => l.referencia)).toEqual(["AP0004", "AP0005"]);
    expect(filterReport(report.listings, "avisos").map((l) => l.referencia)).toEqual(["AP0003"]);
  });

  it("shows a corretor only their own listings", async () => {
    const mine = await portalReport(database.db, { corretorId: corretorA });
    expect(mine).toMatchObject({ inFeed: 2, withErrors: 1, outOfFeed: 1 });
    expect(mine.listings.map((l) => l.referencia)).toEqual(["AP0002", "AP0005"]);
    const theirs = await portalReport(database.db, { corretorId: corretorB });
    expect(theirs.listings.map((l) => l.referencia)).toEqual(["AP0003", "AP0004"]);
  });
});
