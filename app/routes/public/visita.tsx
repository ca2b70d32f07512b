// /visita/:token — a visitor's own visit, from the link in their confirmation e-mail (signed:
// app/server/visits/links.server.ts): when and where, and two plain forms that work without
// JavaScript — cancel, or move it to another free slot. Never cached nor indexed.
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Stylesheet } from "../../components/stylesheet";
import { VisitSlotPicker } from "../../components/visit-slot-picker";
import { listingPath } from "../../lib/listing";
import { pageMeta } from "../../lib/meta";
import { slotsByDay, visitMoment } from "../../lib/visit-slots";
import { requestContext } from "../../server/context.server";
import {
  formLimitExceeded,
  headersWithRetryAfter,
  LEAD_LIMIT_MESSAGE,
} from "../../server/http/form-limits.server";
import { readForm } from "../../server/http/read-form.server";
import { isValidVisitToken, tokenVisitId, visitLinkPath, visitToken } from "../../server/visits/links.server";
import {
  agentFreeSlots,
  cancelVisit,
  getVisit,
  rescheduleVisit,
  type VisitView,
  visitPlace,
} from "../../server/visits/visits.server";
import leadFormCss from "../../styles/lead-form.css?inline";
import visitsCss from "../../styles/visits.css?inline";
import type { Route } from "./+types/visita";

const PRIVATE_HEADERS = { "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" };
const INVALID_LINK = "Link de visita inválido ou expirado.";

async function visitOf(token: string, context: Route.LoaderArgs["context"]): Promise<VisitView> {
  const { db, config } = context.get(requestContext).services;
  const id = tokenVisitId(token);
  const visit = id === null ? null : await getVisit(db, id);
  if (!visit || !isValidVisitToken(token, visit.id, visit.linkKey, config.SESSION_SECRET))
    throw data(INVALID_LINK, { status: 404, headers: PRIVATE_HEADERS });
  return visit;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const visit = await visitOf(params.token, context);
  const now = new Date();
  const open = visit.status === "agendada" && visit.startsAt.getTime() > now.getTime();
  const { db } = context.get(requestContext).services;
  const days = open ? slotsByDay(await agentFreeSlots(db, visit.agentId, now)) : [];
  const flag = new URL(request.url).searchParams;
  return data(
    {
      visit: {
        status: visit.status,
        moment: visitMoment(visit.startsAt),
        name: visit.name,
        agentName: visit.agentName,
        referencia: visit.referencia,
        titulo: visit.titulo,
        place: visitPlace(visit),
      },
      open,
      days,
      notice: flag.has("agendada") ? "agendada" : flag.has("remarcada") ? "remarcada" : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export function headers(args: Route.HeadersArgs) {
  const headers = headersWithRetryAfter(args);
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) headers.set(name, value);
  return headers;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const limited = formLimitExceeded(context.get(requestContext));
  if (limited) return data({ error: LEAD_LIMIT_MESSAGE, done: null }, { status: 429, headers: limited });
  const visit = await visitOf(params.token, context);
  const { db, config } = context.get(requestContext).services;
  const intent = form.get("intent");
  if (intent === "cancelar") {
    const result = await cancelVisit(db, visit.id, new Date());
    if (result.status !== "ok")
      return data({ error: "Esta visita já foi cancelada ou remarcada.", done: null }, { status: 409 });
    return { error: null, done: "cancelada" as const };
  }
  if (intent === "remarcar") {
    const result = await rescheduleVisit(db, visit.id, form.get("slot"), new Date());
    switch (result.status) {
      case "ok": {
        const moved = await getVisit(db, result.visitId);
        if (!moved) throw new Error("visita: remarcada e não encontrada");
        throw redirect(
          `${visitLinkPath(visitToken(moved.id, moved.linkKey, config.SESSION_SECRET))}?remarcada=1`,
          303,
        );
      }
      case "gone":
        return data({ error: "Esta visita já foi cancelada ou remarcada.", done: null }, { status: 409 });
      case "invalid":
      case "taken":
        return data({ error: result.message, done: null }, { status: result.status === "taken" ? 409 : 400 });
    }
  }
  return data({ error: "Escolha cancelar ou remarcar.", done: null }, { status: 400 });
}

export function shouldRevalidate() {
  return true;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Sua visita", noindex: true });

export default function Visita({ loaderData, actionData }: Route.ComponentProps) {
  const { visit, open, days, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const cancelled = visit.status === "cancelada" || actionData?.done === "cancelada";
  const id = (field: string) => `remarcar-${field}`;
  return (
    <main className="container page visit-page">
      <Stylesheet name="lead-form" css={leadFormCss} />
      <Stylesheet name="visits" css={visitsCss} />
      <h1>{cancelled ? "Visita cancelada" : "Sua visita"}</h1>
      {notice && !cancelled ? (
        <p role="status" className="visit-notice" data-testid="visita-confirmada">
          {notice === "agendada"
            ? "Visita agendada! Enviamos a confirmação com o convite para a sua agenda ao seu e-mail."
            : "Visita remarcada! Enviamos a nova confirmação ao seu e-mail."}
        </p>
      ) : null}
      {actionData?.done === "cancelada" ? (
        <p role="status" className="visit-notice" data-testid="visita-cancelada">
          Sua visita foi cancelada. Se quiser, escolha outro horário na página do imóvel.
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="lead-form__alert" data-testid="visita-erro">
          {actionData.error}
        </p>
      ) : null}
      <dl className="visit-summary">
        <dt>Imóvel</dt>
        <dd>
          {visit.referencia ? (
            <Link to={listingPath(visit.referencia)}>
              {visit.titulo} (ref. {visit.referencia})
            </Link>
          ) : (
            "Imóvel não mais anunciado"
          )}
        </dd>
        <dt>Quando</dt>
        <dd data-testid="visita-quando">{visit.moment} (horário de Maceió)</dd>
        {visit.place ? (
          <>
            <dt>Onde</dt>
            <dd>{visit.place}</dd>
          </>
        ) : null}
        <dt>Com</dt>
        <dd>{visit.agentName ?? "Um corretor da imobiliária"}</dd>
        <dt>Situação</dt>
        <dd>{cancelled ? "Cancelada" : "Agendada"}</dd>
      </dl>
      {open && !cancelled ? (
        <>
          <Form method="post">
            <input type="hidden" name="intent" value="cancelar" />
            <button type="submit" className="button button--ghost" disabled={busy}>
              Cancelar a visita
            </button>
          </Form>
          <h2 id="remarcar-titulo">Remarcar para outro horário</h2>
          <Form method="post" className="lead-form" aria-labelledby="remarcar-titulo">
            <input type="hidden" name="intent" value="remarcar" />
            <VisitSlotPicker days={days} id={id} />
            {days.length > 0 ? (
              <button type="submit" className="button button--primary" disabled={busy}>
                Remarcar
              </button>
            ) : null}
          </Form>
        </>
      ) : null}
    </main>
  );
}
