// /admin/visitas/disponibilidade: when visits can be booked — per weekday a morning and an
// afternoon window, the slot length (30 or 60 minutes) and blocked dates. A corretor edits their
// own; an admin anyone's (?agente=<id>) and the agency's (?agente=agencia), which agents without
// their own follow and whose blocked dates close every agent's calendar (schedule.server.ts).
import { and, asc, eq } from "drizzle-orm";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { FormAlert } from "../../components/form-field";
import { WEEKDAYS } from "../../lib/business-hours";
import { withUpcomingHolidays } from "../../lib/holidays";
import { maceioClock } from "../../lib/maceio-time";
import { pageMeta } from "../../lib/meta";
import { rowIdOf } from "../../lib/row-id";
import {
  MAX_BLOCKED_DATES,
  minutesClock,
  parseScheduleForm,
  type ScheduleFieldErrors,
  WINDOWS_PER_DAY,
  windowField,
} from "../../lib/visit-slots";
import { requireUser, type SessionUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import type { Db } from "../../server/db/client.server";
import { users } from "../../server/db/schema.server";
import { readForm } from "../../server/http/read-form.server";
import { savedSchedule, saveSchedule, scheduleFor } from "../../server/visits/schedule.server";
import type { Route } from "./+types/visitas-disponibilidade";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Horários de visita", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** Whose calendar: a corretor only their own; an admin anyone's, or the agency's (null). */
function target(user: SessionUser, url: URL): number | null | "forbidden" {
  const raw = url.searchParams.get("agente");
  if (user.role !== "admin") return raw === null || raw === String(user.id) ? user.id : "forbidden";
  if (raw === "agencia") return null;
  if (raw === null) return user.id;
  return rowIdOf(raw) ?? "forbidden";
}

/** An admin's target must be an active user (the loader lists them); else 404, never a 500. */
async function ensureAgent(db: Db, user: SessionUser, whose: number | null): Promise<void> {
  if (whose === null || user.role !== "admin" || whose === user.id) return;
  const [agent] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, whose), eq(users.active, true)));
  if (!agent) throw data("Corretor não encontrado", { status: 404 });
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const whose = target(user, url);
  if (whose === "forbidden") throw data("Sem permissão", { status: 403 });
  const { db } = context.get(requestContext).services;
  const agents =
    user.role === "admin"
      ? await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(eq(users.active, true))
          .orderBy(asc(users.name))
      : [];
  await ensureAgent(db, user, whose);
  const own = await savedSchedule(db, whose);
  const schedule = own ?? (await scheduleFor(db, whose));
  return data(
    {
      whose,
      isAdmin: user.role === "admin",
      agents,
      inherited: own === null,
      schedule: {
        slotMinutes: schedule.slotMinutes,
        weekly: schedule.weekly.map((day) => day.map(([a, b]) => [minutesClock(a), minutesClock(b)])),
        blockedDates: (own?.blockedDates ?? []).map(
          (d) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`,
        ),
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type ActionData = { ok: boolean; message: string; fieldErrors?: ScheduleFieldErrors };

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const whose = target(user, url);
  if (whose === "forbidden") throw data("Sem permissão", { status: 403 });
  await ensureAgent(context.get(requestContext).services.db, user, whose);
  const form = await readForm(request);
  const parsed = parseScheduleForm(form);
  if (!parsed.ok)
    return data<ActionData>(
      { ok: false, message: "Corrija os campos indicados.", fieldErrors: parsed.fieldErrors },
      { status: 400 },
    );
  const { schedule } = parsed;
  let message = "Horários salvos.";
  // "Adicionar feriados": what was typed, plus this year's and next year's holidays still ahead.
  if (form.get("intent") === ADD_HOLIDAYS && whose === null) {
    const today = maceioClock(new Date()).day;
    const merged = withUpcomingHolidays(schedule.blockedDates, today, MAX_BLOCKED_DATES);
    if (!merged.ok)
      return data<ActionData>(
        {
          ok: false,
          message: "Corrija os campos indicados.",
          fieldErrors: {
            blockedDates: `Com os feriados seriam ${merged.count} datas: o máximo é ${MAX_BLOCKED_DATES}. Apague as datas que já passaram.`,
          },
        },
        { status: 400 },
      );
    schedule.blockedDates = merged.dates;
    const year = Number(today.slice(0, 4));
    message = `Feriados nacionais e de Alagoas de ${year} e ${year + 1} incluídos nas datas bloqueadas.`;
  }
  await saveSchedule(context.get(requestContext).services.db, user.id, whose, schedule);
  return data<ActionData>({ ok: true, message });
}

const ADD_HOLIDAYS = "adicionar-feriados";

export default function VisitasDisponibilidade({ loaderData, actionData }: Route.ComponentProps) {
  const { whose, isAdmin, agents, inherited, schedule } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = actionData?.fieldErrors ?? {};
  const whoseName =
    whose === null
      ? "da imobiliária"
      : isAdmin
        ? `de ${agents.find((a) => a.id === whose)?.name ?? ""}`
        : "seus";
  // Holidays the server added show in the field once saved (an uncontrolled field keeps what was
  // typed otherwise); the form is not remounted, so focus stays where it was.
  const savedDates = schedule.blockedDates.join("\n");
  const blockedField = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (blockedField.current) blockedField.current.value = savedDates;
  }, [savedDates]);
  return (
    <main className="admin-page">
      <p>
        <Link to="/admin/visitas">← Visitas agendadas</Link>
      </p>
      <h1>Horários de visita {whoseName}</h1>
      {isAdmin ? (
        <Form method="get" className="admin-form--inline">
          <label htmlFor="agente">Agenda de</label>{" "}
          <select id="agente" name="agente" defaultValue={whose === null ? "agencia" : String(whose)}>
            <option value="agencia">Imobiliária (padrão e feriados)</option>
            {agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>{" "}
          <button type="submit" className="btn btn--secondary">
            Abrir
          </button>
        </Form>
      ) : null}
      <p className="admin-page__lead">
        Os visitantes escolhem um destes horários na página do imóvel (horário de Maceió).
        {whose === null
          ? " Corretores sem horários próprios seguem estes; as datas bloqueadas aqui valem para todos e também param o prazo de resposta dos leads na roleta."
          : inherited
            ? " Ainda sem horários próprios: abaixo, os da imobiliária. Salve para ter os seus."
            : ""}
      </p>
      {actionData ? (
        <FormAlert tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormAlert>
      ) : null}
      <Form method="post" className="admin-card" key={String(whose)}>
        <div className="form-field">
          <label htmlFor="slotMinutes">Duração de cada visita</label>
          <select id="slotMinutes" name="slotMinutes" defaultValue={String(schedule.slotMinutes)}>
            <option value="30">30 minutos</option>
            <option value="60">60 minutos</option>
          </select>
          {errors.slotMinutes ? <p className="form-field__error">{errors.slotMinutes}</p> : null}
        </div>
        <table className="admin-table">
          <caption>Horários por dia da semana (deixe em branco os dias sem visitas)</caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col">Manhã</th>
              <th scope="col">Tarde</th>
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((name, day) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                {Array.from({ length: WINDOWS_PER_DAY }, (_, w) => {
                  const window = schedule.weekly[day]?.[w];
                  const start = windowField(day, w, "inicio");
                  const end = windowField(day, w, "fim");
                  const period = w === 0 ? "manhã" : "tarde";
                  return (
                    <td key={start}>
                      <label className="visually-hidden" htmlFor={start}>
                        {name}, {period}: início
                      </label>
                      <input
                        id={start}
                        name={start}
                        type="time"
                        step={1800}
                        defaultValue={window?.[0] ?? ""}
                      />{" "}
                      a{" "}
                      <label className="visually-hidden" htmlFor={end}>
                        {name}, {period}: fim
                      </label>
                      <input id={end} name={end} type="time" step={1800} defaultValue={window?.[1] ?? ""} />
                      {errors[start] ? (
                        <p className="form-field__error" role="alert">
                          {errors[start]}
                        </p>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="form-field">
          <label htmlFor="blockedDates">Datas bloqueadas (uma por linha, DD/MM/AAAA)</label>
          <textarea
            ref={blockedField}
            id="blockedDates"
            name="blockedDates"
            rows={4}
            defaultValue={savedDates}
            aria-invalid={errors.blockedDates ? true : undefined}
            aria-describedby={whose === null ? "blockedDates-dica" : undefined}
          />
          {errors.blockedDates ? <p className="form-field__error">{errors.blockedDates}</p> : null}
          {whose === null ? (
            <p className="form-field__hint" id="blockedDates-dica">
              O botão abaixo inclui os feriados nacionais e a data magna de Alagoas (16/09). Os outros
              feriados estaduais e os municipais mudam de ano para ano ou de cidade para cidade: digite-os.
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Salvar horários
        </button>
        {whose === null ? (
          <>
            {" "}
            <button
              type="submit"
              name="intent"
              value={ADD_HOLIDAYS}
              className="btn btn--secondary"
              disabled={busy}
            >
              Salvar e adicionar os feriados nacionais e de Alagoas
            </button>
          </>
        ) : null}
      </Form>
    </main>
  );
}
