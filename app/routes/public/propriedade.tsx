// /casas/:referencia — one listing. Another case of the referência or an old one answers 301 to
// the canonical URL; unknown or unpublished ones answer a real 404 with suggestions.
import { data, redirect, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { JsonLd } from "../../components/json-ld";
import { NotFoundContent } from "../../components/not-found-content";
import { ListingPage } from "../../components/property/listing-page";
import { SENT_LIST_PARAM, sentListToken } from "../../lib/favorites";
import { SIMULATION_PARAM } from "../../lib/financing-fields";
import type { LeadActionData } from "../../lib/lead-fields";
import { listingPath } from "../../lib/listing";
import { buildMeta, siteFromMatches } from "../../lib/meta";
import { STAY_PARAM } from "../../lib/rental";
import { useRootData } from "../../lib/root-data";
import { keepFormWhenUnavailable, UNAVAILABLE_FORM_MESSAGE } from "../../lib/unavailable";
import { requestContext } from "../../server/context.server";
import { formLimitExceeded, headersWithRetryAfter } from "../../server/http/form-limits.server";
import { isPersonOpening } from "../../server/http/person-opening.server";
import { readForm } from "../../server/http/read-form.server";
import { leadLimitAnswer, submitLeadForm } from "../../server/leads/capture.server";
import { countSentOpening, SENT_LINK_HEADERS } from "../../server/leads/sent-lists.server";
import { loadListingPage } from "../../server/properties/listing-page.server";
import type { Route } from "./+types/propriedade";

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const services = context.get(requestContext).services;
  // The listing an agent sent a lead (?envio=…, decision 049): the person opening it counts on the
  // lead's screen (also when the listing has left the site since), and the address, which holds the
  // sending's token, is kept by no cache, whatever the answer.
  const sent = sentListToken(url.searchParams);
  const result = await loadListingPage(services, params.referencia, request);
  if (result.kind === "redirect") {
    // An old referência: the token goes along, and the opening is counted there.
    const to = sent ? `${result.to}?${SENT_LIST_PARAM}=${sent}` : result.to;
    throw redirect(to, { status: 301, headers: sent ? SENT_LINK_HEADERS : undefined });
  }
  if (sent && (await isPersonOpening(request, context))) countSentOpening(services, sent);
  if (result.kind === "not-found")
    return data(result, { status: 404, headers: sent ? SENT_LINK_HEADERS : undefined });
  if (sent) return data({ ...result, sent: true }, { headers: SENT_LINK_HEADERS });
  // A simulation sent without JavaScript (?simular=1…) is this visitor's page, not one to index
  // or to keep in a shared cache (decision 033; the page cache skips it too).
  // So is a temporada stay's quote (?estadia=1…, decision 037).
  if (result.simulation || result.stayAsked) return data(result, { headers: SIMULATION_HEADERS });
  return result;
}

const SIMULATION_HEADERS = { "X-Robots-Tag": "noindex", "Cache-Control": "private, max-age=0" };

// A post over its limit says when to come back; a simulation's or a sent link's page says it is
// not for indexing nor for a shared cache.
export function headers(args: Route.HeadersArgs) {
  const headers = headersWithRetryAfter(args);
  for (const name of Object.keys(SIMULATION_HEADERS)) {
    const value = args.loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/**
 * A lead form's answer, and whether it came from the simulator's form or the temporada booking
 * request (which show it).
 */
export type ListingActionData = LeadActionData & { financing: boolean; rental?: boolean };

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const financing = form.has(SIMULATION_PARAM);
  const rental = form.has(STAY_PARAM);
  const limited = formLimitExceeded(context.get(requestContext));
  if (limited)
    return data<ListingActionData>(
      { ...leadLimitAnswer(form), financing, rental },
      { status: 429, headers: limited },
    );
  const result = await submitLeadForm(context.get(requestContext).services.db, form, {
    referencia: params.referencia,
  });
  return data<ListingActionData>({ ...result.body, financing, rental }, { status: result.status });
}

// Sending the form changes nothing on the page: don't reload it (nor count another view).
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const site = siteFromMatches(matches);
  if (loaderData?.kind !== "found") {
    return buildMeta(
      { title: "Imóvel não encontrado", path: listingPath(params.referencia ?? ""), noindex: true },
      site,
    );
  }
  const { listing, og, description } = loaderData;
  return buildMeta(
    {
      title: listing.titulo,
      description,
      image: og.url,
      imageWidth: og.width,
      imageHeight: og.height,
      imageAlt: og.alt,
      // A simulation's URL points to the listing's and is not indexed (decision 033).
      path: listingPath(listing.referencia),
      noindex: loaderData.simulation !== null || loaderData.stayAsked || "sent" in loaderData,
      type: "website",
    },
    site,
  );
};

// Without a connection to the server (a restart), the form stays with what was typed and says so;
// the post is not sent again by itself (app/lib/unavailable.ts).
export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  const sent = await request.clone().formData();
  const financing = sent.has(SIMULATION_PARAM);
  const rental = sent.has(STAY_PARAM);
  return keepFormWhenUnavailable(
    serverAction,
    (): ListingActionData => ({
      ok: false,
      formError: UNAVAILABLE_FORM_MESSAGE,
      financing,
      rental,
    }),
  );
}

export default function Propriedade({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const agency = useRootData()?.agency;
  const whatsapp = agency?.whatsapp ?? "";
  if (loaderData.kind !== "found") {
    return (
      <NotFoundContent
        title="Imóvel não encontrado"
        message={`Não encontramos o imóvel ${loaderData.referencia}: ele pode ter sido vendido, alugado ou retirado do site. Veja outras opções abaixo.`}
        suggestions={loaderData.suggestions}
        suggestionsTitle={loaderData.suggestionsTitle}
      />
    );
  }
  return (
    <>
      <JsonLd json={loaderData.jsonLd} />
      <ListingPage
        listing={loaderData.listing}
        similar={loaderData.similar}
        similarHref={loaderData.similarHref}
        cityHref={loaderData.cityHref}
        agent={loaderData.agent}
        agency={{ name: agency?.name ?? "", creci: agency?.creci ?? "" }}
        whatsapp={whatsapp}
        phone={agency?.phones[0] ?? ""}
        consentText={loaderData.consentText}
        financing={loaderData.financing}
        simulation={loaderData.simulation}
        serverResult={actionData?.financing || actionData?.rental ? undefined : actionData}
        financingResult={actionData?.financing ? actionData : undefined}
        rental={loaderData.rental}
        calendar={loaderData.calendar}
        stay={loaderData.stay}
        rentalResult={actionData?.rental ? actionData : undefined}
      />
    </>
  );
}
