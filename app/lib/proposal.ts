// A buyer's or tenant's proposal as agents type and read it (decision 048): the form's schemas (the
// lead screen and its action), where a proposal stands on a day, and how its amount compares with
// the asking price. Shared by the server (app/server/leads/proposals.server.ts) and the screens.
import { z } from "zod";
import { day, money } from "./form-field-schemas";
import { formatPrice } from "./format";
import { addDays } from "./rental";
import { PROPOSAL_PAYMENT_KEYS, type ProposalStatus } from "./vocabulary";

/** A proposal stands this long at most: longer, and the owner's "yes" would answer an old price. */
export const PROPOSAL_MAX_DAYS = 60;
/** What the form suggests: the owner usually answers within the week. */
export const PROPOSAL_DEFAULT_DAYS = 5;
export const PROPOSAL_CONDITIONS_MAX = 1000;
/** Anything above is a typo (an extra zero), not an offer. */
const AMOUNT_MAX = 1_000_000_000;

/** "R$ 760.000", or "R$ 2.800/mês" for a rent. */
export const proposalAmount = (amount: number, finalidade: "venda" | "aluguel") =>
  finalidade === "aluguel" ? `${formatPrice(amount)}/mês` : formatPrice(amount);

/**
 * The "Registrar proposta" form. `today` is Maceió's: a proposal stands from today to at most
 * PROPOSAL_MAX_DAYS ahead. A rent proposal has no form of payment.
 */
export function proposalSchema(today: string) {
  const last = addDays(today, PROPOSAL_MAX_DAYS);
  return z
    .object({
      referencia: z
        .string({ error: "Informe a referência do imóvel." })
        .trim()
        .min(1, "Informe a referência do imóvel.")
        .max(20, "Referência inválida."),
      finalidade: z.enum(["venda", "aluguel"], { error: "Escolha compra ou locação." }),
      valor: money("Valor", AMOUNT_MAX).refine((v) => v !== null && v > 0, "Informe o valor proposto."),
      pagamento: z.enum(PROPOSAL_PAYMENT_KEYS, { error: "Escolha a forma de pagamento." }).optional(),
      condicoes: z
        .string()
        .trim()
        .max(PROPOSAL_CONDITIONS_MAX, `Use no máximo ${PROPOSAL_CONDITIONS_MAX} caracteres.`)
        .optional()
        .transform((v) => v ?? ""),
      validade: day("Informe até quando a proposta vale.")
        .refine((v) => v >= today, "A validade não pode ser uma data passada.")
        .refine((v) => v <= last, `A validade máxima é de ${PROPOSAL_MAX_DAYS} dias.`),
    })
    .superRefine((value, ctx) => {
      if (value.finalidade === "venda" && !value.pagamento)
        ctx.addIssue({ code: "custom", path: ["pagamento"], message: "Escolha a forma de pagamento." });
    })
    .transform(({ valor, ...rest }) => ({
      ...rest,
      valor: valor as number,
      pagamento: rest.finalidade === "venda" ? (rest.pagamento ?? null) : null,
    }));
}

export type ProposalInput = z.output<ReturnType<typeof proposalSchema>>;
export type ProposalField = keyof z.input<ReturnType<typeof proposalSchema>>;
export type ProposalErrors = Partial<Record<ProposalField, string>>;

/**
 * The answer the agent brings back, as the proposal's buttons post it: the owner accepted,
 * refused or countered (with its amount), or the person withdrew. The amount field is read only
 * for a contraproposta: what is left in it does not stop another answer.
 */
export const proposalAnswerSchema = z
  .object({
    resposta: z.enum(["aceita", "recusada", "contraproposta", "retirada"], { error: "Resposta inválida." }),
    contraValor: z.string().optional(),
  })
  .transform((value, ctx) => {
    if (value.resposta !== "contraproposta") return { resposta: value.resposta, contraValor: null };
    const amount = money("Contraproposta", AMOUNT_MAX).safeParse(value.contraValor);
    if (!amount.success || !amount.data) {
      ctx.addIssue({
        code: "custom",
        path: ["contraValor"],
        message: amount.success
          ? "Informe o valor da contraproposta."
          : (amount.error.issues[0]?.message ?? ""),
      });
      return z.NEVER;
    }
    return { resposta: value.resposta, contraValor: amount.data };
  });

export type ProposalAnswer = z.output<typeof proposalAnswerSchema>;

/** Still waiting on someone: the owner (em análise) or the buyer (a contraproposta). */
export function isOpenProposal(status: ProposalStatus): boolean {
  return status === "em_analise" || status === "contraproposta";
}

/** An open proposal past its last day has lapsed; the agent can still record an answer. */
export function hasLapsed(p: { status: ProposalStatus; validUntil: string }, today: string): boolean {
  return isOpenProposal(p.status) && p.validUntil < today;
}

/**
 * How an amount reads against the asking price: "8% abaixo do pedido", "no valor pedido",
 * "3% acima do pedido" (whole percent, rounded toward the asking price); null without one.
 */
export function againstAsking(amount: number, asking: number | null): string | null {
  if (!asking) return null;
  const percent = Math.trunc(((amount - asking) / asking) * 100);
  if (percent === 0) return amount === asking ? "no valor pedido" : "praticamente o valor pedido";
  return percent < 0 ? `${-percent}% abaixo do pedido` : `${percent}% acima do pedido`;
}
