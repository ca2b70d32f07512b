// /casas/:referencia — one listing. Another case of the referência or an old one answers 301 to
// the canonical URL; unknown or unpublished ones answer a real 404 with suggestions.
import { data, redirect, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { JsonLd } from "../../components/json-ld";
import { NotFoundContent } from "../../components/not-found-content";
import { ListingPage } from "../../components/property/listing-page";
import { listingPath } from "../../lib/listing";
import { buildMeta, siteFromMatches } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { readForm } from "../../server/http/read-form.server";
import { submitLeadForm } from "../../server/leads/capture.server";
import { loadListingPage } from "../../server/properties/listing-page.server";
import type { Route } from "./+types/propriedade";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const result = await loadListingPage(context.services, params.referencia, request);
  if (result.kind === "redirect") throw redirect(result.to, 301);
  if (result.kind === "not-found") return data(result, { status: 404 });
  return result;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await submitLeadForm(
    context.services.db,
    form,
    { referencia: params.referencia },
    context.ip,
  );
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

export default function Propriedade({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const whatsapp = useRootData()?.agency.whatsapp ?? "";
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
        consentText={loaderData.consentText}
        serverResult={actionData}
      />
    </>
  );
}
