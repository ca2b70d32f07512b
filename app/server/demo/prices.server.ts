// Prices of the demo listings: sale, rent, condomínio and IPTU from the place's price per m²,
// rounded as agencies round them and kept inside the ranges of shared/spec/domain.md.

import type { SeededRandom } from "../../lib/seeded-random";
import type { IptuPeriod, RentPeriod, Tipo } from "../../lib/vocabulary";
import { type Draft, VERTICAL } from "./listing-shape.server";

export const PRICE_RANGES = {
  /** Sale price bounds by tipo. */
  venda: {
    apartamento: [180_000, 2_400_000],
    cobertura: [900_000, 4_800_000],
    flat: [220_000, 950_000],
    kitnet: [120_000, 320_000],
    loft: [250_000, 700_000],
    casa: [190_000, 4_500_000],
    casa_condominio: [450_000, 4_500_000],
    terreno: [120_000, 700_000],
    lote_condominio: [120_000, 700_000],
    chacara: [250_000, 1_800_000],
    fazenda: [900_000, 9_000_000],
    sala_comercial: [140_000, 1_200_000],
    loja: [180_000, 2_500_000],
    galpao: [600_000, 6_000_000],
    predio_comercial: [1_200_000, 8_000_000],
  } satisfies Record<Tipo, [number, number]>,
  /** Monthly rent. */
  aluguelMensal: [900, 15_000] as [number, number],
  /** Monthly rent of 2–3 bedroom apartments in Maceió's beach districts. */
  aluguelMensalOrla: [2_500, 9_000] as [number, number],
  /** Sale price of 2–3 bedroom apartments in Ponta Verde/Jatiúca. */
  apartamentoOrlaNobre: [550_000, 1_600_000] as [number, number],
  /** Beach houses on the north coast. */
  casaPraiaNorte: [900_000, 4_500_000] as [number, number],
  temporadaDiaria: [350, 2_500] as [number, number],
  temporadaSemanal: [2_100, 15_000] as [number, number],
};

const clamp = (v: number, [min, max]: readonly [number, number]) => Math.min(max, Math.max(min, v));

/** Round the way agencies do: R$ 1.285.000, R$ 689.000, R$ 3.500, R$ 450. */
function roundPrice(v: number): number {
  if (v >= 1_000_000) return Math.round(v / 5_000) * 5_000;
  if (v >= 100_000) return Math.round(v / 1_000) * 1_000;
  if (v >= 10_000) return Math.round(v / 500) * 500;
  if (v >= 1_000) return Math.round(v / 50) * 50;
  return Math.round(v / 10) * 10;
}

/** Clamp, round, and clamp again so rounding never leaves the range. */
function price(v: number, range: readonly [number, number]): number {
  const rounded = roundPrice(clamp(v, range));
  return clamp(rounded, range);
}

export type Prices = {
  precoVenda: number | null;
  precoAluguel: number | null;
  periodoAluguel: RentPeriod | null;
  condominio: number | null;
  iptu: number | null;
  iptuPeriodo: IptuPeriod;
};

