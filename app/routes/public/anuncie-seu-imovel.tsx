// Anuncie seu imóvel: an owner offers a property to the agency (with up to ten photos). The post
// becomes a captação in its own queue (/admin/captacoes), apart from the leads; the domain is
// app/server/captacoes/submit.server.ts.
import { data, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { CaptacaoForm } from "../../components/captacao-form";
import { Stylesheet } from "../../components/stylesheet";
import type { CaptacaoActionData } from "../../lib/captacao-fields";
import { pageMeta } from "../../lib/meta";
import { keepFormWhenUnavailable, UNAVAILABLE_FORM_MESSAGE } from "../../lib/unavailable";
import { readCaptacaoBody } from "../../server/captacoes/read-body.server";
import { captacaoLimitAnswer, submitCaptacao } from "../../server/captacoes/submit.server";
import { requestContext } from "../../server/context.server";
import { formLimitExceeded, headersWithRetryAfter } from "../../server/http/form-limits.server";
import { LGPD_CONSENT_TEXT } from "../../server/settings/agency-defaults.server";
import captacaoFormCss from "../../styles/captacao-form.css?inline";
import type { Route } from "./+types/anuncie-seu-imovel";

export function loader() {
  return { consentText: LGPD_CONSENT_TEXT };
}

// A post over its limit says when to come back.
export const headers = headersWithRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const { services, formLimit } = context.get(requestContext);
  const limited = formLimitExceeded({ formLimit });
  // Only a JavaScript post gets here over the limit (the edge answers the others with a page of
  // their own), and its form is still on screen with what was typed: the body is not read.
  if (limited) return data(captacaoLimitAnswer(), { status: 429, headers: limited });
  const result = await submitCaptacao(services, await readCaptacaoBody(request));
  return data(result.body, { status: result.status });
}

// Sending the form changes nothing else on the page: don't reload it.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Anuncie seu imóvel",
    description:
      "Quer vender ou alugar seu imóvel em Alagoas? Envie os dados e as fotos: um corretor entra em contato para avaliar e anunciar no site e nos portais.",
  });

// Without a connection to the server (a restart), the form stays with what was typed and says so;
// the post is not sent again by itself (app/lib/unavailable.ts).
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnavailable(
    serverAction,
    (): CaptacaoActionData => ({ ok: false, formError: UNAVAILABLE_FORM_MESSAGE }),
  );
}

export default function AnuncieSeuImovel({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <main className="container page page--narrow">
      <Stylesheet name="captacao-form" css={captacaoFormCss} />
      <h1>Anuncie seu imóvel</h1>
      <div className="prose captacao-intro">
        <p>
          Quer vender ou alugar um imóvel em Alagoas? Conte como ele é e, se quiser, envie algumas fotos. Um
          corretor entra em contato para conhecer o imóvel, combinar o valor e cuidar do anúncio no nosso site
          e nos principais portais.
        </p>
      </div>
      <section aria-labelledby="anuncie-titulo">
        <h2 id="anuncie-titulo">Dados do imóvel</h2>
        <CaptacaoForm
          labelledBy="anuncie-titulo"
          consentText={loaderData.consentText}
          serverResult={actionData}
        />
      </section>
    </main>
  );
}
