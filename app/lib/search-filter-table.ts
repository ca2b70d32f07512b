// The search filters, one row each: what a filter is called in the URL, how its value is read
// (the kind: search-filters.ts turns it into a zod schema), how a visitor sees it when active
// (its chip, also the subtitle of the result page: search-describe.ts) and, for the kinds with a
// generic field, the filter form's field (search-form.tsx). The server side, what it selects in
// SQL and on the in-memory index, is app/server/search/filters.server.ts, keyed by the same
// names; the kinds `atLeast`, `flag` and `allOf` need nothing there beyond the `column` named
// here. The order of the rows is the canonical URL's order. No zod here: the browser loads this
// with every search page, and zod only when a visitor submits the form.
import { formatArea, formatPrice, plural } from "./format";
import {
  COMODIDADE_KEYS,
  COMODIDADES,
  FINALIDADE_KEYS,
  type Finalidade,
  TIPO_KEYS,
  TIPOS,
} from "./vocabulary";

/** A listing column a generic filter compares (a column of `properties`, as Drizzle names it). */
export type FilterColumn =
  | "quartos"
  | "suites"
  | "vagas"
  | "banheiros"
  | "mobiliado"
  | "aceitaPet"
  | "comodidades";

/** Free text, whitespace collapsed, at most `max` characters; empty = no filter. */
interface TextFilter {
  kind: "text";
  max: number;
  chip: (value: string) => string;
}

/** One of `keys` (a listing may have several: finalidades). */
interface OneOfFilter<K extends string = string> {
  kind: "oneOf";
  keys: readonly K[];
  /** Called with one of `keys`. */
  chip: (value: never) => string;
}

/** Any of `keys` (a repeated parameter: tipo=casa&tipo=flat); a chip per key. */
interface AnyOfFilter<K extends string = string> {
  kind: "anyOf";
  keys: readonly K[];
  chipKey: string;
  /** Called with one of `keys`. */
  chip: (value: never) => string;
}

/** All of `keys`, in a text[] column (comodidades): the listing has every one. */
interface AllOfFilter<K extends string = string> {
  kind: "allOf";
  keys: readonly K[];
  column: FilterColumn;
  chipKey: string;
  /** Called with one of `keys`. */
  chip: (value: never) => string;
  /** The form's fieldset legend. */
  legend: string;
}

/** A whole number of at least 1 (≤ 20) in an integer column: "3+ quartos". */
interface AtLeastFilter {
  kind: "atLeast";
  column: FilterColumn;
  /** The form's label. */
  label: string;
  one: string;
  many: string;
}

/** A yes/no box: only listings whose boolean column is true (null = não informado = no). */
interface FlagFilter {
  kind: "flag";
  column: FilterColumn;
  /** The form's label and the chip. */
  label: string;
}

/** Two amounts, `{key}Min` and `{key}Max` in the URL ("R$ 850.000,00" is read); swapped when reversed. */
interface RangeFilter {
  kind: "range";
  format: (value: number) => string;
  /**
   * What the amounts are, where a finalidade changes it: the chip names it ("diária até R$ 500"),
   * as the forms' legend does (PRICE_LEGEND).
   */
  subject?: Partial<Record<Finalidade, string>>;
}

/** A map area, `regiao=south,west,north,east` in degrees: the listings whose map point is inside. */
interface BboxFilter {
  kind: "bbox";
  chip: string;
}

/**
 * A circle: `raio` kilometres around a centre, given as a place of the catalogue (`perto`, a
 * city or "Cidade|Bairro": the centroid of its listings) or a point (`centro=lat,lng`, from the
 * map or the visitor's location); never both in a canonical URL.
 */
interface RadiusFilter {
  kind: "radius";
}

export type FilterDefinition =
  | BboxFilter
  | RadiusFilter
  | TextFilter
  | OneOfFilter
  | AnyOfFilter
  | AllOfFilter
  | AtLeastFilter
  | FlagFilter
  | RangeFilter;

const FINALIDADE_CHIP: Record<Finalidade, string> = {
  venda: "À venda",
  aluguel: "Para alugar",
  temporada: "Temporada",
};