export function prices(rnd: SeededRandom, d: Draft): Prices {
  const { tipo, place } = d;
  const vendaRange = PRICE_RANGES.venda[tipo];
  const m2Price = place.m2 * rnd.float(0.85, 1.15);
  let value: number;
  switch (tipo) {
    case "apartamento":
    case "flat":
    case "kitnet":
    case "loft":
      value = (d.areaUtil ?? 60) * m2Price * (d.frontMar ? 1.25 : 1) * (1 + (d.andar ?? 0) * 0.004);
      break;
    case "cobertura":
      value = (d.areaUtil ?? 250) * m2Price * 1.15;
      break;
    case "casa":
    case "casa_condominio": {
      const coastPremium = place.region === "norte" ? 1.35 : place.region === "orla" ? 1.05 : 1;
      value = (d.areaUtil ?? 150) * m2Price * 0.85 * coastPremium * (d.frontMar ? 1.3 : 1);
      value += (d.areaTotal ?? 0) * m2Price * 0.08;
      break;
    }
    case "terreno":
    case "lote_condominio":
      value =
        (d.areaTotal ?? 400) * m2Price * (tipo === "lote_condominio" ? 0.12 : 0.09) * (d.frontMar ? 1.6 : 1);
      break;
    case "chacara":
      value = (d.areaTotal ?? 10_000) * rnd.float(25, 45) + (d.areaUtil ?? 150) * 1800;
      break;
    case "fazenda":
      value = ((d.areaTotal ?? 1_000_000) / 10_000) * rnd.float(14_000, 30_000);
      break;
    default:
      value = (d.areaUtil ?? 60) * m2Price * (tipo === "galpao" ? 0.45 : tipo === "loja" ? 1.05 : 0.95);
  }
  let precoVenda = price(value, vendaRange);
  // Keep the flagship segment inside the ranges documented in domain.md.
  const nobre = place.bairro === "Ponta Verde" || place.bairro === "Jatiúca";
  if (tipo === "apartamento" && nobre && (d.quartos === 2 || d.quartos === 3)) {
    precoVenda = price(precoVenda, PRICE_RANGES.apartamentoOrlaNobre);
  }
  if ((tipo === "casa" || tipo === "casa_condominio") && place.region === "norte" && place.beach) {
    precoVenda = price(precoVenda, PRICE_RANGES.casaPraiaNorte);
  }

  let precoAluguel: number | null = null;
  let periodoAluguel: RentPeriod | null = null;
  if (d.finalidades.includes("aluguel")) {
    periodoAluguel = "mensal";
    const orla = place.region === "orla" && tipo === "apartamento" && (d.quartos === 2 || d.quartos === 3);
    precoAluguel = price(
      precoVenda * rnd.float(0.0042, 0.0058) * (d.mobiliado ? 1.15 : 1),
      orla ? PRICE_RANGES.aluguelMensalOrla : PRICE_RANGES.aluguelMensal,
    );
  } else if (d.finalidades.includes("temporada")) {
    const daily = price(
      180 + precoVenda * rnd.float(0.0005, 0.0009) + (d.frontMar ? 250 : 0),
      PRICE_RANGES.temporadaDiaria,
    );
    if (rnd.chance(0.3)) {
      periodoAluguel = "semanal";
      precoAluguel = price(daily * 6, PRICE_RANGES.temporadaSemanal);
    } else {
      periodoAluguel = "diaria";
      precoAluguel = daily;
    }
  }

  let condominio: number | null = null;
  if (VERTICAL.includes(tipo)) {
    condominio = roundPrice(
      (d.areaUtil ?? 60) * rnd.float(6.5, 10.5) + (d.comodidades.includes("piscina") ? 120 : 0),
    );
  } else if (tipo === "casa_condominio") condominio = roundPrice(rnd.float(380, 1_200));
  else if (tipo === "lote_condominio") condominio = roundPrice(rnd.float(250, 650));
  else if (tipo === "sala_comercial") condominio = roundPrice((d.areaUtil ?? 40) * rnd.float(8, 14));
  else if (tipo === "casa" && rnd.chance(0.3)) condominio = 0;

  let iptu: number | null = rnd.chance(0.85) ? roundPrice(precoVenda * rnd.float(0.0025, 0.0055)) : null;
  let iptuPeriodo: IptuPeriod = "anual";
  if (iptu !== null && rnd.chance(0.25)) {
    iptuPeriodo = "mensal";
    iptu = roundPrice(iptu / 12);
  }
  if (tipo === "fazenda" || tipo === "chacara") iptu = null;

  return {
    precoVenda: d.finalidades.includes("venda") ? precoVenda : null,
    precoAluguel,
    periodoAluguel,
    condominio,
    iptu,
    iptuPeriodo,
  };
}
