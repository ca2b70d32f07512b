// A deterministic generator of realistic Alagoas listings for the demo catalogue and for
// benchmarks: same count + seed (+ now) = same listings. Places, coordinates and price ranges
// follow shared/spec/domain.md; every key comes from app/lib/vocabulary.ts.

import { formatCount } from "../../lib/format";
import {
  type AddressVisibility,
  COMODIDADES,
  type Comodidade,
  type Finalidade,
  type IptuPeriod,
  type RentPeriod,
  type Status,
  TIPOS,
  type Tipo,
} from "../../lib/vocabulary";
import type { NewProperty } from "../db/schema.server";
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

// ---------------------------------------------------------------------------------------------
// Places

type Region = "orla" | "maceio" | "norte" | "sul" | "interior";

type Place = {
  cidade: string;
  bairro: string;
  /** "na Ponta Verde", "no Farol", "em Maragogi": Portuguese needs the right preposition. */
  em: string;
  lat: number;
  lng: number;
  /** Five-digit CEP prefix; towns with one CEP end in -000. */
  cep: string;
  singleCep?: boolean;
  region: Region;
  /** Near the sea: sea views, temporada, beach photos. */
  beach: boolean;
  /** Price per built m² for an apartment in reais (houses and lots derive from it). */
  m2: number;
  streets: string[];
  /** One sentence about the place, used in descriptions. */
  note: string;
};

const MACEIO = "Maceió";

