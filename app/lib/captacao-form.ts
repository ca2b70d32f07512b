// The "Anuncie seu imóvel" form's schema (/anuncie-seu-imovel), run by its action
// (app/server/captacoes/submit.server.ts). The contact fields are the lead forms' own
// (lead-form.ts), so an owner and a buyer read the same messages; field names are the <input> names.
import { z } from "zod";
import { CAPTACAO_LIMITS, type CaptacaoField, type CaptacaoFieldErrors } from "./captacao-fields";
import { choice, money, optionalText, text } from "./form-field-schemas";
import { leadFormSchema } from "./lead-form";
import { FINALIDADE_KEYS, TIPO_KEYS } from "./vocabulary";

/** A sale price fits a bigint; a rent is an int4 column on the property the draft becomes. */
const MAX_SALE_PRICE = 10_000_000_000;
const MAX_RENT_PRICE = 100_000_000;

const MISSING_PHONE = "Informe um telefone com DDD para falarmos com você, ex.: (82) 99999-9999.";

export const captacaoFormSchema = z
  .object({
    name: leadFormSchema.shape.name,
    phone: leadFormSchema.shape.phone,
    email: leadFormSchema.shape.email,
    tipo: choice(TIPO_KEYS, "Escolha o tipo do imóvel."),
    finalidade: choice(FINALIDADE_KEYS, "Escolha se quer vender, alugar ou alugar por temporada."),
    logradouro: optionalText(
      CAPTACAO_LIMITS.logradouro,
      `Endereço: use no máximo ${CAPTACAO_LIMITS.logradouro} caracteres.`,
    ),
    bairro: text(
      "Informe o bairro.",
      CAPTACAO_LIMITS.bairro,
      `Bairro: use no máximo ${CAPTACAO_LIMITS.bairro} caracteres.`,
    ),
    cidade: text(
      "Informe a cidade.",
      CAPTACAO_LIMITS.cidade,
      `Cidade: use no máximo ${CAPTACAO_LIMITS.cidade} caracteres.`,
    ),
    preco: money("Valor pretendido", MAX_SALE_PRICE),
    message: leadFormSchema.shape.message,
    consent: leadFormSchema.shape.consent,
  })
  .superRefine((values, ctx) => {
    if (values.finalidade !== "venda" && values.preco !== null && values.preco > MAX_RENT_PRICE)
      ctx.addIssue({ code: "custom", path: ["preco"], message: "Valor pretendido: valor alto demais." });
  });

export type CaptacaoFormValues = z.output<typeof captacaoFormSchema>;

export type CaptacaoFormResult =
  | { ok: true; values: CaptacaoFormValues & { phone: string } }
  | { ok: false; fieldErrors: CaptacaoFieldErrors };

/** Reads the form's text fields (FormData or a plain object); empty inputs count as absent. */
export function parseCaptacaoForm(input: FormData | Record<string, unknown>): CaptacaoFormResult {
  const read = (key: string) => {
    const value = input instanceof FormData ? input.get(key) : input[key];
    return typeof value === "string" && value.trim() !== "" ? value : undefined;
  };
  const parsed = captacaoFormSchema.safeParse({
    name: read("name"),
    phone: read("phone"),
    email: read("email"),
    tipo: read("tipo"),
    finalidade: read("finalidade"),
    logradouro: read("logradouro"),
    bairro: read("bairro"),
    cidade: read("cidade"),
    preco: read("preco"),
    message: read("message"),
    consent: read("consent"),
  });
  const fieldErrors: CaptacaoFieldErrors = {};
  // The agent calls the owner back: a phone is required here (the lead forms take an e-mail alone).
  if (!read("phone")) fieldErrors.phone = MISSING_PHONE;
  if (parsed.success && parsed.data.phone !== null && !fieldErrors.phone)
    return { ok: true, values: { ...parsed.data, phone: parsed.data.phone } };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as CaptacaoField | undefined;
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return { ok: false, fieldErrors };
}