/**
 * The price fields' legend in both filter forms (the search page's, search-form.tsx, and the home
 * page's, property-filter.tsx): what the amounts are for the finalidade chosen. A temporada
 * search compares a night (nightlyPrice, app/server/search/filters.server.ts).
 */
export const PRICE_LEGEND: Record<Finalidade | "", string> = {
  "": "Preço (R$)",
  venda: "Preço de venda (R$)",
  aluguel: "Aluguel mensal (R$)",
  temporada: "Valor da diária (R$)",
};

/** Every filter, in the canonical URL's order. */
export const SEARCH_FILTERS = {
  q: { kind: "text", max: 100, chip: (q: string) => `“${q}”` },
  finalidade: { kind: "oneOf", keys: FINALIDADE_KEYS, chip: (f: Finalidade) => FINALIDADE_CHIP[f] },
  tipo: { kind: "anyOf", keys: TIPO_KEYS, chipKey: "tipo", chip: (t: keyof typeof TIPOS) => TIPOS[t].label },
  cidade: { kind: "text", max: 80, chip: (c: string) => c },
  bairro: { kind: "text", max: 80, chip: (b: string) => b },
  // A temporada search compares a night, a weekly price counting as its seventh (nightlyPrice,
  // app/server/search/filters.server.ts; docs/decisions/037-temporada.md).
  preco: { kind: "range", format: formatPrice, subject: { temporada: "diária" } },
  quartos: { kind: "atLeast", column: "quartos", label: "Quartos", one: "quarto", many: "quartos" },
  suites: { kind: "atLeast", column: "suites", label: "Suítes", one: "suíte", many: "suítes" },
  vagas: { kind: "atLeast", column: "vagas", label: "Vagas", one: "vaga", many: "vagas" },
  area: { kind: "range", format: formatArea },
  comodidades: {
    kind: "allOf",
    keys: COMODIDADE_KEYS,
    column: "comodidades",
    chipKey: "comodidade",
    chip: (c: keyof typeof COMODIDADES) => COMODIDADES[c].label,
    legend: "Comodidades",
  },
  mobiliado: { kind: "flag", column: "mobiliado", label: "Mobiliado" },
  pet: { kind: "flag", column: "aceitaPet", label: "Aceita pet" },
  regiao: { kind: "bbox", chip: "Área escolhida no mapa" },
  raio: { kind: "radius" },
} as const satisfies Record<string, FilterDefinition>;

export type FilterName = keyof typeof SEARCH_FILTERS;
type Definitions = typeof SEARCH_FILTERS;

/** The value a filter of this definition holds once parsed (undefined / [] / false = not set). */
type ValueOf<D> = D extends { kind: "text" }
  ? string | undefined
  : D extends { kind: "oneOf"; keys: readonly (infer K)[] }
    ? K | undefined
    : D extends { kind: "anyOf" | "allOf"; keys: readonly (infer K)[] }
      ? K[]
      : D extends { kind: "atLeast" }
        ? number | undefined
        : D extends { kind: "flag" }
          ? boolean
          : never;

/** A map area (BboxFilter), in degrees. */
export interface Bbox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** A point in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** The radius's choices in the filter form (the URL takes any 0.1–50 km). */
export const RADIUS_CHOICES_KM = [0.5, 1, 2, 5, 10] as const;
export const DEFAULT_RADIUS_KM = 2;

/** The radius filter's parameters, in the canonical URL's order. */
export const RADIUS_PARAMS = ["perto", "centro", "raio"] as const;

type FieldsOf<K extends string, D> = D extends { kind: "range" }
  ? { [P in `${K}Min` | `${K}Max`]: number | undefined }
  : D extends { kind: "bbox" }
    ? { [P in K]: Bbox | undefined }
    : D extends { kind: "radius" }
      ? { perto: string | undefined; centro: LatLng | undefined; raio: number | undefined }
      : { [P in K]: ValueOf<D> };

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** Every filter's fields, flat (a range gives two: precoMin, precoMax). */
export type FilterFields = UnionToIntersection<
  { [K in FilterName]: FieldsOf<K, Definitions[K]> }[FilterName]
>;

export const FILTER_NAMES = Object.keys(SEARCH_FILTERS) as FilterName[];

