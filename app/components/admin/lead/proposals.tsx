// "Propostas" on a lead's screen (decision 048): each proposal the person made, against the asking
// price, with the owner's answer; an open one takes the answer the agent brings back (aceita,
// recusada, contraproposta with its amount) or that the person withdrew it. Below, the form that
// records a new one (intent "proposta"); the answers post intent "proposta-resposta".
import { Form } from "react-router";
import { filledIn } from "../../../lib/form-errors";
import {
  againstAsking,
  hasLapsed,
  isOpenProposal,
  PROPOSAL_CONDITIONS_MAX,
  PROPOSAL_DEFAULT_DAYS,
  type ProposalErrors,
  type ProposalField,
  proposalAmount,
  proposalSchema,
} from "../../../lib/proposal";
import { addDays, formatIsoDate } from "../../../lib/rental";
import {
  PROPOSAL_PAYMENTS,
  PROPOSAL_STATUSES,
  type ProposalPayment,
  type ProposalStatus,
} from "../../../lib/vocabulary";
import { Field, FormAlert, SelectField, TextAreaField, useClientValidation } from "../../form-field";

export interface LeadProposalItem {
  id: number;
  referencia: string;
  finalidade: "venda" | "aluguel";
  amount: number;
  askingPrice: number | null;
  payment: ProposalPayment | null;
  conditions: string;
  validUntil: string;
  status: ProposalStatus;
  counterAmount: number | null;
  createdByName: string | null;
}

export interface LeadProposalsProps {
  proposals: LeadProposalItem[];
  /** Maceió's day, from the loader (the server and the browser agree on it around midnight). */
  today: string;
  /** Null: the lead is closed or lost, and takes no new proposal. */
  newProposal: { referencia: string; finalidade: "venda" | "aluguel" } | null;
  /** A refused submission of the new-proposal form: its messages and what was typed. */
  errors?: ProposalErrors;
  values?: Partial<Record<ProposalField, string>>;
  /** A refused answer: its message, and the contraproposta's amount refused at its field. */
  answerError?: { proposalId?: number; message: string; contraValor?: string };
  /** A refused new proposal's message (a closed lead's shows above the list). */
  formError?: string;
  busy: boolean;
}

