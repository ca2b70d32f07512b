// Política de privacidade (LGPD, docs/domain.md): the agency's text from its settings, the controller and the
// encarregado (DPO) contact.
import { RichText } from "../../components/rich-text";
import { creciText } from "../../lib/contact";
import { pageMeta } from "../../lib/meta";
import { requestContext } from "../../server/context.server";
import { getAgencySettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/politica-de-privacidade";

export async function loader({ context }: Route.LoaderArgs) {
  const s = await getAgencySettings(context.get(requestContext).services.db);
  return {
    privacyText: s.privacyText,
    controller: { name: s.name, creci: s.creci, address: s.address, email: s.email },
    dpo: { name: s.dpoName, email: s.dpoEmail || s.email },
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Política de privacidade",
    description:
      "Como tratamos seus dados pessoais, conforme a LGPD: finalidades, bases legais, prazos, seus direitos e o contato do encarregado.",
    keywords: "política de privacidade, LGPD, dados pessoais, encarregado, imóveis",
  });

export default function PoliticaDePrivacidade({ loaderData }: Route.ComponentProps) {
  const { privacyText, controller, dpo } = loaderData;
  return (
    <main className="container page page--narrow">
      <h1>Política de privacidade</h1>
      <div className="prose">
        {privacyText.trim() ? (
          <RichText text={privacyText} />
        ) : (
          <p>Tratamos seus dados pessoais somente para responder aos seus contatos, conforme a LGPD.</p>
        )}
      </div>
      <section className="info-box" aria-labelledby="controlador">
        <h2 id="controlador">Controlador e encarregado</h2>
        <p>
          <strong>Controlador:</strong> {controller.name} ({creciText(controller.creci)})
          {controller.address ? `, ${controller.address}` : ""}.
        </p>
        <p>
          <strong>Encarregado pelo tratamento de dados pessoais (DPO):</strong> {dpo.name || controller.name}
          {dpo.email ? (
            <>
              {" "}
              — <a href={`mailto:${dpo.email}`}>{dpo.email}</a>
            </>
          ) : null}
        </p>
      </section>
    </main>
  );
}
