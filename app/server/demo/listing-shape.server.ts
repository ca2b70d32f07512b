// The facts of a demo listing before its prices and texts: rooms, areas, floor, amenities and
// what it is offered for, drawn to fit its type and place.

import type { SeededRandom } from "../../lib/seeded-random";
import {
  COMODIDADES,
  type Comodidade,
  type Finalidade,
  type RentPeriod,
  type Tipo,
} from "../../lib/vocabulary";
import { MACEIO, type Place } from "./places.server";

export const COMMERCIAL: readonly Tipo[] = ["sala_comercial", "loja", "galpao", "predio_comercial"];

export const LAND: readonly Tipo[] = ["terreno", "lote_condominio"];

export const RURAL: readonly Tipo[] = ["chacara", "fazenda"];

export const VERTICAL: readonly Tipo[] = ["apartamento", "cobertura", "flat", "kitnet", "loft"];

export type Draft = {
  tipo: Tipo;
  place: Place;
  quartos: number;
  suites: number;
  banheiros: number;
  vagas: number;
  areaUtil: number | null;
  areaTotal: number | null;
  andar: number | null;
  anoConstrucao: number | null;
  /** null = não informado, as an agent leaves it (the listing page then says nothing). */
  mobiliado: boolean | null;
  aceitaPet: boolean | null;
  comodidades: Comodidade[];
  finalidades: Finalidade[];
  periodo: RentPeriod | null;
  frontMar: boolean;
};

