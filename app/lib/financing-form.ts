// The financing simulator's schema: the listing page's loader reads a simulation sent in the URL
// with it, the lead form's action reads the simulation a lead carries, and the browser loads it
// (with the result's code, financing-result.tsx) when a visitor first uses the simulator.
// zod/mini keeps the browser's copy small.
import * as z from "zod/mini";
import type { FinancingInput } from "./financing";
import {
  FINANCING_FIELDS,
  FINANCING_VALUE_MAX,
  type FinancingFieldErrors,
  type FinancingValues,
  PRAZO_MAX,
  PRAZO_MIN,
  PRECO_MAX,
  parseMoney,
  parsePercent,
  TAXA_MAX,
} from "./financing-fields";
import { formatPrice } from "./format";

const text = (missing: string) =>
  z
    .string({ error: missing })
    .check(z.trim(), z.minLength(1, missing), z.maxLength(FINANCING_VALUE_MAX, missing));

/** Asked apart, so it shows even while another field is wrong (zod skips an object's checks then). */
export const ENTRADA_ABOVE_PRICE = "A entrada deve ser menor que o valor do imóvel.";

export const financingSchema = z.object({
  preco: z.pipe(
    text("Informe o valor do imóvel em reais, ex.: 500.000."),
    z.pipe(
      z.transform(parseMoney),
      z
        .number({ error: "Informe o valor do imóvel em reais, ex.: 500.000." })
        .check(
          z.gt(0, "Informe o valor do imóvel em reais, ex.: 500.000."),
          z.lte(PRECO_MAX, `O valor do imóvel vai até ${formatPrice(PRECO_MAX)}.`),
        ),
    ),
  ),
  entrada: z.pipe(
    text("Informe a entrada em reais, ex.: 100.000 (pode ser 0)."),
    z.pipe(
      z.transform(parseMoney),
      z.number({ error: "Informe a entrada em reais, ex.: 100.000 (pode ser 0)." }),
    ),
  ),
  prazo: z.pipe(
    text("Informe o prazo em meses, ex.: 360."),
    z.pipe(
      z.transform((s: string) => (/^\d{1,4}$/.test(s) ? Number(s) : Number.NaN)),
      z
        .number({ error: "Informe o prazo em meses (número inteiro), ex.: 360." })
        .check(
          z.gte(PRAZO_MIN, `O prazo vai de ${PRAZO_MIN} a ${PRAZO_MAX} meses.`),
          z.lte(PRAZO_MAX, `O prazo vai de ${PRAZO_MIN} a ${PRAZO_MAX} meses.`),
        ),
    ),
  ),
  taxa: z.pipe(
    text("Informe a taxa de juros ao ano, ex.: 11,5."),
    z.pipe(
      z.transform(parsePercent),
      z
        .number({ error: "Informe a taxa de juros ao ano, ex.: 11,5." })
        .check(
          z.gte(0, `A taxa vai de 0 a ${TAXA_MAX} % ao ano.`),
          z.lte(TAXA_MAX, `A taxa vai de 0 a ${TAXA_MAX} % ao ano.`),
        ),
    ),
  ),
  sistema: z.enum(["sac", "price"], { error: "Escolha a tabela: SAC ou Price." }),
});

/** A form's or a URL's field, as text (absent → undefined), and the values to show it again. */
function readValues(read: (name: string) => unknown): {
  raw: Partial<FinancingValues>;
  values: FinancingValues;
} {
  const raw: Partial<FinancingValues> = {};
  const values = {} as FinancingValues;
  for (const field of FINANCING_FIELDS) {
    const value = read(field);
    if (typeof value === "string") raw[field] = value;
    // What is shown again is bounded: a URL can carry anything.
    values[field] = typeof value === "string" ? value.slice(0, FINANCING_VALUE_MAX) : "";
  }
  return { raw, values };
}

export type FinancingParse =
  | { ok: true; input: FinancingInput; values: FinancingValues }
  | { ok: false; fieldErrors: FinancingFieldErrors; values: FinancingValues };

/** Reads a simulation from a form or a URL (`read` gives one field). */
export function parseFinancing(read: (name: string) => unknown): FinancingParse {
  const { raw, values } = readValues(read);
  const parsed = financingSchema.safeParse(raw);
  const fieldErrors: FinancingFieldErrors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as keyof FinancingFieldErrors | undefined;
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  // The down payment against the price, whenever both were read.
  const preco = parseMoney(raw.preco ?? "");
  const entrada = parseMoney(raw.entrada ?? "");
  if (!fieldErrors.entrada && !fieldErrors.preco && entrada >= preco)
    fieldErrors.entrada = ENTRADA_ABOVE_PRICE;
  if (!parsed.success || fieldErrors.entrada) return { ok: false, fieldErrors, values };
  const { preco: price, ...rest } = parsed.data;
  return { ok: true, input: { price, ...rest }, values };
}
