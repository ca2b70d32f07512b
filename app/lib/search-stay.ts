// A temporada search's stay (decision 040): check-in, check-out and guests from the search URL
// (`chegada`, `saida`, `hospedes`, the names of a listing's quote), validated against today in
// Maceió. The URL parser (search-filters.ts) keeps them as typed; this says what is wrong, per
// field and in Portuguese, so the form shows the message beside the visitor's value (never a 4xx
// page nor a 500: the rest of the search still answers).
import { z } from "zod";
import { dayNumber, formatIsoDate, MAX_STAY_NIGHTS, STAY_PARAM } from "./rental";
import type { SearchFilters } from "./search-filters";

/** At most this many guests in a search (the listings' own maximum is checked per listing). */
export const MAX_SEARCH_GUESTS = 50;

export interface StaySearch {
  checkIn: string;
  checkOut: string;
  guests: number;
  nights: number;
}

export type StaySearchErrors = Partial<Record<"chegada" | "saida" | "hospedes", string>>;

export type StaySearchResult =
  | { kind: "none" }
  | { kind: "ok"; stay: StaySearch }
  | { kind: "invalid"; errors: StaySearchErrors };

const date = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((s) => !Number.isNaN(dayNumber(s)), message);

const schema = (today: string) =>
  z
    .object({
      chegada: date("Informe a data de chegada (dia/mês/ano).").refine(
        (s) => s >= today,
        "A chegada não pode ser antes de hoje.",
      ),
      saida: date("Informe a data de saída (dia/mês/ano)."),
      hospedes: z
        .string()
        .trim()
        .regex(/^\d{1,3}$/, `Informe de 1 a ${MAX_SEARCH_GUESTS} hóspedes.`)
        .transform(Number)
        .pipe(
          z
            .number()
            .min(1, `Informe de 1 a ${MAX_SEARCH_GUESTS} hóspedes.`)
            .max(MAX_SEARCH_GUESTS, `Informe de 1 a ${MAX_SEARCH_GUESTS} hóspedes.`),
        ),
    })
    .superRefine(({ chegada, saida }, ctx) => {
      const nights = dayNumber(saida) - dayNumber(chegada);
      if (Number.isNaN(nights)) return;
      if (nights <= 0)
        ctx.addIssue({ code: "custom", path: ["saida"], message: "A saída deve ser depois da chegada." });
      else if (nights > MAX_STAY_NIGHTS)
        ctx.addIssue({
          code: "custom",
          path: ["saida"],
          message: `A locação por temporada vai até ${MAX_STAY_NIGHTS} dias (Lei 8.245/1991, art. 48).`,
        });
    });

/**
 * The stay a search asks for: none (no date nor guests given), a valid stay, or the messages
 * per field. Guests left empty count as 1; `today` is Maceió's day ("YYYY-MM-DD").
 */
export function staySearchOf(
  filters: Pick<SearchFilters, "chegada" | "saida" | "hospedes">,
  today: string,
): StaySearchResult {
  if (filters.chegada === undefined && filters.saida === undefined && filters.hospedes === undefined)
    return { kind: "none" };
  const parsed = schema(today).safeParse({
    chegada: filters.chegada ?? "",
    saida: filters.saida ?? "",
    hospedes: filters.hospedes ?? "1",
  });
  if (!parsed.success) {
    const errors: StaySearchErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof StaySearchErrors;
      errors[field] ??= issue.message;
    }
    return { kind: "invalid", errors };
  }
  const { chegada, saida, hospedes } = parsed.data;
  return {
    kind: "ok",
    stay: {
      checkIn: chegada,
      checkOut: saida,
      guests: hospedes,
      nights: dayNumber(saida) - dayNumber(chegada),
    },
  };
}

/** Does this search URL carry a stay (its pages are noindex and never stored: decision 040)? */
export function hasStaySearch(filters: Pick<SearchFilters, "chegada" | "saida" | "hospedes">): boolean {
  return filters.chegada !== undefined || filters.saida !== undefined || filters.hospedes !== undefined;
}

/** A listing's URL with the stay carried into its quote and calendar. */
export function listingStayHref(url: string, stay: StaySearch): string {
  const params = new URLSearchParams({
    [STAY_PARAM]: "1",
    chegada: stay.checkIn,
    saida: stay.checkOut,
    hospedes: String(stay.guests),
  });
  return `${url}?${params}#temporada`;
}

/** "27/12/2026 a 03/01/2027, 6 hóspedes" (the chip and the subtitle). */
export function staySearchLabel(stay: StaySearch): string {
  return `${formatIsoDate(stay.checkIn)} a ${formatIsoDate(stay.checkOut)}, ${stay.guests} ${stay.guests === 1 ? "hóspede" : "hóspedes"}`;
}
