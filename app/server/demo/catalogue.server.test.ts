import { describe, expect, it } from "vitest";
import {
  ADDRESS_VISIBILITY_KEYS,
  COMODIDADE_KEYS,
  FINALIDADE_KEYS,
  IPTU_PERIOD_KEYS,
  STATUS_KEYS,
  TIPO_KEYS,
  TIPOS,
} from "../../lib/vocabulary";
import { type DemoListing, generateListings } from "./catalogue.server";
import { PRICE_RANGES } from "./prices.server";
import { SCENE_KINDS } from "./scenes.server";

const NOW = new Date("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
const demo = generateListings(64, 42, { now: NOW });
const many = generateListings(3000, 7, { now: NOW });

const inRange = (v: number, [min, max]: readonly [number, number]) => v >= min && v <= max;

describe("generateListings", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    expect(generateListings(64, 42, { now: NOW })).toEqual(demo);
    const other = generateListings(64, 43, { now: NOW });
    expect(other.map((l) => l.titulo)).not.toEqual(demo.map((l) => l.titulo));
  });

  it("numbers referências with the type prefix, uniquely, from firstNumber", () => {
    for (const listings of [demo, many]) {
      const refs = listings.map((l) => l.referencia.toUpperCase());
      expect(new Set(refs).size).toBe(refs.length);
    }
    for (const l of demo) {
      expect(l.referencia).toMatch(/^[A-Z]{2}\d{4,}$/);
      expect(l.referencia.slice(0, 2)).toBe(TIPOS[l.tipo].prefix);
    }
    expect(demo[0]!.referencia.slice(2)).toBe("0001");
    const later = generateListings(3, 1, { firstNumber: 12_345, now: NOW });
    expect(later.map((l) => Number(l.referencia.slice(2)))).toEqual([12_345, 12_346, 12_347]);
  });

  it("uses only keys from the vocabulary, consistently", () => {
    for (const l of many) {
      expect(TIPO_KEYS).toContain(l.tipo);
      expect(STATUS_KEYS).toContain(l.status);
      expect(ADDRESS_VISIBILITY_KEYS).toContain(l.visibilidadeEndereco);
      expect(IPTU_PERIOD_KEYS).toContain(l.iptuPeriodo);
      expect(l.finalidades.length).toBeGreaterThan(0);
      for (const f of l.finalidades) expect(FINALIDADE_KEYS).toContain(f);
      for (const c of l.comodidades ?? []) expect(COMODIDADE_KEYS).toContain(c);
      expect(new Set(l.comodidades).size).toBe(l.comodidades?.length);
      expect(l.publicacao).toBe("publicado");
      expect(l.uf).toBe("AL");
      // the rent period follows the finalidade
      if (l.finalidades.includes("aluguel")) expect(l.periodoAluguel).toBe("mensal");
      else if (l.finalidades.includes("temporada")) expect(["diaria", "semanal"]).toContain(l.periodoAluguel);
      else expect(l.periodoAluguel).toBeNull();
      expect(l.precoVenda === null).toBe(!l.finalidades.includes("venda"));
      // sold listings were for sale, rented ones for monthly rent
      if (l.status === "vendido") expect(l.finalidades).toContain("venda");
      if (l.status === "alugado") expect(l.finalidades).toContain("aluguel");
      expect(l.suites ?? 0).toBeLessThanOrEqual(l.quartos ?? 0);
    }
  });

  it("writes Portuguese titles of 10–100 characters and descriptions of 2–4 paragraphs", () => {
    for (const l of many) {
      expect(l.titulo.length).toBeGreaterThanOrEqual(10);
      expect(l.titulo.length).toBeLessThanOrEqual(100);
      const descricao = l.descricao ?? "";
      expect(descricao.length).toBeGreaterThanOrEqual(300);
      expect(descricao.length).toBeLessThanOrEqual(1500);
      const paragraphs = descricao.split("\n\n");
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(paragraphs.length).toBeLessThanOrEqual(4);
      expect(descricao).not.toMatch(/\b(undefined|null|NaN)\b|lorem|ipsum|\$\{/);
      expect(l.titulo).not.toMatch(/\b(undefined|null|NaN)\b|\s{2}/);
    }
    // varied phrasing: most titles are distinct
    expect(new Set(demo.map((l) => l.titulo)).size).toBeGreaterThan(55);
  });

  it("places listings inside Alagoas with plausible CEPs and addresses", () => {
    for (const l of many) {
      expect(l.latitude).toBeGreaterThan(-10.6);
      expect(l.latitude).toBeLessThan(-8.8);
      expect(l.longitude).toBeGreaterThan(-38.3);
      expect(l.longitude).toBeLessThan(-35.1);
      expect(l.cep).toMatch(/^57\d{3}-\d{3}$/);
      if (l.cidade === "Maceió") expect(l.cep).toMatch(/^570/);
      expect(l.logradouro).toBeTruthy();
      expect(l.numero).toBeTruthy();
      expect(l.bairro).toBeTruthy();
    }
  });

  it("keeps prices inside the domain ranges", () => {
    for (const l of many) {
      if (l.precoVenda !== null && l.precoVenda !== undefined) {
        expect(inRange(l.precoVenda, PRICE_RANGES.venda[l.tipo]), `${l.referencia} ${l.precoVenda}`).toBe(
          true,
        );
        const nobre = l.bairro === "Ponta Verde" || l.bairro === "Jatiúca";
        if (l.tipo === "apartamento" && nobre && (l.quartos === 2 || l.quartos === 3)) {
          expect(inRange(l.precoVenda, PRICE_RANGES.apartamentoOrlaNobre)).toBe(true);
        }
        if (l.tipo === "terreno" || l.tipo === "lote_condominio") {
          expect(inRange(l.precoVenda, [120_000, 700_000])).toBe(true);
        }
      }
      if (l.precoAluguel !== null && l.precoAluguel !== undefined) {
        const range =
          l.periodoAluguel === "mensal"
            ? PRICE_RANGES.aluguelMensal
            : l.periodoAluguel === "diaria"
              ? PRICE_RANGES.temporadaDiaria
              : PRICE_RANGES.temporadaSemanal;
        expect(inRange(l.precoAluguel, range), `${l.referencia} ${l.precoAluguel}`).toBe(true);
      } else {
        expect(l.finalidades).toEqual(["venda"]);
      }
      for (const fee of [l.condominio, l.iptu]) {
        if (fee !== null && fee !== undefined) expect(fee).toBeGreaterThanOrEqual(0);
      }
    }
    const diarias = many.filter((l) => l.periodoAluguel === "diaria").map((l) => l.precoAluguel!);
    expect(Math.min(...diarias)).toBeGreaterThanOrEqual(350);
    expect(Math.max(...diarias)).toBeLessThanOrEqual(2500);
  });

  it("has a realistic mix of types, purposes, statuses and flags", () => {
    const count = (pred: (l: DemoListing) => boolean) => demo.filter(pred).length;
    const byTipo = (t: string) => count((l) => l.tipo === t);
    expect(byTipo("apartamento")).toBeGreaterThan(byTipo("casa"));
    for (const t of ["apartamento", "casa", "casa_condominio", "cobertura", "flat", "terreno"]) {
      expect(byTipo(t), t).toBeGreaterThan(0);
    }
    expect(count((l) => TIPOS[l.tipo].usage === "comercial")).toBeGreaterThan(0);
    expect(count((l) => l.finalidades.includes("temporada"))).toBeGreaterThan(0);
    expect(
      count((l) => l.finalidades.includes("aluguel") && !l.finalidades.includes("venda")),
    ).toBeGreaterThan(0);
    expect(
      count((l) => l.finalidades.includes("venda") && l.finalidades.includes("aluguel")),
    ).toBeGreaterThan(0);
    expect(count((l) => l.status === "disponivel")).toBeGreaterThan(demo.length * 0.7);
    expect(count((l) => l.status !== "disponivel")).toBeGreaterThan(0);
    expect(count((l) => l.destaque === true)).toBe(10);
    for (const l of demo.filter((x) => x.destaque)) expect(l.status).toBe("disponivel");
    expect(count((l) => l.publicarPortais === true)).toBeGreaterThan(demo.length * 0.7);
    expect(count((l) => l.precoSobConsulta === true)).toBeGreaterThan(0);
    expect(new Set(demo.map((l) => l.visibilidadeEndereco)).size).toBe(3);
    expect(new Set(demo.map((l) => l.cidade)).size).toBeGreaterThan(5);
    // temporada only where there is a beach
    for (const l of many.filter((x) => x.finalidades.includes("temporada"))) {
      expect(["Arapiraca", "Penedo", "Rio Largo"]).not.toContain(l.cidade);
    }
  });

  it("spreads publication over the last 120 days", () => {
    for (const l of many) {
      const age = NOW.getTime() - l.publishedAt.getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(120 * DAY);
    }
  });

  it("chooses 4–10 photos suited to the type, cover first, each with alt text", () => {
    for (const l of many) {
      expect(l.sceneKinds.length).toBeGreaterThanOrEqual(4);
      expect(l.sceneKinds.length).toBeLessThanOrEqual(10);
      expect(l.altTexts.length).toBe(l.sceneKinds.length);
      for (const k of l.sceneKinds) expect(SCENE_KINDS).toContain(k);
      for (const alt of l.altTexts) {
        expect(alt.length).toBeGreaterThan(5);
        expect(alt).not.toMatch(/undefined|null/);
      }
      const cover = l.sceneKinds[0];
      if (l.tipo === "terreno" || l.tipo === "lote_condominio") {
        expect(cover).toBe("land");
        expect(l.sceneKinds.every((k) => ["land", "aerial", "beach", "house", "pool"].includes(k))).toBe(
          true,
        );
      }
      if (l.tipo === "casa" || l.tipo === "casa_condominio") expect(cover).toBe("house");
      if (l.tipo === "apartamento") {
        expect(["building", "beach"]).toContain(cover);
        expect(l.sceneKinds).toEqual(expect.arrayContaining(["living", "bedroom", "kitchen", "bathroom"]));
      }
    }
  });
});