export function shape(rnd: SeededRandom, tipo: Tipo, place: Place): Draft {
  const d: Draft = {
    tipo,
    place,
    quartos: 0,
    suites: 0,
    banheiros: 1,
    vagas: 0,
    areaUtil: null,
    areaTotal: null,
    andar: null,
    anoConstrucao: null,
    // Said for flats, kitnets and lofts (below), where renters ask; not said elsewhere.
    mobiliado: null,
    aceitaPet: rnd.chance(0.55),
    comodidades: [],
    finalidades: [],
    periodo: null,
    frontMar: false,
  };
  const year = () =>
    rnd.weighted([
      [rnd.int(1985, 2005), 2],
      [rnd.int(2006, 2018), 4],
      [rnd.int(2019, 2025), 3],
    ] as const);
  switch (tipo) {
    case "apartamento":
      d.quartos = rnd.weighted([
        [1, 1],
        [2, 4],
        [3, 5],
        [4, 2],
      ] as const);
      d.suites = Math.min(d.quartos, rnd.int(d.quartos >= 3 ? 1 : 0, d.quartos));
      d.areaUtil = Math.round(28 + d.quartos * rnd.float(20, 30) + d.suites * 6);
      d.vagas = Math.min(4, Math.max(1, d.quartos - rnd.int(0, 1)));
      d.andar = rnd.int(1, place.region === "orla" || place.cidade === MACEIO ? 24 : 8);
      break;
    case "cobertura":
      d.quartos = rnd.int(3, 5);
      d.suites = rnd.int(2, d.quartos);
      d.areaUtil = Math.round(rnd.float(170, 420));
      d.vagas = rnd.int(2, 4);
      d.andar = rnd.int(12, 28);
      break;
    case "flat":
      d.quartos = rnd.int(1, 2);
      d.suites = d.quartos;
      d.areaUtil = Math.round(rnd.float(30, 38) * d.quartos + 8);
      d.vagas = rnd.int(0, 1);
      d.andar = rnd.int(1, 14);
      d.mobiliado = rnd.chance(0.9);
      break;
    case "kitnet":
      d.quartos = 1;
      d.areaUtil = rnd.int(22, 40);
      d.vagas = rnd.int(0, 1);
      d.andar = rnd.int(1, 6);
      d.mobiliado = rnd.chance(0.5);
      break;
    case "loft":
      d.quartos = 1;
      d.suites = 1;
      d.areaUtil = rnd.int(45, 85);
      d.vagas = 1;
      d.andar = rnd.int(2, 15);
      d.mobiliado = rnd.chance(0.5);
      break;
    case "casa":
      d.quartos = rnd.int(2, 5);
      d.suites = rnd.int(d.quartos >= 3 ? 1 : 0, d.quartos);
      d.areaUtil = Math.round(50 + d.quartos * rnd.float(30, 65));
      d.areaTotal = Math.round(d.areaUtil * rnd.float(1.6, 3.5));
      d.vagas = rnd.int(1, 4);
      break;
    case "casa_condominio":
      d.quartos = rnd.int(3, 5);
      d.suites = rnd.int(2, d.quartos);
      d.areaUtil = Math.round(70 + d.quartos * rnd.float(35, 70));
      d.areaTotal = Math.round(d.areaUtil * rnd.float(1.5, 2.8));
      d.vagas = rnd.int(2, 4);
      break;
    case "terreno":
      d.banheiros = 0;
      d.areaTotal = rnd.weighted([
        [rnd.int(250, 480), 4],
        [rnd.int(480, 1200), 3],
        [rnd.int(1200, 5000), 1],
      ] as const);
      d.aceitaPet = null; // land and commercial: pets are not a question
      break;
    case "lote_condominio":
      d.banheiros = 0;
      d.areaTotal = rnd.int(360, 1200);
      d.aceitaPet = null; // land and commercial: pets are not a question
      break;
    case "chacara":
      d.quartos = rnd.int(2, 4);
      d.suites = rnd.int(0, 2);
      d.areaUtil = rnd.int(110, 320);
      d.areaTotal = rnd.int(5, 40) * 1000;
      d.vagas = rnd.int(2, 6);
      break;
    case "fazenda":
      d.quartos = rnd.int(3, 6);
      d.suites = rnd.int(1, 3);
      d.areaUtil = rnd.int(200, 600);
      d.areaTotal = rnd.int(40, 600) * 10_000;
      d.vagas = rnd.int(3, 8);
      break;
    case "sala_comercial":
      d.banheiros = rnd.int(1, 2);
      d.areaUtil = rnd.int(28, 180);
      d.vagas = rnd.int(0, 2);
      d.andar = rnd.int(1, 18);
      d.aceitaPet = null; // land and commercial: pets are not a question
      break;
    case "loja":
      d.banheiros = rnd.int(1, 3);
      d.areaUtil = rnd.int(40, 420);
      d.areaTotal = Math.round(d.areaUtil * rnd.float(1, 1.4));
      d.vagas = rnd.int(0, 4);
      d.aceitaPet = null; // land and commercial: pets are not a question
      break;
    case "galpao":
      d.banheiros = rnd.int(2, 4);
      d.areaUtil = rnd.int(300, 3000);
      d.areaTotal = Math.round(d.areaUtil * rnd.float(1.3, 2.2));
      d.vagas = rnd.int(4, 20);
      d.aceitaPet = null; // land and commercial: pets are not a question
      break;
    case "predio_comercial":
      d.banheiros = rnd.int(4, 12);
      d.areaUtil = rnd.int(400, 2200);
      d.areaTotal = Math.round(d.areaUtil * rnd.float(0.5, 0.9));
      d.vagas = rnd.int(4, 30);
      d.andar = null;
      d.aceitaPet = null; // land and commercial: pets are not a question
      break;
  }
  if (d.quartos > 0) d.banheiros = Math.max(1, d.suites + rnd.int(d.suites === d.quartos ? 0 : 1, 1));
  if (!LAND.includes(tipo)) d.anoConstrucao = year();
  d.frontMar =
    place.beach &&
    !COMMERCIAL.includes(tipo) &&
    rnd.chance(tipo === "casa" || LAND.includes(tipo) ? 0.35 : 0.2);
  d.comodidades = amenities(rnd, d);
  d.finalidades = finalidades(rnd, d);
  return d;
}

