// Sobre nós: the agency's own text (agency settings) and every way to reach it.
// The general contact form (action below).
import { data, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { ContactDetails } from "../../components/contact-details";
import { LeadForm } from "../../components/lead-form";
import { RichText } from "../../components/rich-text";
import type { LeadActionData } from "../../lib/lead-fields";
import { pageMeta } from "../../lib/meta";
import { summary } from "../../lib/rich-text";
import { useRootData } from "../../lib/root-data";
import { keepFormWhenUnavailable, UNAVAILABLE_FORM_MESSAGE } from "../../lib/unavailable";
import { requestContext } from "../../server/context.server";
import { formLimitExceeded, headersWithRetryAfter } from "../../server/http/form-limits.server";
import { readForm } from "../../server/http/read-form.server";
import { leadLimitAnswer, submitLeadForm } from "../../server/leads/capture.server";
import { LGPD_CONSENT_TEXT } from "../../server/settings/agency-defaults.server";
import { getAgencySettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/sobre-nos";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getAgencySettings(context.get(requestContext).services.db);
  return { aboutText: settings.aboutText, consentText: LGPD_CONSENT_TEXT };
}

// A post over its limit says when to come back.
export const headers = headersWithRetryAfter;

// The general contact form posts here.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const limited = formLimitExceeded(context.get(requestContext));
  if (limited) return data(leadLimitAnswer(form), { status: 429, headers: limited });
  const result = await submitLeadForm(context.get(requestContext).services.db, form, "contato");
  return data(result.body, { status: result.status });
}

// Sending the form changes nothing else on the page: don't reload it.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sobre nós",
    description:
      summary(args.loaderData?.aboutText ?? "") ?? "Conheça a imobiliária e fale com nossos corretores.",
  });

// Without a connection to the server (a restart), the form stays with what was typed and says so;
// the post is not sent again by itself (app/lib/unavailable.ts).
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnavailable(
    serverAction,
    (): LeadActionData => ({
      ok: false,
      formError: UNAVAILABLE_FORM_MESSAGE,
    }),
  );
}

export default function SobreNos({ loaderData }: Route.ComponentProps) {
  const agency = useRootData()?.agency;
  const actionData = useActionData<typeof action>();
  return (
    <main className="container page page--narrow">
      <h1>Sobre nós</h1>
      <div className="prose">
        {loaderData.aboutText.trim() ? (
          <RichText text={loaderData.aboutText} />
        ) : (
          <p>Somos uma imobiliária de Alagoas dedicada a ajudar você a encontrar o imóvel certo.</p>
        )}
      </div>
      {agency ? <ContactDetails agency={agency} /> : null}
      {/* The general contact form. */}
      <section className="contact-section" aria-labelledby="contato-geral-titulo">
        <h2 id="contato-geral-titulo">Envie uma mensagem</h2>
        <LeadForm
          idPrefix="contato"
          labelledBy="contato-geral-titulo"
          consentText={loaderData.consentText}
          serverResult={actionData}
          thanks="Obrigado pelo contato. Vamos responder em breve pelo telefone ou e-mail informado."
        />
      </section>
    </main>
  );
}
