// The /admin/portais screen's query (which listings to show, which page), shared by its loader
// and its filter links. Lenient: a bad value falls back to the default.
import { z } from "zod";

export const PORTAIS_FILTERS = {
  pendencias: "Com pendências",
  erros: "Com erros",
  avisos: "Com avisos",
  fora: "Fora do feed",
} as const;
export type PortaisFilter = keyof typeof PORTAIS_FILTERS;
export const PORTAIS_FILTER_KEYS = Object.keys(PORTAIS_FILTERS) as [PortaisFilter, ...PortaisFilter[]];

export const PORTAIS_PAGE_SIZE = 50;

export const portaisQuerySchema = z.object({
  mostrar: z.enum(PORTAIS_FILTER_KEYS).catch("pendencias"),
  pagina: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type PortaisQuery = z.output<typeof portaisQuerySchema>;

export function parsePortaisQuery(params: URLSearchParams): PortaisQuery {
  return portaisQuerySchema.parse({
    mostrar: params.get("mostrar") ?? undefined,
    pagina: params.get("pagina") ?? undefined,
  });
}

/** Canonical link: defaults omitted. */
export function portaisHref(query: Partial<PortaisQuery>): string {
  const params = new URLSearchParams();
  if (query.mostrar && query.mostrar !== "pendencias") params.set("mostrar", query.mostrar);
  if (query.pagina && query.pagina > 1) params.set("pagina", String(query.pagina));
  const qs = params.toString();
  return `/admin/portais${qs ? `?${qs}` : ""}`;
}
