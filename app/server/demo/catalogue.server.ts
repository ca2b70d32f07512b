// A deterministic generator of realistic Alagoas listings for the demo catalogue and for
// benchmarks: same count + seed (+ now) = same listings. Places, coordinates and price ranges
// follow shared/spec/domain.md (places.server.ts, prices.server.ts); every key comes from
// app/lib/vocabulary.ts.

import { SeededRandom } from "../../lib/seeded-random";
import { type AddressVisibility, type Status, TIPOS, type Tipo } from "../../lib/vocabulary";
import type { NewProperty } from "../db/schema.server";
import { description } from "./listing-description.server";
import { RURAL, shape, VERTICAL } from "./listing-shape.server";
import { title } from "./listing-title.server";
import { PLACES_BY_TIPO } from "./places.server";
import { prices } from "./prices.server";
import { altText, scenes } from "./scene-plan.server";
import type { SceneKind } from "./scenes.server";

export type DemoListing = Omit<
  NewProperty,
  "id" | "createdAt" | "updatedAt" | "searchVector" | "publishedAt"
> & {
  publishedAt: Date;
  /** 4–10 photo scenes, cover first. */
  sceneKinds: SceneKind[];
  /** One Portuguese alt text per scene. */
  altTexts: string[];
};

export type GenerateOptions = {
  /** Number of the first referência (AP0001 = 1); bulk seeding continues after the existing max. */
  firstNumber?: number;
  /** publishedAt is spread over the 120 days before this instant. */
  now?: Date;
};

const TIPO_WEIGHTS: readonly (readonly [Tipo, number])[] = [
  ["apartamento", 30],
  ["casa", 12],
  ["casa_condominio", 10],
  ["cobertura", 6],
  ["flat", 7],
  ["terreno", 8],
  ["lote_condominio", 4],
  ["kitnet", 3],
  ["loft", 1],
  ["chacara", 2],
  ["fazenda", 1],
  ["sala_comercial", 5],
  ["loja", 3],
  ["galpao", 1],
  ["predio_comercial", 1],
];

/** A deck with the weights' proportions (largest remainder), shuffled: small counts still get variety. */
function tipoDeck(rnd: SeededRandom, count: number): Tipo[] {
  const total = TIPO_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  const exact = TIPO_WEIGHTS.map(([t, w]) => ({ t, v: (w * count) / total }));
  const deck: Tipo[] = [];
  for (const e of exact) for (let i = 0; i < Math.floor(e.v); i++) deck.push(e.t);
  const rest = [...exact].sort((a, b) => (b.v % 1) - (a.v % 1));
  for (let i = 0; deck.length < count; i++) deck.push(rest[i % rest.length]!.t);
  return rnd.shuffle(deck);
}

const DAY = 86_400_000;

export function generateListings(count: number, seed = 42, options: GenerateOptions = {}): DemoListing[] {
  const rnd = new SeededRandom(seed);
  const now = (options.now ?? new Date()).getTime();
  const first = options.firstNumber ?? 1;
  const deck = tipoDeck(rnd, count);
  const listings: DemoListing[] = [];
  for (let i = 0; i < count; i++) {
    const tipo = deck[i]!;
    // Each listing has its own stream so one listing's choices never shift the next one's.
    const r = new SeededRandom((seed * 100_003 + i * 7919) ^ 0x5bd1e995);
    const place = r.weighted(PLACES_BY_TIPO[tipo]);
    const d = shape(r, tipo, place);
    const p = prices(r, d);

    const forSale = d.finalidades.includes("venda");
    const monthly = d.finalidades.includes("aluguel");
    const status: Status = r.weighted([
      ["disponivel", 84],
      ["reservado", 7],
      ["vendido", forSale ? (monthly ? 4 : 9) : 0],
      ["alugado", monthly ? (forSale ? 5 : 9) : 0],
    ] as const);
    const visibilidade: AddressVisibility = r.weighted([
      ["completo", 35],
      ["rua", 35],
      ["bairro", 30],
    ] as const);
    const street = r.pick(place.streets);
    const rural = street.startsWith("Rodovia") || RURAL.includes(tipo);
    const numero = rural ? (r.chance(0.5) ? "s/n" : `km ${r.int(2, 40)}`) : String(r.int(12, 2400));
    let complemento: string | null = null;
    if (VERTICAL.includes(tipo) && d.andar)
      complemento = `Apto ${d.andar * 100 + r.int(1, 4)}${r.chance(0.3) ? `, Bloco ${r.pick(["A", "B", "C"])}` : ""}`;
    else if (tipo === "sala_comercial" && d.andar) complemento = `Sala ${d.andar * 100 + r.int(1, 12)}`;
    else if (tipo === "casa_condominio") complemento = `Casa ${r.int(1, 80)}`;
    else if (tipo === "lote_condominio")
      complemento = `Quadra ${r.pick(["A", "B", "C", "D", "E"])}, Lote ${r.int(1, 40)}`;
    const cep = place.singleCep
      ? `${place.cep}-000`
      : `${place.cep}-${String(r.int(0, 99) * 10).padStart(3, "0")}`;

    // Jitter around the neighbourhood; on the coast only inland (west), never into the sea.
    const latitude = Number((place.lat + r.float(-0.004, 0.004)).toFixed(6));
    const longitude = Number(
      (place.lng + (place.beach ? -r.float(0.0005, 0.007) : r.float(-0.005, 0.005))).toFixed(6),
    );

    const kinds = scenes(r, d);
    const number = first + i;
    const referencia = `${TIPOS[tipo].prefix}${String(number).padStart(4, "0")}`;
    const daysAgo = r.float(0, 120);
    const sobConsulta = r.chance(
      tipo === "cobertura" || tipo === "fazenda" || tipo === "predio_comercial" ? 0.25 : 0.04,
    );

    listings.push({
      referencia,
      titulo: title(r, d),
      descricao: description(r, d, p),
      tipo,
      finalidades: d.finalidades,
      precoVenda: p.precoVenda,
      precoAluguel: p.precoAluguel,
      periodoAluguel: p.periodoAluguel,
      precoSobConsulta: sobConsulta,
      condominio: p.condominio,
      iptu: p.iptu,
      iptuPeriodo: p.iptuPeriodo,
      quartos: d.quartos,
      suites: d.suites,
      banheiros: d.banheiros,
      vagas: d.vagas,
      areaUtil: d.areaUtil,
      areaTotal: d.areaTotal,
      andar: d.andar,
      anoConstrucao: d.anoConstrucao,
      mobiliado: d.mobiliado,
      aceitaPet: d.aceitaPet,
      comodidades: d.comodidades,
      cep,
      logradouro: street,
      numero,
      complemento,
      bairro: place.bairro,
      cidade: place.cidade,
      uf: "AL",
      latitude,
      longitude,
      visibilidadeEndereco: visibilidade,
      videoUrl: null,
      tourUrl: null,
      status,
      publicacao: "publicado",
      destaque: false,
      publicarPortais: r.chance(0.85),
      publishedAt: new Date(Math.round(now - daysAgo * DAY)),
      sceneKinds: kinds,
      altTexts: kinds.map((k, index) => altText(k, index, kinds, d)),
    });
  }
  // About ten featured listings, all available and with a visible price.
  const candidates = listings
    .map((l, index) => ({ l, index }))
    .filter(({ l }) => l.status === "disponivel" && !l.precoSobConsulta);
  for (const { l } of rnd.shuffle(candidates).slice(0, Math.min(10, Math.ceil(count * 0.15))))
    l.destaque = true;
  return listings;
}