/** A filter's URL parameters: its name, or `{name}Min` and `{name}Max` for a range. */
export function filterParams(name: FilterName): string[] {
  const { kind } = SEARCH_FILTERS[name];
  if (kind === "range") return [`${name}Min`, `${name}Max`];
  return kind === "radius" ? [...RADIUS_PARAMS] : [name];
}

/** "2 km", "1,5 km", "500 m". */
export function formatRadius(km: number): string {
  return km < 1 ? `${Math.round(km * 1000)} m` : `${String(km).replace(".", ",")} km`;
}

/** "Pajuçara, Maceió" from a `perto` value ("Maceió|Pajuçara" or "Maceió"). */
export function placeLabel(value: string): string {
  const at = value.indexOf("|");
  return at < 0 ? value : `${value.slice(at + 1)}, ${value.slice(0, at)}`;
}

/** Is this filter narrowing the results? */
export function isFilterActive(name: FilterName, filters: FilterFields): boolean {
  const values = filterParams(name).map((param) => (filters as unknown as Record<string, unknown>)[param]);
  return values.some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined && value !== false && value !== null,
  );
}

/** The filters of one kind, with their names (the form renders these kinds from the table). */
export function filtersOfKind<Kind extends FilterDefinition["kind"]>(
  kind: Kind,
): [FilterName, Extract<FilterDefinition, { kind: Kind }>][] {
  return FILTER_NAMES.flatMap((name) => {
    const definition = SEARCH_FILTERS[name] as FilterDefinition;
    return definition.kind === kind ? [[name, definition as Extract<FilterDefinition, { kind: Kind }>]] : [];
  });
}

/** "R$ 300 a R$ 500", "a partir de R$ 300", "até R$ 500"; with a subject, "diária de R$ 300 a R$ 500". */
function range(
  min: number | undefined,
  max: number | undefined,
  format: (n: number) => string,
  subject?: string,
): string {
  const bounds =
    min !== undefined && max !== undefined
      ? `${subject ? "de " : ""}${format(min)} a ${format(max)}`
      : min !== undefined
        ? `a partir de ${format(min)}`
        : `até ${format(max ?? 0)}`;
  return subject ? `${subject} ${bounds}` : bounds;
}

/**
 * An active filter's chips: a label each, and the fields that undo it (a list gives one chip
 * per chosen key).
 */
export function filterChipsOf(
  name: FilterName,
  filters: FilterFields,
): { key: string; label: string; without: Partial<FilterFields> }[] {
  if (!isFilterActive(name, filters)) return [];
  const definition = SEARCH_FILTERS[name] as FilterDefinition;
  const value = (filters as unknown as Record<string, unknown>)[name];
  switch (definition.kind) {
    case "text":
    case "oneOf":
      return [{ key: name, label: definition.chip(value as never), without: { [name]: undefined } }];
    case "bbox":
      return [{ key: name, label: definition.chip, without: { [name]: undefined } }];
    case "radius": {
      const { perto, raio } = filters as unknown as { perto?: string; raio?: number };
      const where = perto ? `de ${placeLabel(perto)}` : "do ponto escolhido";
      return [
        {
          key: name,
          label: `Até ${formatRadius(raio ?? 0)} ${where}`,
          without: { perto: undefined, centro: undefined, raio: undefined },
        },
      ];
    }
    case "anyOf":
    case "allOf": {
      const chosen = value as string[];
      return chosen.map((item) => ({
        key: `${definition.chipKey}:${item}`,
        label: definition.chip(item as never),
        without: { [name]: chosen.filter((other) => other !== item) },
      }));
    }
    case "atLeast": {
      const n = value as number;
      return [
        {
          key: name,
          label: `${n}+ ${plural(n, definition.one, definition.many)}`,
          without: { [name]: undefined },
        },
      ];
    }
    case "flag":
      return [{ key: name, label: definition.label, without: { [name]: false } }];
    case "range": {
      const fields = filters as unknown as Record<string, number | undefined>;
      const [min, max] = filterParams(name);
      return [
        {
          key: name,
          label: range(
            fields[min!],
            fields[max!],
            definition.format,
            filters.finalidade ? definition.subject?.[filters.finalidade] : undefined,
          ),
          without: { [min!]: undefined, [max!]: undefined },
        },
      ];
    }
  }
}
