// GET /api/cartoes?refs=AP0001,CA0002: card data for a list of referências (favourites, vistos
// recentemente). Server-side validation only (the browser asks with ./fetch-cards.ts).
import { z } from "zod";
import { MAX_FAVORITES } from "./favorites";
import { ANY_REFERENCIA } from "./listing";

export const cardsQuerySchema = z.object({
  refs: z
    .string({ error: "Informe as referências em refs." })
    .transform((s) =>
      s
        .split(",")
        .map((r) => r.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(ANY_REFERENCIA, "Referência inválida."))
        .min(1, "Informe ao menos uma referência.")
        .max(MAX_FAVORITES, `No máximo ${MAX_FAVORITES} referências.`),
    ),
});
