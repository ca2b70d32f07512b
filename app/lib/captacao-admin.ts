// The captações queue's inputs (/admin/captacoes): the list's filters (URL) and the statuses an
// agent may pick by hand. Notes and assignment take the lead inbox's own schemas (lead-inbox.ts).
import { z } from "zod";
import { CAPTACAO_STATUS_KEYS, type CaptacaoStatus } from "./vocabulary";

export const CAPTACAO_PAGE_SIZE = 25;

/** What the status form offers: `convertida` comes only from "Criar rascunho do imóvel". */
export const CAPTACAO_MANUAL_STATUSES = [
  "nova",
  "em_avaliacao",
  "descartada",
] as const satisfies readonly CaptacaoStatus[];

export const captacaoListQuerySchema = z.object({
  status: z.enum(CAPTACAO_STATUS_KEYS).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export type CaptacaoListQuery = z.output<typeof captacaoListQuerySchema>;

/** Reads the filters from the URL; anything unreadable is ignored rather than an error. */
export function parseCaptacaoListQuery(params: URLSearchParams): CaptacaoListQuery {
  const read = (key: string) => {
    const value = params.get(key);
    return value && value.trim() !== "" ? value.trim() : undefined;
  };
  return captacaoListQuerySchema.parse({ status: read("status"), pagina: read("pagina") });
}

export function captacaoListSearch(
  query: CaptacaoListQuery,
  overrides: Partial<CaptacaoListQuery> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...overrides })) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const captacaoStatusSchema = z.object({
  status: z.enum(CAPTACAO_MANUAL_STATUSES, { error: "Escolha uma situação válida." }),
});