function amenities(rnd: SeededRandom, d: Draft): Comodidade[] {
  const set = new Set<Comodidade>();
  const add = (c: Comodidade, p = 1) => {
    if (rnd.chance(p)) set.add(c);
  };
  const seaView = d.place.beach && (d.frontMar || rnd.chance(0.45));
  switch (d.tipo) {
    case "apartamento":
    case "cobertura":
    case "flat":
    case "kitnet":
    case "loft":
      add("portaria_24h", 0.85);
      if ((d.andar ?? 0) > 3 || d.tipo === "cobertura") set.add("elevador");
      add("piscina", d.tipo === "kitnet" ? 0.2 : 0.75);
      add("academia", 0.6);
      add("salao_festas", 0.6);
      add("churrasqueira", 0.4);
      add("playground", d.quartos >= 2 ? 0.55 : 0.1);
      add("espaco_gourmet", 0.35);
      add("sauna", 0.2);
      add("quadra", 0.2);
      add("ar_condicionado", 0.7);
      add("armarios_embutidos", 0.75);
      if (d.tipo === "cobertura") {
        set.add("varanda_gourmet");
        add("churrasqueira", 0.8);
        add("closet", 0.8);
      } else add(rnd.chance(0.4) ? "varanda_gourmet" : "varanda", 0.7);
      add("area_servico", d.quartos >= 2 ? 0.9 : 0.3);
      if (d.quartos >= 3) add("dependencia_empregada", 0.4);
      if (d.suites >= 2) add("closet", 0.4);
      add("energia_solar", 0.1);
      if (seaView) set.add("vista_mar");
      if (d.frontMar) add("pe_na_areia", 0.3);
      break;
    case "casa":
    case "casa_condominio":
      if (d.tipo === "casa_condominio") {
        set.add("portaria_24h");
        add("area_verde", 0.8);
        add("quadra", 0.5);
        add("playground", 0.6);
        add("salao_festas", 0.5);
        add("academia", 0.4);
      }
      add("piscina", d.place.beach ? 0.7 : 0.45);
      add("churrasqueira", 0.7);
      add("espaco_gourmet", 0.4);
      add("varanda", 0.7);
      add("ar_condicionado", 0.6);
      add("armarios_embutidos", 0.6);
      add("closet", d.suites >= 2 ? 0.5 : 0.1);
      add("area_servico", 0.9);
      add("energia_solar", 0.3);
      if (d.quartos >= 4) add("dependencia_empregada", 0.5);
      if (seaView) set.add("vista_mar");
      if (d.frontMar) set.add("pe_na_areia");
      break;
    case "terreno":
    case "lote_condominio":
      if (d.tipo === "lote_condominio") {
        set.add("portaria_24h");
        add("area_verde", 0.9);
        add("quadra", 0.5);
        add("piscina", 0.5);
        add("salao_festas", 0.4);
      }
      if (seaView) add("vista_mar", 0.7);
      if (d.frontMar) set.add("pe_na_areia");
      break;
    case "chacara":
    case "fazenda":
      set.add("area_verde");
      add("piscina", 0.6);
      add("churrasqueira", 0.8);
      add("varanda", 0.8);
      add("energia_solar", 0.4);
      add("area_servico", 0.6);
      break;
    case "sala_comercial":
    case "predio_comercial":
      add("ar_condicionado", 0.8);
      add("portaria_24h", 0.7);
      if ((d.andar ?? 2) > 1 || d.tipo === "predio_comercial") set.add("elevador");
      break;
    case "loja":
      add("ar_condicionado", 0.6);
      break;
    case "galpao":
      add("energia_solar", 0.3);
      add("portaria_24h", 0.3);
      break;
  }
  // Keep the vocabulary's order: stable output and tidy badges.
  return (Object.keys(COMODIDADES) as Comodidade[]).filter((c) => set.has(c));
}

function finalidades(rnd: SeededRandom, d: Draft): Finalidade[] {
  if (LAND.includes(d.tipo) || d.tipo === "fazenda") return ["venda"];
  if (COMMERCIAL.includes(d.tipo)) {
    return rnd
      .weighted([
        [["venda"], 4],
        [["aluguel"], 5],
        [["venda", "aluguel"], 1],
      ] as const)
      .slice();
  }
  const holiday =
    d.place.beach &&
    (["apartamento", "casa", "casa_condominio", "flat", "cobertura"] as Tipo[]).includes(d.tipo);
  const options: [Finalidade[], number][] = [
    [["venda"], 58],
    [["aluguel"], d.tipo === "chacara" ? 0 : 22],
    [["venda", "aluguel"], 8],
  ];
  if (holiday) {
    options.push([["temporada"], d.place.region === "orla" ? 10 : 24]);
    options.push([["venda", "temporada"], 4]);
  }
  return rnd.weighted(options);
}
