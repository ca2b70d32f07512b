// /casas/:referencia — one listing. Another case of the referência or an old one answers 301 to
// the canonical URL; unknown or unpublished ones answer a real 404 with suggestions.
import { data, redirect, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { JsonLd } from "../../components/json-ld";
import { NotFoundContent } from "../../components/not-found-content";
import { ListingPage } from "../../components/property/listing-page";
import type { LeadActionData } from "../../lib/lead-fields";
import { listingPath } from "../../lib/listing";
import { buildMeta, siteFromMatches } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { keepFormWhenUnavailable, UNAVAILABLE_FORM_MESSAGE } from "../../lib/unavailable";
import { requestContext } from "../../server/context.server";
import { formLimitExceeded, headersWithRetryAfter } from "../../server/http/form-limits.server";
import { readForm } from "../../server/http/read-form.server";
import { leadLimitAnswer, submitLeadForm } from "../../server/leads/capture.server";
import { loadListingPage } from "../../server/properties/listing-page.server";
import type { Route } from "./+types/propriedade";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const result = await loadListingPage(context.get(requestContext).services, params.referencia, request);
  if (result.kind === "redirect") throw redirect(result.to, 301);
  if (result.kind === "not-found") return data(result, { status: 404 });
  return result;
}

// A post over its limit says when to come back.
export const headers = headersWithRetryAfter;

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const limited = formLimitExceeded(context.get(requestContext));
  if (limited) return data(leadLimitAnswer(form), { status: 429, headers: limited });
  const result = await submitLeadForm(context.get(requestContext).services.db, form, {
    referencia: params.referencia,
  });
  return data(result.body, { status: result.status });
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
      path: listingPath(listing.referencia),
      type: "website",
    },
    site,
  );
};

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
        whatsapp={whatsapp}
        phone={agency?.phones[0] ?? ""}
        consentText={loaderData.consentText}
        serverResult={actionData}
      />
    </>
  );
}
