// /admin/leads/:id — one lead: the data, quick actions (WhatsApp, ligar, e-mail), listings to
// suggest on WhatsApp (their own route, lead-sugestoes.ts), its next action, the pipeline step,
// assignment (admin) and notes. Each form posts an `intent`; bad input answers 400 with the
// message at its field.
import { data, Link, useNavigation } from "react-router";
import { BookingRequests, confirmedNotice } from "../../components/admin/lead/booking-requests";
import { LeadContactCard } from "../../components/admin/lead/contact-card";
import { LeadHandling } from "../../components/admin/lead/handling";
import { LeadHistory } from "../../components/admin/lead/history";
import { LeadNextAction } from "../../components/admin/lead/next-action";
import { LeadNotes } from "../../components/admin/lead/notes";
import { LeadProposals } from "../../components/admin/lead/proposals";
import { awaitsResponse, ResponseTimer } from "../../components/admin/lead/response-timer";
import { SentLists } from "../../components/admin/lead/sent-lists";
import { SuggestListings } from "../../components/admin/lead/suggest-listings";
import { Stylesheet } from "../../components/stylesheet";
import { reachableOnWhatsapp } from "../../lib/contact";
import { maceioClock } from "../../lib/maceio-time";
import { pageMeta } from "../../lib/meta";
import { isOpenLead, nextActionState } from "../../lib/next-action";
import { rowIdOf } from "../../lib/row-id";
import { useKeptActionData } from "../../lib/use-kept-action-data";
import { useLiveEvents } from "../../lib/use-live-events";
import { LEAD_STATUSES } from "../../lib/vocabulary";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { readResponseDue } from "../../server/leads/distribution.server";
import { canSee, getLead } from "../../server/leads/inbox.server";
import { type LeadActionData, runLeadIntent } from "../../server/leads/lead-intents.server";
import { proposalsOfLead } from "../../server/leads/proposals.server";
import { sentListsOfLead } from "../../server/leads/sent-lists.server";
import { suggestionCandidates } from "../../server/leads/suggestions.server";
import { listAgents } from "../../server/properties/admin.server";
import { bookingRequestsOf } from "../../server/rentals/rentals.server";
import leadsCss from "../../styles/leads.css?inline";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Lead: ${args.loaderData.lead.name}` : "Lead", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

function leadId(raw: string | undefined): number {
  const id = rowIdOf(raw);
  if (id === null) throw data("Lead não encontrado.", { status: 404 });
  return id;
}

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const { db } = context.get(requestContext).services;
  const found = await getLead(db, user, leadId(params.id));
  if (!found) throw data("Lead não encontrado.", { status: 404 });
  const agents = user.role === "admin" ? await listAgents(db, found.lead.assigneeId) : null;
  const due = (await readResponseDue(db))(found.lead);
  // After manual entry (leads.tsx): a new card, or the person's own card that the contact joined.
  const registered = url.searchParams.get("registrado");
  const { nextActionDate: day, nextActionTime: time, nextAction: task } = found.lead;
  const clock = maceioClock(new Date());
  const nextAction = day && task ? { day, time, task, state: nextActionState(day, time, clock) } : null;
  return data(
    {
      ...found,
      agents,
      nextAction,
      registered: registered === "novo" || registered === "historico" ? registered : null,
      bookingRequests: await bookingRequestsOf(db, found.lead.id, found.contacts, clock.day),
      proposals: await proposalsOfLead(db, found.lead.id),
      sentLists: (await sentListsOfLead(db, found.lead.id)).map((list) => ({
        ...list,
        sentAt: list.sentAt.toISOString(),
        firstOpenedAt: list.firstOpenedAt?.toISOString() ?? null,
        lastOpenedAt: list.lastOpenedAt?.toISOString() ?? null,
      })),
      today: clock.day,
      // An open lead takes a new proposal; the form starts from the listing it came about.
      newProposal: isOpenLead(found.lead.status)
        ? {
            referencia: found.lead.referencia ?? "",
            finalidade:
              found.lead.propertyFinalidades?.[0] === "aluguel" ? ("aluguel" as const) : ("venda" as const),
          }
        : null,
      // Only a lead with a phone WhatsApp can open is sent listings there.
      suggestions: reachableOnWhatsapp(found.lead.phone)
        ? await suggestionCandidates(db, found.lead.propertyId)
        : null,
      response: { due, now: new Date() },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type ActionData = LeadActionData;

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const id = leadId(params.id);
  const { db } = context.get(requestContext).services;
  const actor = {
    id: user.id,
    role: user.role,
    ip: context.get(requestContext).ip,
    userAgent: request.headers.get("user-agent"),
  };
  // Permission before anything else: a lead the user may not see is 404 whatever the form says.
  if (!(await canSee(db, user, id)))
    return data<ActionData>({ ok: false, intent: "", error: "Lead não encontrado." }, { status: 404 });
  const form = await readForm(request);
  const answer = await runLeadIntent({ db, actor, id, form, intent: String(form.get("intent") ?? "") });
  return answer.status === 200 ? answer.body : data(answer.body, { status: answer.status });
}

export default function LeadDetail({ loaderData }: Route.ComponentProps) {
  const {
    lead,
    notes,
    agents,
    contacts,
    registered,
    nextAction,
    response,
    bookingRequests,
    suggestions,
    proposals,
    sentLists,
    today,
    newProposal,
  } = loaderData;
  const actionData = useKeptActionData<ActionData>(lead.id);
  const busy = useNavigation().state === "submitting";
  useLiveEvents(["lead-updated"]);
  const errorFor = (intent: string) =>
    actionData && !actionData.ok && actionData.intent === intent ? actionData.error : undefined;
  const refusedNextAction =
    actionData && !actionData.ok && actionData.intent === "proxima-acao" ? actionData : undefined;
  const refusedProposal =
    actionData && !actionData.ok && actionData.intent === "proposta" ? actionData : undefined;
  const refusedAnswer =
    actionData && !actionData.ok && actionData.intent === "proposta-resposta"
      ? {
          proposalId: actionData.proposalId,
          message: actionData.error,
          contraValor: actionData.fieldErrors?.contraValor,
        }
      : undefined;

  return (
    <main className="admin-page admin-lead">
      <Stylesheet name="leads" css={leadsCss} />
      <p>
        <Link to="/admin/leads">← Voltar aos leads</Link>
      </p>
      <div className="leads-heading">
        <h1>{lead.name}</h1>
        <span className={`lead-status lead-status--${lead.status}`}>{LEAD_STATUSES[lead.status]}</span>
        {awaitsResponse(lead) ? (
          <ResponseTimer since={lead.createdAt} serverNow={response.now} due={response.due} />
        ) : null}
      </div>
      {registered && !actionData ? (
        <p className="listing-notice" role="status">
          {registered === "novo"
            ? "Contato registrado."
            : "Contato registrado no histórico desta pessoa, que já tinha falado com a imobiliária."}
        </p>
      ) : null}
      {actionData?.ok ? (
        <p className="listing-notice" role="status">
          {actionData.intent === "note"
            ? "Anotação salva."
            : actionData.intent === "assign"
              ? "Responsável atualizado."
              : actionData.intent === "proxima-acao"
                ? "Próxima ação salva."
                : actionData.intent === "reserva-confirmar"
                  ? confirmedNotice(actionData.emailed)
                  : actionData.intent === "reserva-recusar"
                    ? "Pedido de reserva recusado."
                    : actionData.intent === "proposta"
                      ? "Proposta registrada."
                      : actionData.intent === "proposta-resposta"
                        ? "Resposta da proposta registrada."
                        : "Etapa atualizada."}
        </p>
      ) : null}

      <div className="lead-detail">
        <div className="lead-detail__main">
          <LeadContactCard lead={lead} />
          {suggestions ? <SuggestListings leadId={lead.id} choices={suggestions} /> : null}
          <SentLists lists={sentLists} />
          <BookingRequests
            requests={bookingRequests}
            error={errorFor("reserva-confirmar") ?? errorFor("reserva-recusar")}
            busy={busy}
          />
          <LeadProposals
            proposals={proposals}
            today={today}
            newProposal={newProposal}
            errors={refusedProposal?.fieldErrors}
            values={refusedProposal?.values}
            formError={refusedProposal?.error}
            answerError={refusedAnswer}
            busy={busy}
          />
          <LeadHistory contacts={contacts} />
          <LeadNotes notes={notes} error={errorFor("note")} busy={busy} />
        </div>
        <div className="lead-detail__side">
          <LeadNextAction
            current={nextAction}
            error={errorFor("proxima-acao")}
            errors={refusedNextAction?.fieldErrors}
            values={refusedNextAction?.values}
            busy={busy}
          />
          <LeadHandling
            lead={lead}
            agents={agents}
            errors={{ status: errorFor("status"), assign: errorFor("assign") }}
            busy={busy}
          />
        </div>
      </div>
    </main>
  );
}