export const PLACES: readonly Place[] = [
  {
    cidade: MACEIO,
    bairro: "Ponta Verde",
    em: "na Ponta Verde",
    lat: -9.663,
    lng: -35.702,
    cep: "57035",
    region: "orla",
    beach: true,
    m2: 11000,
    streets: [
      "Avenida Álvaro Otacílio",
      "Rua Desportista Humberto Guimarães",
      "Rua Engenheiro Mário de Gusmão",
      "Rua Jangadeiros Alagoanos",
      "Rua Professor Guedes de Miranda",
    ],
    note: "A Ponta Verde é um dos bairros mais valorizados de Maceió, perto do farol, das piscinas naturais e da melhor gastronomia da orla.",
  },
  {
    cidade: MACEIO,
    bairro: "Pajuçara",
    em: "na Pajuçara",
    lat: -9.666,
    lng: -35.712,
    cep: "57030",
    region: "orla",
    beach: true,
    m2: 9800,
    streets: [
      "Avenida Doutor Antônio Gouveia",
      "Rua Jangadeiros Alagoanos",
      "Rua Doutor Antônio Cansanção",
      "Rua Hugo Corrêa Paes",
    ],
    note: "A Pajuçara tem as famosas piscinas naturais, a feirinha de artesanato e uma orla movimentada de dia e de noite.",
  },
  {
    cidade: MACEIO,
    bairro: "Jatiúca",
    em: "na Jatiúca",
    lat: -9.65,
    lng: -35.703,
    cep: "57036",
    region: "orla",
    beach: true,
    m2: 10200,
    streets: [
      "Avenida Álvaro Otacílio",
      "Rua Professor Sandoval Arroxelas",
      "Avenida Doutor Júlio Marques Luz",
      "Rua Manoel Coelho Neto",
    ],
    note: "A Jatiúca reúne restaurantes, bares e serviços junto à orla, com calçadão para caminhar à beira-mar.",
  },
  {
    cidade: MACEIO,
    bairro: "Cruz das Almas",
    em: "na Cruz das Almas",
    lat: -9.632,
    lng: -35.7,
    cep: "57038",
    region: "orla",
    beach: true,
    m2: 8600,
    streets: ["Avenida Brigadeiro Eduardo Gomes", "Rua Comendador Palmeira", "Rua Durval Guimarães"],
    note: "Cruz das Almas fica junto à praia e perto do Parque Shopping Maceió.",
  },
  {
    cidade: MACEIO,
    bairro: "Mangabeiras",
    em: "nas Mangabeiras",
    lat: -9.648,
    lng: -35.711,
    cep: "57037",
    region: "maceio",
    beach: false,
    m2: 8200,
    streets: ["Avenida Gustavo Paiva", "Rua Rodrigues Alves", "Rua Engenheiro Paulo Brandão Nogueira"],
    note: "As Mangabeiras ficam ao lado do Maceió Shopping, com escolas, clínicas e supermercados por perto.",
  },
  {
    cidade: MACEIO,
    bairro: "Farol",
    em: "no Farol",
    lat: -9.652,
    lng: -35.73,
    cep: "57051",
    region: "maceio",
    beach: false,
    m2: 6800,
    streets: ["Avenida Fernandes Lima", "Rua Doutor José Castro Azevedo", "Rua Professor Higino Belo"],
    note: "O Farol é um bairro tradicional e arborizado, perto do Centro e de boas escolas.",
  },
  {
    cidade: MACEIO,
    bairro: "Jacarecica",
    em: "em Jacarecica",
    lat: -9.61,
    lng: -35.693,
    cep: "57038",
    region: "orla",
    beach: true,
    m2: 7600,
    streets: ["Avenida Brigadeiro Eduardo Gomes", "Rua Silvio Viana", "Rua Deputado José Lages"],
    note: "Jacarecica é uma parte mais tranquila da orla, com praia calma e acesso rápido à Ponta Verde.",
  },
  {
    cidade: MACEIO,
    bairro: "Guaxuma",
    em: "em Guaxuma",
    lat: -9.579,
    lng: -35.67,
    cep: "57038",
    region: "orla",
    beach: true,
    m2: 7800,
    streets: ["Rodovia AL-101 Norte", "Rua da Praia de Guaxuma", "Rua dos Coqueiros"],
    note: "Guaxuma fica no litoral norte de Maceió, com clima de praia tranquila e acesso rápido pela AL-101 Norte.",
  },
  {
    cidade: MACEIO,
    bairro: "Garça Torta",
    em: "na Garça Torta",
    lat: -9.57,
    lng: -35.66,
    cep: "57039",
    region: "orla",
    beach: true,
    m2: 8000,
    streets: ["Rodovia AL-101 Norte", "Rua Principal da Garça Torta", "Rua das Jangadas"],
    note: "A Garça Torta é uma charmosa vila de pescadores do litoral norte, com praias calmas e coqueirais.",
  },
  {
    cidade: MACEIO,
    bairro: "Ipioca",
    em: "em Ipioca",
    lat: -9.53,
    lng: -35.6,
    cep: "57039",
    region: "orla",
    beach: true,
    m2: 7200,
    streets: ["Rodovia AL-101 Norte", "Rua da Praia de Ipioca", "Rua Pratagy"],
    note: "Ipioca fica perto da praia do Pratagy, cercada de verde e com muito espaço.",
  },
  {
    cidade: MACEIO,
    bairro: "Serraria",
    em: "na Serraria",
    lat: -9.585,
    lng: -35.745,
    cep: "57046",
    region: "maceio",
    beach: false,
    m2: 5600,
    streets: [
      "Avenida Menino Marcelo",
      "Rua Professora Maria Esther da Costa Barros",
      "Rua Deputado Rubens Canuto",
    ],
    note: "A Serraria é um bairro residencial em crescimento, com comércio completo e acesso fácil à parte alta da cidade.",
  },
  {
    cidade: MACEIO,
    bairro: "Poço",
    em: "no Poço",
    lat: -9.66,
    lng: -35.725,
    cep: "57025",
    region: "maceio",
    beach: false,
    m2: 6200,
    streets: ["Rua Barão de Anadia", "Avenida Comendador Leão", "Rua Pedro Monteiro"],
    note: "O Poço fica entre o Centro e a Pajuçara, com tudo a poucos minutos.",
  },
  {
    cidade: MACEIO,
    bairro: "Centro",
    em: "no Centro",
    lat: -9.666,
    lng: -35.735,
    cep: "57020",
    region: "maceio",
    beach: false,
    m2: 5000,
    streets: ["Rua do Comércio", "Rua Barão de Penedo", "Rua Boa Vista", "Rua Senador Mendonça"],
    note: "O Centro de Maceió concentra bancos, órgãos públicos e o comércio tradicional da cidade.",
  },
  {
    cidade: "Marechal Deodoro",
    bairro: "Praia do Francês",
    em: "na Praia do Francês",
    lat: -9.771,
    lng: -35.839,
    cep: "57160",
    singleCep: true,
    region: "sul",
    beach: true,
    m2: 7800,
    streets: ["Avenida Caravelas", "Rua das Arraias", "Rua dos Corais", "Rodovia AL-101 Sul"],
    note: "A Praia do Francês é uma das mais procuradas do litoral sul, boa para banho e para o surfe.",
  },
  {
    cidade: "Marechal Deodoro",
    bairro: "Massagueira",
    em: "na Massagueira",
    lat: -9.693,
    lng: -35.801,
    cep: "57160",
    singleCep: true,
    region: "sul",
    beach: false,
    m2: 5200,
    streets: ["Rua da Lagoa", "Avenida Beira Lagoa", "Rua dos Pescadores"],
    note: "A Massagueira é famosa pelos restaurantes de frutos do mar à beira da lagoa Manguaba.",
  },
  {
    cidade: "Barra de São Miguel",
    bairro: "Centro",
    em: "na Barra de São Miguel",
    lat: -9.838,
    lng: -35.905,
    cep: "57180",
    singleCep: true,
    region: "sul",
    beach: true,
    m2: 8400,
    streets: ["Avenida Senador Arnon de Mello", "Rua Sebastião Correia da Rocha", "Rua da Praia"],
    note: "A Barra de São Miguel tem águas calmas protegidas pelos recifes e fica a poucos minutos da praia do Gunga.",
  },
  {
    cidade: "Paripueira",
    bairro: "Sonho Verde",
    em: "em Paripueira",
    lat: -9.465,
    lng: -35.552,
    cep: "57935",
    singleCep: true,
    region: "norte",
    beach: true,
    m2: 6600,
    streets: ["Rodovia AL-101 Norte", "Rua Sonho Verde", "Rua das Piscinas Naturais"],
    note: "Paripueira é conhecida pelas piscinas naturais e pelo mar calmo, a cerca de 30 minutos de Maceió.",
  },
  {
    cidade: "Barra de Santo Antônio",
    bairro: "Carro Quebrado",
    em: "na Barra de Santo Antônio",
    lat: -9.404,
    lng: -35.507,
    cep: "57925",
    singleCep: true,
    region: "norte",
    beach: true,
    m2: 6400,
    streets: ["Rodovia AL-101 Norte", "Rua da Croa", "Rua do Carro Quebrado"],
    note: "A Barra de Santo Antônio fica perto da Ilha da Croa e das falésias coloridas da praia do Carro Quebrado.",
  },
  {
    cidade: "São Miguel dos Milagres",
    bairro: "Praia do Toque",
    em: "em São Miguel dos Milagres",
    lat: -9.265,
    lng: -35.372,
    cep: "57940",
    singleCep: true,
    region: "norte",
    beach: true,
    m2: 10500,
    streets: ["Rodovia AL-101 Norte", "Rua da Praia do Toque", "Rua Porto da Rua"],
    note: "São Miguel dos Milagres fica na Rota Ecológica, com piscinas naturais e pousadas de charme.",
  },
  {
    cidade: "Porto de Pedras",
    bairro: "Patacho",
    em: "em Porto de Pedras",
    lat: -9.16,
    lng: -35.295,
    cep: "57945",
    singleCep: true,
    region: "norte",
    beach: true,
    m2: 9800,
    streets: ["Rodovia AL-101 Norte", "Rua do Patacho", "Rua de Tatuamunha"],
    note: "Porto de Pedras tem a praia do Patacho e o santuário do peixe-boi em Tatuamunha.",
  },
  {
    cidade: "Japaratinga",
    bairro: "Centro",
    em: "em Japaratinga",
    lat: -9.087,
    lng: -35.26,
    cep: "57950",
    singleCep: true,
    region: "norte",
    beach: true,
    m2: 8200,
    streets: ["Rodovia AL-101 Norte", "Rua Beira-Mar", "Rua dos Coqueiros"],
    note: "Japaratinga tem praias tranquilas, coqueirais e águas mornas.",
  },
  {
    cidade: "Maragogi",
    bairro: "Centro",
    em: "em Maragogi",
    lat: -9.012,
    lng: -35.222,
    cep: "57955",
    singleCep: true,
    region: "norte",
    beach: true,
    m2: 8800,
    streets: ["Rodovia AL-101 Norte", "Avenida Senador Rui Palmeira", "Rua Beira-Mar", "Rua das Galés"],
    note: "Maragogi é famosa pelas galés, piscinas naturais de águas cristalinas.",
  },
  {
    cidade: "Coruripe",
    bairro: "Pontal de Coruripe",
    em: "em Coruripe",
    lat: -10.125,
    lng: -36.175,
    cep: "57230",
    singleCep: true,
    region: "sul",
    beach: true,
    m2: 5200,
    streets: ["Rua da Praia do Pontal", "Rua dos Pescadores", "Avenida Beira-Mar"],
    note: "Coruripe tem praias extensas no litoral sul e o tranquilo Pontal de Coruripe.",
  },
  {
    cidade: "Arapiraca",
    bairro: "Centro",
    em: "em Arapiraca",
    lat: -9.752,
    lng: -36.661,
    cep: "57300",
    region: "interior",
    beach: false,
    m2: 4200,
    streets: [
      "Rua Expedicionários Brasileiros",
      "Avenida Rio Branco",
      "Rua Estudante José de Oliveira Leite",
    ],
    note: "Arapiraca é a principal cidade do agreste alagoano, com comércio forte e serviços completos.",
  },
  {
    cidade: "Penedo",
    bairro: "Centro Histórico",
    em: "em Penedo",
    lat: -10.29,
    lng: -36.586,
    cep: "57200",
    singleCep: true,
    region: "interior",
    beach: false,
    m2: 3800,
    streets: ["Avenida Floriano Peixoto", "Rua Siqueira Campos", "Rua Dâmaso do Monte"],
    note: "Penedo é uma cidade histórica às margens do Rio São Francisco, com casario colonial preservado.",
  },
  {
    cidade: "Rio Largo",
    bairro: "Tabuleiro do Pinto",
    em: "em Rio Largo",
    lat: -9.478,
    lng: -35.853,
    cep: "57100",
    singleCep: true,
    region: "interior",
    beach: false,
    m2: 3600,
    streets: ["Rodovia BR-104", "Rua Principal", "Rua São José"],
    note: "Rio Largo fica perto do Aeroporto Zumbi dos Palmares e tem acesso rápido a Maceió.",
  },
];

