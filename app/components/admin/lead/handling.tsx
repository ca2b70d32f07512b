// Where the lead stands: its step in the pipeline, a form to move it, and who handles it (an
// admin assigns; a corretor only reads it). The captação screen (routes/admin/captacao.tsx) uses
// the same choice forms.
import { Form } from "react-router";
import { LEAD_PIPELINE } from "../../../lib/lead-inbox";
import { LEAD_STATUSES, type LeadStatus } from "../../../lib/vocabulary";
import { SelectField } from "../../form-field";

/** One choice posted with its `intent`; the key re-creates it when the saved value changes (also the captações screen's). */
export function ChoiceForm({
  intent,
  id,
  name,
  label,
  value,
  options,
  error,
  busy,
  submitLabel,
  tone,
}: {
  intent: string;
  id: string;
  name: string;
  label: string;
  value: string | number;
  options: [string | number, string][];
  error?: string;
  busy: boolean;
  submitLabel: string;
  tone: "primary" | "secondary";
}) {
  return (
    <Form method="post" className="lead-inline-form">
      <input type="hidden" name="intent" value={intent} />
      <SelectField
        id={id}
        name={name}
        label={label}
        options={options}
        defaultValue={value}
        key={value}
        error={error}
      />
      <button type="submit" className={`btn btn--${tone}`} disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}

/**
 * Who handles a lead or a captação: the admin picks an agent (or nobody) and posts intent
 * "assign"; anyone else reads the name.
 */
export function AssigneeChoice({
  agents,
  assigneeId,
  assigneeName,
  error,
  busy,
}: {
  /** Who may be assigned (admins only); null: the viewer may not assign. */
  agents: { id: number; name: string }[] | null;
  assigneeId: number | null;
  assigneeName: string | null;
  error?: string;
  busy: boolean;
}) {
  return agents ? (
    <ChoiceForm
      intent="assign"
      id="responsavel"
      name="assigneeId"
      label="Responsável"
      value={assigneeId ?? ""}
      options={[["", "Sem responsável"], ...agents.map((a): [number, string] => [a.id, a.name])]}
      error={error}
      busy={busy}
      submitLabel="Atribuir"
      tone="secondary"
    />
  ) : (
    <p>Responsável: {assigneeName ?? "sem responsável"}</p>
  );
}

export function LeadHandling({
  lead,
  agents,
  errors,
  busy,
}: {
  lead: { status: LeadStatus; assigneeId: number | null; assigneeName: string | null };
  /** Who may be assigned (admins only); null: the viewer may not assign. */
  agents: { id: number; name: string }[] | null;
  errors: { status?: string; assign?: string };
  busy: boolean;
}) {
  return (
    <aside className="lead-card" aria-labelledby="lead-atendimento">
      <h2 id="lead-atendimento">Atendimento</h2>
      <ol className="lead-pipeline" aria-label="Etapas do atendimento">
        {LEAD_PIPELINE.map((step) => (
          <li key={step} aria-current={step === lead.status ? "step" : undefined}>
            {LEAD_STATUSES[step]}
          </li>
        ))}
      </ol>
      <ChoiceForm
        intent="status"
        id="etapa"
        name="status"
        label="Etapa"
        value={lead.status}
        options={LEAD_PIPELINE.map((step) => [step, LEAD_STATUSES[step]])}
        error={errors.status}
        busy={busy}
        submitLabel="Mudar etapa"
        tone="primary"
      />
      <AssigneeChoice
        agents={agents}
        assigneeId={lead.assigneeId}
        assigneeName={lead.assigneeName}
        error={errors.assign}
        busy={busy}
      />
    </aside>
  );
}
