// The admin properties table's URL: search, filters, sort and page live in GET params so a
// view can be bookmarked, shared and reloaded. Unknown values fall back to defaults.
import { z } from "zod";
import { rowIdSchema } from "./row-id";
import { PUBLICATION_KEYS, STATUS_KEYS, TIPO_KEYS } from "./vocabulary";

export const ADMIN_LIST_PAGE_SIZE = 20;

export const ADMIN_LIST_SORTS = {
  atualizado: "Atualizado",
  referencia: "Referência",
  titulo: "Título",
  preco: "Preço",
  status: "Situação",
} as const;
export type AdminListSort = keyof typeof ADMIN_LIST_SORTS;
const SORT_KEYS = Object.keys(ADMIN_LIST_SORTS) as [AdminListSort, ...AdminListSort[]];

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const adminListQuerySchema = z.object({
  q: optional(
    z
      .string()
      .trim()
      .max(100)
      .transform((v) => v || undefined),
  ),
  tipo: optional(z.enum(TIPO_KEYS)),
  status: optional(z.enum(STATUS_KEYS)),
  publicacao: optional(z.enum(PUBLICATION_KEYS)),
  corretor: optional(rowIdSchema),
  ordem: z.enum(SORT_KEYS).catch("atualizado"),
  direcao: z.enum(["asc", "desc"]).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type AdminListQuery = z.output<typeof adminListQuerySchema>;

export function parseAdminListQuery(params: URLSearchParams): AdminListQuery {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(adminListQuerySchema.shape)) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return adminListQuerySchema.parse(raw);
}

/** Newest first by default for dates and prices, A→Z for text. */
export function defaultDirection(sort: AdminListSort): "asc" | "desc" {
  return sort === "atualizado" || sort === "preco" ? "desc" : "asc";
}

/** The query string for a changed view (page resets unless given). */
export function adminListHref(query: AdminListQuery, change: Partial<AdminListQuery>): string {
  const next = { ...query, pagina: 1, ...change };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === null || value === "") continue;
    if (key === "pagina" && value === 1) continue;
    if (key === "ordem" && value === "atualizado") continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "?";
}