// ---------------------------------------------------------------------------------------------
// Randomness

type Rng = () => number;

function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  constructor(private readonly next: Rng) {}
  float(min = 0, max = 1): number {
    return min + this.next() * (max - min);
  }
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
  /** A few distinct items, in random order. */
  some<T>(items: readonly T[], count: number): T[] {
    return this.shuffle([...items]).slice(0, Math.max(0, Math.min(count, items.length)));
  }
}

// ---------------------------------------------------------------------------------------------
// Mix of types and where each type is found

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

/** Places by city or by neighbourhood ("Centro" alone means Maceió's). */
const where = (...names: string[]) =>
  PLACES.filter(
    (p) =>
      names.includes(p.cidade) ||
      (names.includes(p.bairro) && (p.bairro !== "Centro" || p.cidade === MACEIO)),
  );

const PLACES_BY_TIPO: Record<Tipo, readonly (readonly [Place, number])[]> = (() => {
  const w = (places: Place[], weight: number) => places.map((p) => [p, weight] as const);
  const orlaNobre = where("Ponta Verde", "Jatiúca", "Pajuçara");
  const maceioResto = where("Cruz das Almas", "Mangabeiras", "Farol", "Poço", "Jacarecica");
  const litoral = PLACES.filter((p) => p.region === "norte" || p.region === "sul");
  const norteMaceio = where("Guaxuma", "Garça Torta", "Ipioca", "Jacarecica");
  const interior = PLACES.filter((p) => p.region === "interior");
  return {
    apartamento: [
      ...w(orlaNobre, 6),
      ...w(maceioResto, 3),
      ...w(where("Serraria", "Centro"), 1),
      ...w(interior, 1),
    ],
    cobertura: [...w(orlaNobre, 6), ...w(where("Cruz das Almas", "Mangabeiras"), 2)],
    flat: [...w(orlaNobre, 5), ...w(where("Praia do Francês", "Maragogi", "São Miguel dos Milagres"), 2)],
    kitnet: [...w(where("Pajuçara", "Poço", "Centro", "Farol", "Jatiúca"), 1)],
    loft: [...w(where("Pajuçara", "Jatiúca", "Poço"), 1)],
    casa: [
      ...w(where("Farol", "Serraria", "Garça Torta", "Ipioca", "Guaxuma"), 2),
      ...w(litoral, 2),
      ...w(interior, 2),
    ],
    casa_condominio: [
      ...w(norteMaceio, 3),
      ...w(where("Serraria"), 2),
      ...w(where("Barra de São Miguel", "Paripueira", "Praia do Francês", "Maragogi", "Japaratinga"), 2),
      ...w(where("Arapiraca"), 1),
    ],
    terreno: [...w(norteMaceio, 2), ...w(litoral, 2), ...w(interior, 2), ...w(where("Serraria"), 1)],
    lote_condominio: [
      ...w(where("Ipioca", "Guaxuma"), 2),
      ...w(where("Barra de São Miguel", "Praia do Francês", "Paripueira", "Rio Largo", "Arapiraca"), 1),
    ],
    chacara: [...w(where("Rio Largo", "Arapiraca", "Penedo", "Massagueira"), 1)],
    fazenda: [...w(where("Coruripe", "Penedo", "Arapiraca", "Rio Largo"), 1)],
    sala_comercial: [
      ...w(where("Centro", "Farol", "Jatiúca", "Ponta Verde", "Poço", "Mangabeiras"), 2),
      ...w(interior, 1),
    ],
    loja: [...w(where("Centro", "Farol", "Jatiúca", "Pajuçara", "Serraria"), 2), ...w(interior, 1)],
    galpao: [...w(where("Serraria", "Rio Largo", "Arapiraca"), 1)],
    predio_comercial: [...w(where("Centro", "Farol", "Poço"), 2), ...w(where("Arapiraca"), 1)],
  };
})();

