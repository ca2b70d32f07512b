// /admin/imoveis/:id/relatorio — the owner's report of a listing (decision 046): its secret link to
// send (WhatsApp, e-mail, copy), replace or turn off, when the owner last opened it, and a preview
// of what the owner reads. Who may edit the listing may do this (403 otherwise, 404 unknown).
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { PropertyPageHeader } from "../../components/admin/property-page-header";
import { OwnerReportView } from "../../components/owner-report/owner-report-view";
import { Stylesheet } from "../../components/stylesheet";
import { reachableOnWhatsapp, whatsappUrl } from "../../lib/contact";
import { formatCount } from "../../lib/format";
import { formatMaceioInstant } from "../../lib/maceio-time";
import { pageMeta } from "../../lib/meta";
import { ownerReportMessage, ownerReportPath } from "../../lib/owner-report";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import {
  buildOwnerReport,
  createOwnerReportLink,
  ownerContactOf,
  ownerReportLinkOf,
  revokeOwnerReportLink,
} from "../../server/owner-reports/owner-report.server";
import { loadManageable, parseId } from "../../server/properties/access.server";
import { actorFor, guarded } from "../../server/properties/http.server";
import adminListingsCss from "../../styles/admin-listings.css?inline";
import type { Route } from "./+types/imovel-relatorio";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `Relatório do proprietário ${args.loaderData.property.referencia}` : "Relatório",
    noindex: true,
  });

export function headers() {
  return { "Cache-Control": "no-store" };
}

const NOTICES: Record<string, string> = {
  gerado: "Link criado. Envie-o ao proprietário.",
  trocado: "Novo link criado: o anterior não abre mais.",
  desativado: "Link desativado: o relatório não abre mais para quem tinha o link.",
  "ja-desativado": "Este imóvel não tinha link ativo.",
};

const intentSchema = z.object({
  intent: z.enum(["gerar", "desativar"], { error: "Ação inválida." }),
});

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const actor = actorFor(user, request, context);
  const { db, storage, config } = context.get(requestContext).services;
  return guarded(async () => {
    const property = await loadManageable(db, actor, parseId(params.id));
    const [link, report, owner] = await Promise.all([
      ownerReportLinkOf(db, property.id),
      buildOwnerReport(db, storage, property.id),
      ownerContactOf(db, actor, property.id),
    ]);
    const publicUrl = config.publicUrl.replace(/\/+$/, "");
    return data(
      {
        property: { id: property.id, referencia: property.referencia, titulo: property.titulo },
        link: link && {
          url: `${publicUrl}${ownerReportPath(link.token)}`,
          createdAt: link.createdAt.toISOString(),
          lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
          opens: link.opens,
        },
        owner,
        report,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

export async function action({ request, url, context, params }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const actor = actorFor(user, request, context);
  const { db } = context.get(requestContext).services;
  return guarded(async () => {
    const id = parseId(params.id);
    // Permission before anything else: someone else's listing is 403 whatever the form says.
    await loadManageable(db, actor, id);
    const parsed = intentSchema.safeParse(Object.fromEntries(await readForm(request)));
    if (!parsed.success) return data({ error: "Ação inválida." }, { status: 400 });
    const back = (ok: string) => redirect(`/admin/imoveis/${id}/relatorio?ok=${ok}`, { status: 303 });
    if (parsed.data.intent === "desativar") {
      return back((await revokeOwnerReportLink(db, actor, id)) ? "desativado" : "ja-desativado");
    }
    const { replaced } = await createOwnerReportLink(db, actor, id);
    return back(replaced ? "trocado" : "gerado");
  });
}

export default function OwnerReportAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { property, link, owner, report } = loaderData;
  const [search] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const notice = NOTICES[search.get("ok") ?? ""];
  const message = link ? ownerReportMessage(owner?.name ?? null, property.referencia, link.url) : "";
  const ownerPhone = owner && reachableOnWhatsapp(owner.phone) ? owner.phone : null;

  return (
    <main className="admin-page admin-listings">
      <Stylesheet name="admin-listings" css={adminListingsCss} />
      <PropertyPageHeader
        back={{ to: `/admin/imoveis/${property.id}`, label: `Editar ${property.referencia}` }}
        heading="Relatório do proprietário"
        referencia={property.referencia}
        titulo={property.titulo}
      />
      {notice ? (
        <p className="listing-notice" role="status">
          {notice}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="listing-notice listing-notice--error" role="alert">
          {actionData.error}
        </p>
      ) : null}

      <section className="listing-actions" aria-labelledby="relatorio-link">
        <h2 id="relatorio-link">Link do proprietário</h2>
        <p className="form-field__hint">
          Quem tiver o link vê os números do anúncio (visualizações, contatos, visitas) e o preço do m²
          comparado com imóveis parecidos — nunca os dados de quem entrou em contato. A página não aparece no
          Google.
        </p>
        {link ? (
          <>
            <div className="form-field">
              <label htmlFor="relatorio-url">Endereço do relatório</label>
              <input
                id="relatorio-url"
                type="text"
                readOnly
                value={link.url}
                onFocus={(event) => event.currentTarget.select()}
              />
            </div>
            <p data-testid="relatorio-aberturas">
              {link.lastOpenedAt
                ? `Aberto ${formatCount(link.opens, "vez", "vezes")} pelo proprietário; a última em ${formatMaceioInstant(link.lastOpenedAt)}.`
                : "Ainda não aberto pelo proprietário."}{" "}
              Link criado em {formatMaceioInstant(link.createdAt)}.
            </p>
            <div className="listing-actions__row">
              <a
                className="btn btn--primary"
                href={
                  ownerPhone
                    ? whatsappUrl(ownerPhone, message)
                    : `https://wa.me/?text=${encodeURIComponent(message)}`
                }
                target="_blank"
                rel="noopener noreferrer"
              >
                {ownerPhone ? `Enviar pelo WhatsApp para ${owner?.name}` : "Enviar pelo WhatsApp"}
                <span className="visually-hidden"> (abre em nova aba)</span>
              </a>
              {owner?.email ? (
                <a
                  className="btn btn--secondary"
                  href={`mailto:${owner.email}?subject=${encodeURIComponent(`Relatório do seu imóvel ${property.referencia}`)}&body=${encodeURIComponent(message)}`}
                >
                  Enviar por e-mail para {owner.email}
                </a>
              ) : null}
            </div>
            <div className="listing-actions__row">
              <Form method="post">
                <input type="hidden" name="intent" value="gerar" />
                <button type="submit" className="btn btn--secondary" disabled={busy}>
                  Gerar novo link
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="desativar" />
                <button type="submit" className="btn btn--danger" disabled={busy}>
                  Desativar link
                </button>
              </Form>
            </div>
            <p className="form-field__hint">
              Gerar um novo link ou desativar faz o endereço atual deixar de abrir (por exemplo, se o imóvel
              mudou de dono ou o link foi parar com outra pessoa).
            </p>
          </>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="gerar" />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Criar link do relatório
            </button>
          </Form>
        )}
      </section>

      <section className="listing-actions" aria-labelledby="relatorio-previa">
        <h2 id="relatorio-previa">O que o proprietário vê</h2>
        <OwnerReportView report={report} preview headingLevel={3} />
      </section>
    </main>
  );
}
