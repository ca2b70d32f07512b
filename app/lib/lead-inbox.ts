// The leads inbox's inputs: list filters (URL), status changes, notes, assignment and the LGPD
// lookup. Shared by the admin routes (server) and their forms (field names, limits).
import { z } from "zod";
import { isRealDate } from "./form-field-schemas";
import { ANY_REFERENCIA } from "./listing";
import { NEXT_ACTION_VIEW_KEYS } from "./next-action";
import { rowIdSchema } from "./row-id";
import { LEAD_ORIGIN_KEYS, LEAD_STATUS_KEYS, type LeadStatus } from "./vocabulary";

export const LEAD_PAGE_SIZE = 25;
export const NOTE_MAX = 2000;

const optionalId = rowIdSchema.optional().catch(undefined);
const optionalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isRealDate)
  .optional()
  .catch(undefined);

export const leadListQuerySchema = z.object({
  status: z.enum(LEAD_STATUS_KEYS).optional().catch(undefined),
  /** A card any of whose contacts came from this source. */
  origem: z.enum(LEAD_ORIGIN_KEYS).optional().catch(undefined),
  imovel: optionalId,
  corretor: optionalId,
  de: optionalDate,
  ate: optionalDate,
  /** A next-action section: overdue, or due today (app/lib/next-action.ts). */
  acao: z.enum(NEXT_ACTION_VIEW_KEYS).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** Reads the filters from the URL; anything unreadable is ignored rather than an error. */
export function parseLeadListQuery(params: URLSearchParams): LeadListQuery {
  const read = (key: string) => {
    const value = params.get(key);
    return value && value.trim() !== "" ? value.trim() : undefined;
  };
  return leadListQuerySchema.parse({
    status: read("status"),
    origem: read("origem"),
    imovel: read("imovel"),
    corretor: read("corretor"),
    de: read("de"),
    ate: read("ate"),
    acao: read("acao"),
    pagina: read("pagina"),
  });
}

export function leadListSearch(query: LeadListQuery, overrides: Partial<LeadListQuery> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...overrides })) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The pipeline in order; fechado and perdido both end it. */
export const LEAD_PIPELINE: LeadStatus[] = [...LEAD_STATUS_KEYS];

export const leadStatusSchema = z.object({
  status: z.enum(LEAD_STATUS_KEYS, { error: "Escolha uma etapa válida." }),
});

export const leadNoteSchema = z.object({
  body: z
    .string({ error: "Escreva a anotação." })
    .trim()
    .min(1, "Escreva a anotação.")
    .max(NOTE_MAX, `Use no máximo ${NOTE_MAX} caracteres.`),
});

export const leadAssignSchema = z.object({
  assigneeId: z.union([z.literal("").transform(() => null), rowIdSchema], {
    error: "Escolha um corretor.",
  }),
});

/** A listing the lead's page offers to suggest (app/server/leads/suggestions.server.ts). */
export interface SuggestionCandidate {
  referencia: string;
  titulo: string;
  /** "R$ 850.000", "R$ 3.500/mês", "Sob consulta". */
  price: string;
  /** "Ponta Verde, Maceió" */
  place: string;
  /** The listing the person asked about. */
  asked: boolean;
}

/** What the lead's page offers to suggest, and what it is based on. */
export interface SuggestionChoices {
  /** The referência of the listing the person asked about, when the candidates are like it. */
  similarTo: string | null;
  candidates: SuggestionCandidate[];
}

/** The most listings one suggestion sends (a list a person reads on a phone). */
export const MAX_SUGGESTIONS = 10;

/**
 * Listings an agent suggests to a lead (/admin/leads/:id/sugestoes): the ticked ones (`ref`) and
 * any typed in "Outras referências" (`outras`, separated by commas or spaces), upper-cased, unique.
 */
export const leadSuggestionSchema = z
  .object({ ref: z.array(z.string()), outras: z.string().max(500, "Use no máximo 500 caracteres.") })
  .transform(({ ref, outras }) => [
    ...new Set([...ref, ...outras.split(/[\s,;]+/)].map((r) => r.trim().toUpperCase()).filter(Boolean)),
  ])
  .pipe(
    z
      .array(z.string().regex(ANY_REFERENCIA, "Referência inválida: use letras, números e hífen."))
      .min(1, "Escolha ao menos um imóvel para sugerir.")
      .max(MAX_SUGGESTIONS, `Sugira no máximo ${MAX_SUGGESTIONS} imóveis de uma vez.`),
  );

/** LGPD lookup: an e-mail or a phone number of the person. */
export const personLookupSchema = z.object({
  contato: z
    .string({ error: "Informe o e-mail ou o telefone da pessoa." })
    .trim()
    .min(5, "Informe o e-mail ou o telefone da pessoa.")
    .max(254, "Use no máximo 254 caracteres.")
    .refine(
      (v) => v.includes("@") || v.replace(/\D/g, "").length >= 8,
      "Informe um e-mail válido ou um telefone com DDD.",
    ),
});
