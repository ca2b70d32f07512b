// /admin/leads/distribuicao (admin only): the lead distribution's rules (the roleta: on/off,
// captador first, by finalidade and city, the first-response limit and the business hours it is
// counted in) and each active corretor's part. One form; bad input answers 400 with the message
// at its field and saves nothing (app/lib/lead-distribution.ts parses it).
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { FormAlert } from "../../components/form-field";
import { Stylesheet } from "../../components/stylesheet";
import { TableScroll } from "../../components/table-scroll";
import { minutesToClock, WEEKDAYS } from "../../lib/business-hours";
import {
  type DistributionErrors,
  dayField,
  formatMinutes,
  memberField,
  parseDistributionForm,
} from "../../lib/lead-distribution";
import { pageMeta } from "../../lib/meta";
import { FINALIDADE_KEYS, FINALIDADES } from "../../lib/vocabulary";
import { requestOrigin } from "../../server/audit/audit.server";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import {
  getDistributionRules,
  listDistributionAgents,
  saveDistribution,
} from "../../server/leads/distribution.server";
import adminListingsCss from "../../styles/admin-listings.css?inline";
import leadsCss from "../../styles/leads.css?inline";
import type { Route } from "./+types/leads-distribuicao";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Distribuição de leads", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireUser({ request, context, url }, { role: "admin" });
  const { db } = context.get(requestContext).services;
  const [rules, agents] = await Promise.all([getDistributionRules(db), listDistributionAgents(db)]);
  return data({ rules, agents }, { headers: { "Cache-Control": "no-store" } });
}

type ActionData = { ok: true } | { ok: false; errors: DistributionErrors };

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url }, { role: "admin" });
  const { db } = context.get(requestContext).services;
  const form = await readForm(request);
  if (form.get("intent") !== "salvar")
    return data<ActionData>({ ok: false, errors: { _form: "Ação desconhecida." } }, { status: 400 });
  const agents = await listDistributionAgents(db);
  const parsed = parseDistributionForm(
    form,
    agents.map((agent) => agent.id),
  );
  if (!parsed.ok) return data<ActionData>({ ok: false, errors: parsed.errors }, { status: 400 });
  await saveDistribution(
    db,
    { id: user.id, role: user.role, ...requestOrigin(request, context) },
    parsed.rules,
    parsed.members,
  );
  return data<ActionData>({ ok: true });
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="form-field__error" id={`${id}-erro`}>
      {message}
    </p>
  ) : null;
}

const invalid = (id: string, message?: string) =>
  message ? { "aria-invalid": true, "aria-describedby": `${id}-erro` } : {};

