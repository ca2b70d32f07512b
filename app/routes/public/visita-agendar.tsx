// /casas/:referencia/visita — book a visit with the listing's corretor: the free slots of the next
// days (app/server/visits/visits.server.ts), name, phone, e-mail and the LGPD consent. Its own URL
// because the slots change with the clock: the listing's cached page only links here, and this
// page is rendered per request, never stored (the page cache's paths don't include it) nor indexed
// (decision 034). A plain POST without JavaScript; the booking answers with the visit's own page.
import { data, Form, Link, redirect, useNavigation } from "react-router";
import {
  EmailField,
  ErrorSummary,
  LabelledTextArea,
  NameField,
  PhoneField,
  TrapAndConsent,
  useOutcomeFocus,
} from "../../components/lead-form-parts";
import { Stylesheet } from "../../components/stylesheet";
import { VisitSlotPicker } from "../../components/visit-slot-picker";
import { LEAD_LIMITS } from "../../lib/lead-fields";
import { listingPath } from "../../lib/listing";
import { pageMeta } from "../../lib/meta";
import { slotsByDay } from "../../lib/visit-slots";
import { requestContext } from "../../server/context.server";
import {
  formLimitExceeded,
  headersWithRetryAfter,
  LEAD_LIMIT_MESSAGE,
} from "../../server/http/form-limits.server";
import { readForm } from "../../server/http/read-form.server";
import { typedLeadValues } from "../../server/leads/capture.server";
import { LGPD_CONSENT_TEXT } from "../../server/settings/agency-defaults.server";
import { visitLinkPath, visitToken } from "../../server/visits/links.server";
import {
  agentFreeSlots,
  type BookingFieldErrors,
  bookVisit,
  getVisit,
  visitListing,
} from "../../server/visits/visits.server";
import leadFormCss from "../../styles/lead-form.css?inline";
import visitsCss from "../../styles/visits.css?inline";
import type { Route } from "./+types/visita-agendar";

/** Per visitor and per moment: never in a shared cache, never in a search index. */
const PRIVATE_HEADERS = { "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext).services;
  const listing = await visitListing(db, params.referencia);
  if (!listing)
    throw data("Este imóvel não está mais no site ou o endereço está incompleto.", {
      status: 404,
      headers: PRIVATE_HEADERS,
    });
  const slots = await agentFreeSlots(db, listing.agentId, new Date());
  return data(
    {
      listing: {
        referencia: listing.referencia,
        titulo: listing.titulo,
        bairro: listing.bairro,
        cidade: listing.cidade,
      },
      agentName: listing.agentName,
      days: slotsByDay(slots),
      consentText: LGPD_CONSENT_TEXT,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export function headers(args: Route.HeadersArgs) {
  const headers = headersWithRetryAfter(args);
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) headers.set(name, value);
  return headers;
}

export interface BookingActionData {
  formError?: string;
  fieldErrors?: BookingFieldErrors;
  values?: Partial<Record<"name" | "phone" | "email" | "message" | "consent" | "slot", string>>;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = { ...typedLeadValues(form), slot: String(form.get("slot") ?? "").slice(0, 40) };
  const limited = formLimitExceeded(context.get(requestContext));
  if (limited)
    return data<BookingActionData>(
      { values, formError: LEAD_LIMIT_MESSAGE },
      { status: 429, headers: limited },
    );
  const { db, config } = context.get(requestContext).services;
  const result = await bookVisit(db, params.referencia, form, new Date());
  switch (result.status) {
    case "booked": {
      const visit = await getVisit(db, result.visitId);
      if (!visit) throw new Error("visita: agendada e não encontrada");
      throw redirect(
        `${visitLinkPath(visitToken(visit.id, visit.linkKey, config.SESSION_SECRET))}?agendada=1`,
        303,
      );
    }
    case "ignored":
      // A bot filled the honeypot: it learns nothing.
      throw redirect(`${listingPath(params.referencia)}/visita`, 303);
    case "not-found":
      return data<BookingActionData>(
        { values, formError: "Este imóvel não está mais disponível para visitas." },
        { status: 404 },
      );
    case "taken":
      return data<BookingActionData>(
        { values, formError: result.message, fieldErrors: { slot: result.message } },
        { status: 409 },
      );
    case "invalid":
      return data<BookingActionData>(
        {
          values,
          fieldErrors: result.fieldErrors,
          formError:
            result.fieldErrors.slot && Object.keys(result.fieldErrors).length === 1
              ? result.fieldErrors.slot
              : undefined,
        },
        { status: 400 },
      );
  }
}

// A refused booking shows the slots as they are now (one may have just been taken).
export function shouldRevalidate() {
  return true;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `Agendar visita — ${args.loaderData.listing.titulo}` : "Agendar visita",
    noindex: true,
    path: listingPath(args.params.referencia ?? ""),
  });

export default function VisitaAgendar({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, agentName, days, consentText } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // An answer here is always a refusal: a booking redirects to the visit's page.
  const { alert } = useOutcomeFocus(actionData, false);
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  const id = (field: string) => `visita-${field}`;
  return (
    <main className="container page visit-page">
      <Stylesheet name="lead-form" css={leadFormCss} />
      <Stylesheet name="visits" css={visitsCss} />
      <h1 id="visita-titulo">Agendar uma visita</h1>
      <p className="visit-page__listing">
        <Link to={listingPath(listing.referencia)}>{listing.titulo}</Link> — ref. {listing.referencia},{" "}
        {listing.bairro}, {listing.cidade}.{" "}
        {agentName ? `Com ${agentName}.` : "Com um corretor da imobiliária."}
      </p>
      <Form method="post" className="lead-form" noValidate aria-labelledby="visita-titulo">
        {actionData ? (
          <ErrorSummary ref={alert} data-testid="visita-erro">
            {actionData.formError ?? "Não foi possível agendar: corrija os campos indicados abaixo."}
          </ErrorSummary>
        ) : null}
        <VisitSlotPicker days={days} id={id} error={errors.slot} selected={values.slot} />
        {days.length > 0 ? (
          <>
            <NameField id={id} value={values.name} error={errors.name} maxLength={LEAD_LIMITS.name} />
            <PhoneField id={id} value={values.phone} error={errors.phone} required maxLength={30} />
            <EmailField
              id={id}
              label="E-mail (para a confirmação)"
              value={values.email}
              error={errors.email}
              required
              maxLength={LEAD_LIMITS.email}
            />
            <LabelledTextArea
              id={id}
              name="message"
              label="Observação (opcional)"
              rows={3}
              maxLength={LEAD_LIMITS.message}
              defaultValue={values.message}
              error={errors.message}
            />
            <TrapAndConsent
              id={id}
              consentText={consentText}
              error={errors.consent}
              checked={values.consent === "sim"}
            />
            <button type="submit" className="button button--primary lead-form__submit" disabled={busy}>
              {busy ? "Agendando…" : "Agendar visita"}
            </button>
          </>
        ) : null}
      </Form>
    </main>
  );
}