const COMMERCIAL: readonly Tipo[] = ["sala_comercial", "loja", "galpao", "predio_comercial"];
const LAND: readonly Tipo[] = ["terreno", "lote_condominio"];
const RURAL: readonly Tipo[] = ["chacara", "fazenda"];
const VERTICAL: readonly Tipo[] = ["apartamento", "cobertura", "flat", "kitnet", "loft"];

// ---------------------------------------------------------------------------------------------
// Price ranges (reais, 2026). Tests check generated prices against these.

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

// ---------------------------------------------------------------------------------------------
// Text helpers

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;
}

function label(c: Comodidade): string {
  return COMODIDADES[c].label.toLowerCase();
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function quartosText(q: number, s: number): string {
  const base = formatCount(q, "quarto", "quartos");
  if (s === 0) return base;
  if (s === q) return formatCount(q, "suíte", "suítes");
  return `${base}, sendo ${formatCount(s, "suíte", "suítes")}`;
}

const m2 = (v: number) => `${v.toLocaleString("pt-BR")} m²`;

// ---------------------------------------------------------------------------------------------
// The listing itself

type Draft = {
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

function shape(rnd: Random, tipo: Tipo, place: Place): Draft {
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

function amenities(rnd: Random, d: Draft): Comodidade[] {
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

function finalidades(rnd: Random, d: Draft): Finalidade[] {
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

type Prices = {
  precoVenda: number | null;
  precoAluguel: number | null;
  periodoAluguel: RentPeriod | null;
  condominio: number | null;
  iptu: number | null;
  iptuPeriodo: IptuPeriod;
};

function prices(rnd: Random, d: Draft): Prices {
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

// ---------------------------------------------------------------------------------------------
// Nouns: Portuguese adjectives and articles agree with the noun's gender.

const NOUNS: Record<Tipo, { noun: string; feminine: boolean }> = {
  apartamento: { noun: "apartamento", feminine: false },
  casa: { noun: "casa", feminine: true },
  casa_condominio: { noun: "casa em condomínio", feminine: true },
  cobertura: { noun: "cobertura", feminine: true },
  flat: { noun: "flat", feminine: false },
  kitnet: { noun: "kitnet", feminine: true },
  loft: { noun: "loft", feminine: false },
  terreno: { noun: "terreno", feminine: false },
  lote_condominio: { noun: "lote em condomínio", feminine: false },
  chacara: { noun: "chácara", feminine: true },
  fazenda: { noun: "fazenda", feminine: true },
  sala_comercial: { noun: "sala comercial", feminine: true },
  loja: { noun: "loja", feminine: true },
  galpao: { noun: "galpão", feminine: false },
  predio_comercial: { noun: "prédio comercial", feminine: false },
};

/** "o apartamento" / "a casa", with a preposition contracted when given ("do", "da", "este", "esta"). */
function article(tipo: Tipo, form: "o" | "do" | "este" | "um"): string {
  const f = NOUNS[tipo].feminine;
  const word = { o: f ? "a" : "o", do: f ? "da" : "do", este: f ? "esta" : "este", um: f ? "uma" : "um" }[
    form
  ];
  return `${word} ${NOUNS[tipo].noun}`;
}

const ADJECTIVES: readonly [string, string][] = [
  ["Excelente", "Excelente"],
  ["Ótimo", "Ótima"],
  ["Belíssimo", "Belíssima"],
  ["Amplo", "Ampla"],
  ["Aconchegante", "Aconchegante"],
  ["Charmoso", "Charmosa"],
  ["Bem localizado", "Bem localizada"],
  ["Espaçoso", "Espaçosa"],
];

function areaTotalText(tipo: Tipo, area: number): string {
  return RURAL.includes(tipo)
    ? `${(area / 10_000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} hectares`
    : m2(area);
}

// ---------------------------------------------------------------------------------------------
// Titles

function title(rnd: Random, d: Draft): string {
  const { tipo, place } = d;
  const q = d.quartos;
  const qt = formatCount(q, "quarto", "quartos");
  const st = formatCount(d.suites, "suíte", "suítes");
  const em = place.em;
  const temporada = d.finalidades.includes("temporada") && !d.finalidades.includes("venda");
  const aluguel = d.finalidades.length === 1 && d.finalidades[0] === "aluguel";
  const seaView = d.comodidades.includes("vista_mar");
  const util = m2(d.areaUtil ?? 0);
  const total = m2(d.areaTotal ?? 0);
  const c: string[] = [];
  switch (tipo) {
    case "apartamento":
      if (temporada) {
        c.push(`Apartamento para temporada com ${qt} ${em}`, `Apartamento de temporada perto da praia ${em}`);
      } else if (aluguel) {
        c.push(`Apartamento ${qt} para alugar ${em}`, `Aluga-se apartamento de ${qt} ${em}`);
      } else {
        if (seaView)
          c.push(`Apartamento ${qt} com vista mar ${em}`, `Apartamento com vista mar e ${qt} ${em}`);
        if (d.frontMar) c.push(`Apartamento beira-mar com ${qt} ${em}`);
        c.push(
          d.suites > 0 ? `Apartamento ${qt}, ${st}, ${em}` : `Apartamento ${qt} ${em}`,
          `Apartamento de ${util} com ${qt} ${em}`,
          d.andar && d.andar > 10
            ? `Apartamento em andar alto com ${qt} ${em}`
            : `Apartamento de ${qt} ${em}`,
        );
      }
      break;
    case "cobertura":
      c.push(
        `Cobertura duplex com ${st} ${em}`,
        seaView
          ? `Cobertura com piscina privativa e vista mar ${em}`
          : `Cobertura com terraço gourmet e ${qt} ${em}`,
        `Cobertura de ${util} ${em}`,
      );
      break;
    case "flat":
      c.push(
        `Flat ${d.mobiliado ? "mobiliado " : ""}perto da praia ${em}`,
        `Flat com ${qt} e serviços ${em}`,
        temporada ? `Flat para temporada ${em}` : `Flat ${d.mobiliado ? "mobiliado" : "compacto"} ${em}`,
      );
      break;
    case "kitnet":
      c.push(`Kitnet ${d.mobiliado ? "mobiliada" : "reformada"} ${em}`, `Studio compacto de ${util} ${em}`);
      break;
    case "loft":
      c.push(`Loft moderno de ${util} ${em}`, `Loft com pé-direito alto ${em}`);
      break;
    case "casa":
      if (temporada) {
        c.push(`Casa de praia para temporada ${em}`, `Casa com ${qt} para temporada ${em}`);
      } else if (d.frontMar) {
        c.push(`Casa pé na areia com ${qt} ${em}`, `Casa de praia beira-mar ${em}`);
      } else if (aluguel) {
        c.push(`Casa de ${qt} para alugar ${em}`, `Aluga-se casa com ${qt} ${em}`);
      } else {
        c.push(
          `Casa ${rnd.chance(0.5) ? "térrea" : "duplex"} com ${qt} ${em}`,
          `Casa com ${qt} e quintal amplo ${em}`,
          d.comodidades.includes("piscina") ? `Casa com piscina e ${qt} ${em}` : `Casa de ${util} ${em}`,
        );
      }
      break;
    case "casa_condominio":
      c.push(
        `Casa em condomínio fechado com ${d.suites > 0 ? st : qt} ${em}`,
        `Casa de condomínio com ${qt} e lazer completo ${em}`,
        temporada ? `Casa em condomínio para temporada ${em}` : `Casa de ${util} em condomínio ${em}`,
      );
      break;
    case "terreno":
      c.push(
        `Terreno de ${total} ${em}`,
        d.frontMar ? `Terreno beira-mar ${em}` : `Terreno plano, pronto para construir, ${em}`,
        `Lote de ${total} ${em}`,
      );
      break;
    case "lote_condominio":
      c.push(`Lote em condomínio fechado ${em}`, `Lote de ${total} em condomínio ${em}`);
      break;
    case "chacara":
      c.push(
        `Chácara de ${areaTotalText(tipo, d.areaTotal ?? 0)} ${em}`,
        `Sítio com casa sede e pomar ${em}`,
      );
      break;
    case "fazenda":
      c.push(
        `Fazenda de ${areaTotalText(tipo, d.areaTotal ?? 0)} ${em}`,
        `Fazenda produtiva com sede e curral ${em}`,
      );
      break;
    case "sala_comercial":
      c.push(
        `Sala comercial de ${util} ${em}`,
        aluguel ? `Sala comercial para alugar ${em}` : `Sala comercial em edifício empresarial ${em}`,
      );
      break;
    case "loja":
      c.push(
        `Loja de ${util} ${em}`,
        `Ponto comercial em avenida movimentada ${em}`,
        `Loja de esquina com vitrine ampla ${em}`,
      );
      break;
    case "galpao":
      c.push(`Galpão de ${util} ${em}`, `Galpão logístico com pátio de manobras ${em}`);
      break;
    case "predio_comercial":
      c.push(`Prédio comercial de ${util} ${em}`, `Prédio comercial com recepção e elevador ${em}`);
      break;
  }
  const fitting = c.filter((t) => t.length >= 10 && t.length <= 100);
  return fitting.length > 0 ? rnd.pick(fitting) : `${TIPOS[tipo].label} ${em}`.slice(0, 100);
}

// ---------------------------------------------------------------------------------------------
// Descriptions

const COMMON_AMENITIES: readonly Comodidade[] = (Object.keys(COMODIDADES) as Comodidade[]).filter(
  (c) => COMODIDADES[c].area === "comum",
);

function description(rnd: Random, d: Draft, p: Prices): string {
  const { tipo, place } = d;
  const { noun, feminine } = NOUNS[tipo];
  const g = (masculine: string, fem: string) => (feminine ? fem : masculine);
  const where = `${place.em}${place.cidade === MACEIO || place.em.includes(place.cidade) ? "" : `, ${place.cidade}`}`;
  const adj = rnd.pick(ADJECTIVES)[feminine ? 1 : 0];
  const paragraphs: string[] = [];
  const banheiros = formatCount(d.banheiros, "banheiro", "banheiros");
  const vagas = formatCount(d.vagas, "vaga", "vagas");

  // 1. What and where
  if (LAND.includes(tipo)) {
    const lote = tipo === "lote_condominio" ? "Lote" : "Terreno";
    paragraphs.push(
      rnd.pick([
        `${lote} de ${m2(d.areaTotal ?? 0)} ${where}, ${rnd.pick(["plano", "de topografia suave", "com frente ampla", "já murado"])} e com documentação em dia. ${place.note}`,
        `Oportunidade para quem quer construir ${where}: ${lote.toLowerCase()} com ${m2(d.areaTotal ?? 0)}, ${rnd.pick(["escritura pública", "documentação regularizada", "registro em cartório"])} e acesso por via ${rnd.pick(["pavimentada", "asfaltada", "calçada"])}. ${place.note}`,
      ]),
    );
  } else if (COMMERCIAL.includes(tipo)) {
    paragraphs.push(
      rnd.pick([
        `${adj} ${noun} ${where}, com ${m2(d.areaUtil ?? 0)} de área útil, ${banheiros}${d.vagas ? ` e ${vagas} de garagem` : ""}. ${place.note}`,
        `${capitalize(noun)} ${where} com ${m2(d.areaUtil ?? 0)}, ideal para ${rnd.pick(["escritório, consultório ou clínica", "varejo, franquias ou serviços", "empresas que buscam visibilidade", "distribuição ou indústria leve"])}. ${place.note}`,
      ]),
    );
  } else {
    const rooms = quartosText(d.quartos, d.suites);
    const lot = d.areaTotal
      ? ` em ${RURAL.includes(tipo) ? "uma área" : "um terreno"} de ${areaTotalText(tipo, d.areaTotal)}`
      : "";
    paragraphs.push(
      rnd.pick([
        `${adj} ${noun} ${where}, com ${rooms}. São ${m2(d.areaUtil ?? 0)} de área útil${lot}, ${d.vagas ? `${vagas} de garagem` : "sem vaga de garagem"} e ${banheiros}. ${place.note}`,
        `${capitalize(noun)} ${where} com ${rooms}, ${m2(d.areaUtil ?? 0)} bem aproveitados${lot} e ${d.vagas ? vagas : "fácil acesso a transporte"}. ${place.note}`,
        `Imagine morar ${where}: ${article(tipo, "este")} tem ${rooms}, ${m2(d.areaUtil ?? 0)} de área útil e ${banheiros}. ${place.note}`,
      ]),
    );
  }

  // 2. Inside
  const inside: string[] = [];
  const priv = d.comodidades.filter(
    (c) => COMODIDADES[c].area === "privativa" && c !== "vista_mar" && c !== "pe_na_areia",
  );
  if (VERTICAL.includes(tipo) && d.andar) {
    inside.push(
      rnd.pick([
        `Fica no ${d.andar}º andar, em posição ${rnd.pick(["nascente", "nascente total", "leste", "sul"])}, com ótima ventilação e iluminação natural.`,
        `${g("Localizado", "Localizada")} no ${d.andar}º andar, recebe o sol da manhã e a brisa do mar durante todo o dia.`,
        `No ${d.andar}º andar, tem ambientes claros e arejados, com ${rnd.pick(["piso em porcelanato", "piso laminado nos quartos", "acabamento de alto padrão"])}.`,
      ]),
    );
  } else if (COMMERCIAL.includes(tipo)) {
    inside.push(
      rnd.pick([
        "O espaço tem planta livre, fácil de adaptar ao seu negócio, com boa entrada de luz natural.",
        "Possui recepção, copa e instalações elétricas preparadas para equipamentos de informática.",
        "Pé-direito alto, piso de alta resistência e infraestrutura pronta para começar a operar.",
      ]),
    );
  } else if (!LAND.includes(tipo)) {
    inside.push(
      rnd.pick([
        "Os ambientes são integrados e bem iluminados, com pé-direito generoso e ventilação cruzada.",
        "A sala ampla para dois ambientes se abre para a área externa, perfeita para receber a família.",
        "Construção sólida e bem conservada, com acabamento em porcelanato e esquadrias de alumínio.",
      ]),
    );
  }
  if (priv.length > 0) inside.push(`Conta com ${list(priv.map(label))}.`);
  if (d.comodidades.includes("vista_mar")) {
    inside.push(
      rnd.pick([
        "A vista para o mar é o grande destaque: dá para acompanhar as jangadas e o nascer do sol.",
        "Tem vista para o mar esverdeado de Alagoas, um convite para relaxar no fim da tarde.",
        "A vista mar permanente valoriza o imóvel e garante fins de tarde inesquecíveis.",
      ]),
    );
  }
  if (d.comodidades.includes("pe_na_areia")) inside.push("Pé na areia: do portão direto para a praia.");
  if (d.mobiliado) {
    inside.push(
      rnd.pick([
        `${g("Entregue mobiliado", "Entregue mobiliada")} e com eletrodomésticos, é só trazer as malas.`,
        "Vem com móveis, eletrodomésticos, enxoval e utensílios de cozinha.",
      ]),
    );
  }
  if (d.aceitaPet && !LAND.includes(tipo) && !COMMERCIAL.includes(tipo))
    inside.push("Aceita animais de estimação.");
  if (inside.length > 0) paragraphs.push(inside.join(" "));

  // 3. Common areas
  const common = d.comodidades.filter((c) => COMMON_AMENITIES.includes(c));
  if (common.length >= 2) {
    const who = tipo === "casa" || RURAL.includes(tipo) ? "A propriedade" : "O condomínio";
    const fee = p.condominio
      ? `, com taxa de condomínio de R$ ${p.condominio.toLocaleString("pt-BR")} por mês`
      : "";
    paragraphs.push(
      rnd.pick([
        `${who} oferece ${list(common.map(label))}, com segurança e conforto para toda a família.`,
        `Para o lazer e o dia a dia: ${list(common.map(label))}.`,
        `${who} tem ${list(common.map(label))}${who === "O condomínio" ? fee : ""}.`,
      ]),
    );
  }

  // 4. Conditions and call to action
  const closing: string[] = [];
  if (d.finalidades.includes("temporada")) {
    closing.push(
      rnd.pick([
        `Disponível para temporada, com mínimo de ${rnd.int(2, 4)} diárias${rnd.chance(0.5) ? " e roupa de cama e banho inclusas" : ""}. Consulte as datas de feriados e alta estação.`,
        "Ideal para férias em família ou com amigos. Reserva com 30% de sinal e o restante na chegada.",
      ]),
    );
  }
  if (d.finalidades.includes("aluguel")) {
    closing.push(
      rnd.pick([
        "Locação com contrato de 30 meses; aceita seguro-fiança, caução ou título de capitalização.",
        "Aluguel com garantia por seguro-fiança ou caução de três meses, disponível para mudança imediata.",
      ]),
    );
  }
  if (d.finalidades.includes("venda")) {
    closing.push(
      rnd.pick([
        LAND.includes(tipo) || RURAL.includes(tipo)
          ? "Aceita proposta com entrada e parcelamento direto com o proprietário."
          : COMMERCIAL.includes(tipo)
            ? "Aceita financiamento bancário para imóveis comerciais, sujeito à análise de crédito."
            : "Aceita financiamento bancário e uso do FGTS, conforme as regras do banco.",
        "Documentação em dia e pronta para a escritura.",
        "O proprietário estuda propostas e permuta por imóvel de menor valor.",
      ]),
    );
  }
  closing.push(
    rnd.pick([
      "Agende sua visita com a nossa equipe de corretores.",
      "Fale com a gente pelo WhatsApp e marque uma visita.",
      "Entre em contato para receber mais fotos e agendar uma visita.",
    ]),
  );
  paragraphs.push(closing.join(" "));

  // Keep 300–1500 characters: drop a middle paragraph when long, add context when short.
  let text = paragraphs.join("\n\n");
  while (text.length > 1500 && paragraphs.length > 2) {
    paragraphs.splice(paragraphs.length - 2, 1);
    text = paragraphs.join("\n\n");
  }
  if (text.length < 300) {
    paragraphs.splice(
      1,
      0,
      `A região reúne ${rnd.pick(["padarias, farmácias e supermercados", "escolas, academias e restaurantes", "comércio, serviços e transporte"])} a poucos minutos, e a equipe da Imóveis em Alagoas acompanha toda a negociação, da visita à entrega das chaves.`,
    );
    text = paragraphs.join("\n\n");
  }
  return text.length > 1500 ? `${text.slice(0, 1497).replace(/\s+\S*$/, "")}…` : text;
}

// ---------------------------------------------------------------------------------------------
// Photos

function scenes(rnd: Random, d: Draft): SceneKind[] {
  const { tipo } = d;
  const pool = d.comodidades.includes("piscina");
  const sea = d.place.beach;
  let kinds: SceneKind[];
  switch (tipo) {
    case "apartamento":
    case "cobertura":
    case "flat":
    case "kitnet":
    case "loft": {
      const cover: SceneKind = d.comodidades.includes("vista_mar") && rnd.chance(0.4) ? "beach" : "building";
      kinds = [cover, "living", "bedroom", "kitchen", "bathroom"];
      if (d.quartos >= 2) kinds.push("bedroom");
      if (pool) kinds.push("pool");
      if (sea && cover !== "beach") kinds.push("beach");
      if (d.quartos >= 3) kinds.push("living");
      if (tipo === "cobertura") kinds.push("pool", "aerial");
      if (tipo === "kitnet") kinds = [cover, "living", "kitchen", "bathroom"];
      break;
    }
    case "casa":
    case "casa_condominio":
      kinds = ["house", "living", "bedroom", "kitchen", "bathroom"];
      if (pool) kinds.splice(1, 0, "pool");
      if (d.quartos >= 3) kinds.push("bedroom");
      if (sea) kinds.push("beach");
      if (tipo === "casa_condominio") kinds.push("aerial");
      if (d.quartos >= 4) kinds.push("living");
      break;
    case "terreno":
    case "lote_condominio":
      kinds = sea ? ["land", "aerial", "land", "beach"] : ["land", "land", "land"];
      if (!sea) kinds.push(tipo === "lote_condominio" ? "house" : "land");
      if (tipo === "lote_condominio" && pool) kinds.push("pool");
      break;
    case "chacara":
    case "fazenda":
      kinds = ["land", "house", "land", "living", "kitchen", "bedroom"];
      if (pool) kinds.push("pool");
      if (sea) kinds.push("aerial");
      break;
    case "galpao":
      kinds = ["building", "land", "bathroom", "kitchen"];
      if (sea) kinds.push("aerial");
      break;
    default:
      // Commercial rooms and shops: facade, interiors staged as reception and pantry.
      kinds = ["building", "living", "bathroom", "kitchen"];
      if (tipo === "predio_comercial") kinds.push("building");
      break;
  }
  return kinds.slice(0, 10);
}

function altText(kind: SceneKind, index: number, kinds: readonly SceneKind[], d: Draft): string {
  const { tipo, place } = d;
  const where = `${place.em}${place.cidade === MACEIO ? ", Maceió" : place.em.includes(place.cidade) ? "" : `, ${place.cidade}`}`;
  const commercial = COMMERCIAL.includes(tipo);
  const repeat = kinds.slice(0, index).filter((k) => k === kind).length;
  switch (kind) {
    case "building":
      if (repeat) return "Vista do edifício a partir da rua, com o jardim de entrada";
      return tipo === "galpao"
        ? `Fachada do galpão ${where}`
        : `Fachada do edifício ${article(tipo, "do")} ${where}`;
    case "house":
      if (RURAL.includes(tipo)) return `Casa sede ${article(tipo, "do")} ${where}`;
      return LAND.includes(tipo) ? "Casa já construída no condomínio" : `Fachada da casa com jardim ${where}`;
    case "beach":
      return index === 0
        ? `Praia em frente ${article(tipo, "o").replace(/^o /, "ao ").replace(/^a /, "à ")} ${where}`
        : `Praia próxima ao imóvel ${where}`;
    case "living":
      if (commercial) return "Recepção com sofá e boa iluminação natural";
      return repeat
        ? "Sala de estar integrada, com espaço para dois ambientes"
        : "Sala de estar ampla e iluminada, com janela panorâmica";
    case "bedroom":
      return repeat
        ? "Segundo quarto, com cama de casal e criados-mudos"
        : "Quarto de casal com cabeceira de madeira";
    case "kitchen":
      return commercial ? "Copa equipada" : "Cozinha planejada com ilha e bancada";
    case "bathroom":
      return commercial ? "Banheiro com bancada e espelho" : "Banheiro com box de vidro e bancada de madeira";
    case "pool":
      if (repeat) return "Piscina com deque e espreguiçadeiras ao sol";
      return tipo === "casa" ? "Piscina privativa com deque" : "Área de lazer com piscina e espreguiçadeiras";
    case "land":
      if (repeat === 0) return `Vista ${article(tipo, "do")} ${where}`;
      return (
        [
          "Área cercada, com acesso por estrada de terra",
          "Vegetação e divisas do terreno",
          "Vista do fundo do terreno",
        ][repeat - 1] ?? "Área do terreno"
      );
    case "aerial":
      return `Vista aérea do litoral ${where}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Generator

/** A deck with the weights' proportions (largest remainder), shuffled: small counts still get variety. */
function tipoDeck(rnd: Random, count: number): Tipo[] {
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
  const rnd = new Random(createRng(seed));
  const now = (options.now ?? new Date()).getTime();
  const first = options.firstNumber ?? 1;
  const deck = tipoDeck(rnd, count);
  const listings: DemoListing[] = [];
  for (let i = 0; i < count; i++) {
    const tipo = deck[i]!;
    // Each listing has its own stream so one listing's choices never shift the next one's.
    const r = new Random(createRng((seed * 100_003 + i * 7919) ^ 0x5bd1e995));
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
