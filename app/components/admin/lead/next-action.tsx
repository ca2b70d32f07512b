// "Próxima ação" on a lead's screen: what is due and when, said in words ("Atrasada", "Para
// hoje") besides the colour, and the form that changes it (intent "proxima-acao"). A plain form:
// without JavaScript the action answers the field errors; with it they show before sending.
import { Form } from "react-router";
import { formatDayTime } from "../../../lib/maceio-time";
import {
  NEXT_ACTION_MAX,
  type NextActionErrors,
  type NextActionField,
  type NextActionState,
  nextActionSchema,
} from "../../../lib/next-action";
import { Field, FormAlert, useClientValidation } from "../../form-field";

export interface LeadNextActionProps {
  /** Null: the lead is closed or lost, and has none. */
  current: { day: string; time: string | null; task: string; state: NextActionState } | null;
  /** A refused submission: what went wrong, its messages per field and what was typed. */
  error?: string;
  errors?: NextActionErrors;
  values?: Partial<Record<NextActionField, string>>;
  busy: boolean;
}

/** The words (and class) of an action's state; a later one needs no badge. */
export function NextActionBadge({ state }: { state: NextActionState }) {
  if (state === "futura") return null;
  return (
    <span className={`next-action-badge next-action-badge--${state}`}>
      {state === "atrasada" ? "Atrasada" : "Para hoje"}
    </span>
  );
}

export function LeadNextAction({ current, error, errors: serverErrors, values, busy }: LeadNextActionProps) {
  const { errors, onSubmit } = useClientValidation(nextActionSchema, serverErrors);
  return (
    <section className="lead-card next-action" aria-labelledby="lead-proxima-acao">
      <h2 id="lead-proxima-acao">Próxima ação</h2>
      <FormAlert>{error}</FormAlert>
      {current ? (
        <>
          <p className="next-action__current" data-testid="proxima-acao-atual">
            <strong>{current.task}</strong> <NextActionBadge state={current.state} />
            <br />
            <span className="next-action__due">
              {current.state === "atrasada" ? "Era para " : "Para "}
              {formatDayTime(current.day, current.time)}
            </span>
          </p>
          {/* key: a saved action shows its own values again */}
          <Form
            method="post"
            className="next-action__form"
            noValidate
            onSubmit={onSubmit}
            key={`${current.day} ${current.time} ${current.task}`}
          >
            <input type="hidden" name="intent" value="proxima-acao" />
            <Field
              idPrefix="proxima-"
              name="data"
              label="Data"
              type="date"
              required
              defaultValue={values?.data ?? current.day}
              error={errors.data}
            />
            <Field
              idPrefix="proxima-"
              name="hora"
              label="Hora (opcional)"
              type="time"
              defaultValue={values?.hora ?? current.time?.slice(0, 5) ?? ""}
              error={errors.hora}
            />
            <Field
              idPrefix="proxima-"
              name="tarefa"
              label="O que fazer"
              type="text"
              required
              maxLength={NEXT_ACTION_MAX}
              autoComplete="off"
              defaultValue={values?.tarefa ?? current.task}
              hint={`Até ${NEXT_ACTION_MAX} caracteres, ex.: Ligar para confirmar a visita.`}
              error={errors.tarefa}
              className="next-action__task"
            />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Salvar próxima ação
            </button>
          </Form>
        </>
      ) : (
        <p>Lead encerrado: não há próxima ação. Para retomar o atendimento, mude a etapa.</p>
      )}
    </section>
  );
}