function Check({
  name,
  label,
  hint,
  checked,
}: {
  name: string;
  label: string;
  hint?: string;
  checked: boolean;
}) {
  return (
    <div className="form-field form-field--checkbox">
      <input
        id={name}
        name={name}
        type="checkbox"
        defaultChecked={checked}
        aria-describedby={hint ? `${name}-dica` : undefined}
      />
      <label htmlFor={name}>{label}</label>
      {hint ? (
        <p className="form-field__hint" id={`${name}-dica`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export default function LeadDistribution({ loaderData }: Route.ComponentProps) {
  const { rules, agents } = loaderData;
  const actionData = useActionData<ActionData>();
  const busy = useNavigation().state === "submitting";
  const errors = actionData && !actionData.ok ? actionData.errors : {};

  return (
    <main className="admin-page admin-listings lead-distribution">
      <Stylesheet name="admin-listings" css={adminListingsCss} />
      <Stylesheet name="leads" css={leadsCss} />
      <p>
        <Link to="/admin/leads">← Voltar aos leads</Link>
      </p>
      <h1>Distribuição de leads</h1>
      <p className="admin-page__lead">
        Como os leads novos chegam aos corretores (a roleta) e quanto tempo cada um tem para dar a primeira
        resposta antes de o lead passar ao próximo.
      </p>
      {actionData?.ok ? <FormAlert tone="success">Regras salvas.</FormAlert> : null}
      {actionData && !actionData.ok ? (
        <FormAlert>{errors._form ?? "Corrija os campos indicados: nada foi salvo."}</FormAlert>
      ) : null}

      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="salvar" />
        <fieldset className="admin-card">
          <legend>Regras</legend>
          <Check
            name="enabled"
            label="Distribuir leads automaticamente (roleta)"
            hint="Desligada, cada lead vai ao corretor do imóvel, como sempre, e nada é reatribuído."
            checked={rules.enabled}
          />
          <Check
            name="captadorFirst"
            label="Corretor do imóvel (captador) primeiro"
            hint="Se ele participa da roleta, recebe os leads do próprio imóvel; senão, vale o rodízio."
            checked={rules.captadorFirst}
          />
          <Check
            name="byFinalidade"
            label="Por finalidade: só corretores que atendem a finalidade do imóvel"
            checked={rules.byFinalidade}
          />
          <Check
            name="byCity"
            label="Por cidade: só corretores que atendem a cidade do imóvel"
            checked={rules.byCity}
          />
          <div className="form-field form-field--short">
            <label htmlFor="responseLimitMinutes">Prazo para a primeira resposta (minutos)</label>
            <input
              id="responseLimitMinutes"
              name="responseLimitMinutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={10080}
              required
              defaultValue={rules.responseLimitMinutes}
              {...invalid("responseLimitMinutes", errors.responseLimitMinutes)}
            />
            <p className="form-field__hint">
              Contado só no horário comercial abaixo (hoje: {formatMinutes(rules.responseLimitMinutes)}), sem
              os feriados da imobiliária (as{" "}
              <Link to="/admin/visitas/disponibilidade">datas bloqueadas nos horários de visita</Link>). Sem
              resposta nesse prazo, o lead passa ao próximo corretor e os administradores são avisados.
            </p>
            <FieldError id="responseLimitMinutes" message={errors.responseLimitMinutes} />
          </div>
        </fieldset>

        <fieldset className="admin-card">
          <legend id="horario-comercial">Horário comercial (horário de Maceió)</legend>
          {/* On a phone a wide table scrolls inside its own area, not the page (admin-phone.spec.ts). */}
          <TableScroll labelledBy="horario-comercial">
            <table className="admin-table distribution-hours">
              <thead>
                <tr>
                  <th scope="col">Dia</th>
                  <th scope="col">Aberto</th>
                  <th scope="col">Abre</th>
                  <th scope="col">Fecha</th>
                </tr>
              </thead>
              <tbody>
                {WEEKDAYS.map((name, day) => {
                  const hours = rules.businessHours[day] ?? null;
                  const start = dayField(day, "inicio");
                  const end = dayField(day, "fim");
                  return (
                    <tr key={name}>
                      <th scope="row">{name}</th>
                      <td>
                        <input
                          id={dayField(day, "aberto")}
                          name={dayField(day, "aberto")}
                          type="checkbox"
                          defaultChecked={hours !== null}
                          aria-label={`${name}: aberto`}
                        />
                      </td>
                      <td>
                        <input
                          id={start}
                          name={start}
                          type="time"
                          defaultValue={minutesToClock(hours?.[0] ?? 480)}
                          aria-label={`${name}: abre às`}
                          {...invalid(start, errors[start])}
                        />
                        <FieldError id={start} message={errors[start]} />
                      </td>
                      <td>
                        <input
                          id={end}
                          name={end}
                          type="time"
                          defaultValue={minutesToClock(hours?.[1] ?? 1080)}
                          aria-label={`${name}: fecha às`}
                          {...invalid(end, errors[end])}
                        />
                        <FieldError id={end} message={errors[end]} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        </fieldset>

        <fieldset className="admin-card">
          <legend id="corretores-na-roleta">Corretores na roleta</legend>
          {agents.length === 0 ? (
            <p>Nenhum corretor ativo. Cadastre corretores em Usuários.</p>
          ) : (
            <>
              <p className="form-field__hint">
                Sem finalidade ou cidade marcada, o corretor atende todas. Cidades separadas por vírgula.
              </p>
              <TableScroll labelledBy="corretores-na-roleta">
                <table className="admin-table distribution-agents">
                  <thead>
                    <tr>
                      <th scope="col">Corretor</th>
                      <th scope="col">Participa</th>
                      <th scope="col">Finalidades</th>
                      <th scope="col">Cidades</th>
                    </tr>
                  </thead>
                  <tbody>
                    {agents.map((agent) => {
                      const cities = memberField(agent.id, "cidades");
                      const finalidades = memberField(agent.id, "finalidades");
                      return (
                        <tr key={agent.id} data-agent-id={agent.id}>
                          <th scope="row">{agent.name}</th>
                          <td>
                            <input
                              id={memberField(agent.id, "participa")}
                              name={memberField(agent.id, "participa")}
                              type="checkbox"
                              defaultChecked={agent.member.takesPart}
                              aria-label={`${agent.name} participa da roleta`}
                            />
                          </td>
                          <td>
                            <ul className="distribution-finalidades">
                              {FINALIDADE_KEYS.map((key) => (
                                <li key={key}>
                                  <input
                                    id={`${finalidades}-${key}`}
                                    name={finalidades}
                                    type="checkbox"
                                    value={key}
                                    defaultChecked={agent.member.finalidades.includes(key)}
                                  />
                                  <label htmlFor={`${finalidades}-${key}`}>
                                    {FINALIDADES[key]}
                                    <span className="visually-hidden"> ({agent.name})</span>
                                  </label>
                                </li>
                              ))}
                            </ul>
                            <FieldError id={finalidades} message={errors[finalidades]} />
                          </td>
                          <td>
                            <input
                              id={cities}
                              name={cities}
                              type="text"
                              maxLength={1000}
                              defaultValue={agent.member.cities.join(", ")}
                              aria-label={`Cidades de ${agent.name}`}
                              {...invalid(cities, errors[cities])}
                            />
                            <FieldError id={cities} message={errors[cities]} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableScroll>
            </>
          )}
        </fieldset>

        <button type="submit" className="btn btn--primary" disabled={busy}>
          Salvar regras
        </button>
      </Form>
    </main>
  );
}