export function LeadProposals({
  proposals,
  today,
  newProposal,
  errors: serverErrors,
  values,
  answerError,
  formError,
  busy,
}: LeadProposalsProps) {
  const schema = proposalSchema(today);
  const { errors, onSubmit } = useClientValidation(
    { safeParse: (data: unknown) => schema.safeParse(filledIn(data as Record<string, unknown>)) },
    serverErrors,
  );
  const refused = Boolean(formError || (serverErrors && Object.keys(serverErrors).length));
  return (
    <section className="lead-card lead-proposals" aria-labelledby="lead-propostas">
      <h2 id="lead-propostas">Propostas</h2>
      <FormAlert>
        {answerError && !answerError.contraValor ? answerError.message : newProposal ? undefined : formError}
      </FormAlert>
      {proposals.length ? (
        <ul className="lead-proposals__list">
          {proposals.map((p) => (
            <li key={p.id} className="lead-proposal" data-testid="proposta">
              <p>
                <strong>
                  {p.referencia}: {proposalAmount(p.amount, p.finalidade)}
                </strong>
                {againstAsking(p.amount, p.askingPrice) ? ` (${againstAsking(p.amount, p.askingPrice)})` : ""}
                {p.payment ? ` — ${PROPOSAL_PAYMENTS[p.payment]}` : ""}
              </p>
              {p.conditions ? <p className="lead-proposal__conditions">{p.conditions}</p> : null}
              <p className="lead-proposal__status">
                <span className={`proposal-status proposal-status--${p.status}`}>
                  {PROPOSAL_STATUSES[p.status]}
                </span>{" "}
                {p.counterAmount !== null
                  ? `Contraproposta do proprietário: ${proposalAmount(p.counterAmount, p.finalidade)}. `
                  : ""}
                {isOpenProposal(p.status)
                  ? hasLapsed(p, today)
                    ? `Venceu em ${formatIsoDate(p.validUntil)}.`
                    : `Válida até ${formatIsoDate(p.validUntil)}.`
                  : null}
              </p>
              {isOpenProposal(p.status) ? (
                <ProposalAnswerForm
                  proposal={p}
                  error={answerError?.proposalId === p.id ? answerError.contraValor : undefined}
                  busy={busy}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>Nenhuma proposta registrada.</p>
      )}
      {newProposal ? (
        // key: once a proposal is recorded, the form starts over, closed.
        <details className="lead-proposals__new" open={refused || undefined} key={proposals.length}>
          <summary>Registrar proposta</summary>
          <FormAlert>{formError}</FormAlert>
          <Form method="post" noValidate onSubmit={onSubmit} className="lead-proposals__form">
            <input type="hidden" name="intent" value="proposta" />
            <Field
              idPrefix="proposta-"
              name="referencia"
              label="Referência do imóvel"
              required
              autoComplete="off"
              defaultValue={values?.referencia ?? newProposal.referencia}
              error={errors.referencia}
            />
            <SelectField
              idPrefix="proposta-"
              name="finalidade"
              label="Proposta de"
              options={{ venda: "Compra", aluguel: "Locação (valor por mês)" }}
              defaultValue={values?.finalidade ?? newProposal.finalidade}
              error={errors.finalidade}
            />
            <Field
              idPrefix="proposta-"
              name="valor"
              label="Valor proposto (R$)"
              required
              inputMode="numeric"
              autoComplete="off"
              hint="Em reais, sem centavos, ex.: 760.000."
              defaultValue={values?.valor ?? ""}
              error={errors.valor}
            />
            <SelectField
              idPrefix="proposta-"
              name="pagamento"
              label="Forma de pagamento (só compra)"
              options={PROPOSAL_PAYMENTS}
              placeholder="Escolha"
              defaultValue={values?.pagamento ?? ""}
              error={errors.pagamento}
            />
            <TextAreaField
              idPrefix="proposta-"
              name="condicoes"
              label="Condições (opcional)"
              rows={3}
              maxLength={PROPOSAL_CONDITIONS_MAX}
              hint="Sinal, prazos, o que fica no imóvel, ex.: entrada de 20% com FGTS, escritura em 60 dias."
              defaultValue={values?.condicoes ?? ""}
              error={errors.condicoes}
            />
            <Field
              idPrefix="proposta-"
              name="validade"
              label="Válida até"
              type="date"
              required
              defaultValue={values?.validade ?? addDays(today, PROPOSAL_DEFAULT_DAYS)}
              error={errors.validade}
            />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Registrar proposta
            </button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}

/**
 * The answer to an open proposal. With the owner: accepted, refused, countered (with its amount)
 * or the person withdrew. Countered: the person's answer to the owner's amount.
 */
function ProposalAnswerForm({
  proposal,
  error,
  busy,
}: {
  proposal: LeadProposalItem;
  error?: string;
  busy: boolean;
}) {
  const withOwner = proposal.status === "em_analise";
  const answer = (value: string, label: string, primary = false) => (
    <button
      type="submit"
      name="resposta"
      value={value}
      className={primary ? "btn btn--primary" : "btn"}
      disabled={busy}
    >
      {label}
    </button>
  );
  return (
    <Form method="post" className="lead-proposal__answer">
      <input type="hidden" name="intent" value="proposta-resposta" />
      <input type="hidden" name="proposalId" value={proposal.id} />
      <fieldset>
        <legend>
          Resposta
          <span className="visually-hidden">
            {` à proposta de ${proposalAmount(proposal.amount, proposal.finalidade)} (${proposal.referencia})`}
          </span>
        </legend>
        {withOwner ? (
          <>
            {answer("aceita", "Proprietário aceitou", true)}
            {answer("recusada", "Proprietário recusou")}
            {answer("retirada", "Cliente desistiu")}
            <Field
              idPrefix={`proposta-${proposal.id}-`}
              name="contraValor"
              label="Contraproposta do proprietário (R$)"
              inputMode="numeric"
              autoComplete="off"
              error={error}
            />
            {answer("contraproposta", "Registrar contraproposta")}
          </>
        ) : (
          <>
            {answer("aceita", "Cliente aceitou a contraproposta", true)}
            {answer("recusada", "Cliente recusou a contraproposta")}
          </>
        )}
      </fieldset>
    </Form>
  );
}
