// /admin/imoveis/:id — edit a property: the form, its publication actions and its photos.
import { data, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { ListingNumbers } from "../../components/admin/listing-numbers";
import { PhotoManager } from "../../components/admin/photo-manager";
import { PropertyActions } from "../../components/admin/property-actions";
import { PropertyForm } from "../../components/admin/property-form";
import { PropertyPageHeader } from "../../components/admin/property-page-header";
import { PropertyProposals } from "../../components/admin/property-proposals";
import { Stylesheet } from "../../components/stylesheet";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { noticeOf, type PropertyAction, parsePropertyAction } from "../../lib/property-actions";
import { parsePropertyForm, readPropertyForm, toFormInput } from "../../lib/property-form";
import { keepFormWhenUnavailable, UNAVAILABLE_FORM_MESSAGE } from "../../lib/unavailable";
import { PUBLICATION_STATES, STATUSES } from "../../lib/vocabulary";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { getListingNumbers } from "../../server/dashboard/dashboard.server";
import { readForm } from "../../server/http/read-form.server";
import { proposalsOfProperty } from "../../server/leads/proposals.server";
import { type Actor, loadManageable, parseId } from "../../server/properties/access.server";
import {
  deleteProperty,
  duplicateProperty,
  getPropertyForEdit,
  listAgents,
  setDestaque,
  setPublication,
  setStatus,
  updateProperty,
} from "../../server/properties/admin.server";
import { PropertyFieldError } from "../../server/properties/errors.server";
import { actorFor, guarded } from "../../server/properties/http.server";
import { listPhotos } from "../../server/properties/photos.server";
import { priceDropOf, priceDropUntil } from "../../server/properties/price-drop.server";
import adminListingsCss from "../../styles/admin-listings.css?inline";
import type { Route } from "./+types/imovel";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data ? `Editar ${args.data.property.referencia}` : "Imóvel", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const actor = actorFor(user, request, context);
  const { db, storage } = context.get(requestContext).services;
  return guarded(async () => {
    const id = parseId(params.id);
    const { property, oldReferencias } = await getPropertyForEdit(db, actor, id);
    const [photos, agents, numbers, proposals] = await Promise.all([
      listPhotos(db, storage, actor, id),
      user.role === "admin" ? listAgents(db, property.corretorId) : null,
      getListingNumbers(db, id),
      proposalsOfProperty(db, actor, id),
    ]);
    return data(
      {
        property: {
          id,
          referencia: property.referencia,
          titulo: property.titulo,
          publicacao: property.publicacao,
          status: property.status,
          destaque: property.destaque,
          temporada: property.finalidades.includes("temporada"),
          priceDrop: priceDropOf(property),
          priceDropUntil: priceDropUntil(property)?.toISOString() ?? null,
          updatedAt: property.updatedAt.toISOString(),
          oldReferencias,
        },
        values: toFormInput(property),
        photos,
        agents,
        numbers,
        proposals: proposals.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

async function runAction(
  context: Route.ActionArgs["context"],
  actor: Actor,
  id: number,
  action: PropertyAction,
) {
  const { db, storage } = context.get(requestContext).services;
  const back = (ok: string) => redirect(`/admin/imoveis/${id}?ok=${ok}`, { status: 303 });
  switch (action.intent) {
    case "publicar":
      await setPublication(db, actor, id, "publicado");
      return back("publicado");
    case "despublicar":
      await setPublication(db, actor, id, "rascunho");
      return back("despublicado");
    case "arquivar":
      await setPublication(db, actor, id, "arquivado");
      return back("arquivado");
    case "destacar":
      await setDestaque(db, actor, id, true);
      return back("destacado");
    case "remover-destaque":
      await setDestaque(db, actor, id, false);
      return back("destaque-removido");
    case "status":
      await setStatus(db, actor, id, action.status);
      return back("status");
    case "duplicar": {
      const copy = await duplicateProperty(db, actor, id);
      return redirect(`/admin/imoveis/${copy.id}?ok=duplicado`, { status: 303 });
    }
    case "excluir": {
      // Without the confirmation (no JavaScript), the page asks for it first.
      if (action.confirmar !== "sim") return data({ confirmDelete: true as const });
      const { referencia } = await deleteProperty(db, storage, actor, id);
      return redirect(`/admin/imoveis?ok=excluido&ref=${encodeURIComponent(referencia)}`, { status: 303 });
    }
  }
}

export async function action({ request, url, context, params }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const actor = actorFor(user, request, context);
  return guarded(async () => {
    const id = parseId(params.id);
    // Permission before anything else: someone else's property is 403 whatever the form says.
    await loadManageable(context.get(requestContext).services.db, actor, id);
    const form = await readForm(request);
    if (form.get("intent") === "salvar") {
      const parsed = parsePropertyForm(form);
      if (!parsed.success) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
      try {
        await updateProperty(context.get(requestContext).services.db, actor, id, parsed.data);
      } catch (error) {
        if (!(error instanceof PropertyFieldError)) throw error;
        return data(
          { errors: { [error.field]: error.message }, values: readPropertyForm(form) },
          { status: 400 },
        );
      }
      return redirect(`/admin/imoveis/${id}?ok=salvo`, { status: 303 });
    }
    const parsed = parsePropertyAction(form);
    if (!parsed.success) {
      return data({ actionError: parsed.error.issues[0]?.message ?? "Ação inválida." }, { status: 400 });
    }
    return runAction(context, actor, id, parsed.data);
  });
}

// Without a connection to the server (a restart), the page stays with what was typed and says so,
// by the save button or, for the other actions (publish, archive…), above them; the post is not
// sent again by itself (app/lib/unavailable.ts).
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const saving = (await request.clone().formData()).get("intent") === "salvar";
  return keepFormWhenUnavailable(serverAction, () =>
    saving ? { unavailable: UNAVAILABLE_FORM_MESSAGE } : { actionError: UNAVAILABLE_FORM_MESSAGE },
  );
}

export default function EditListing({ loaderData, actionData }: Route.ComponentProps) {
  const { property, values, photos, agents, numbers, proposals } = loaderData;
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "salvar";
  const notice = noticeOf(search);
  const formErrors = actionData && "errors" in actionData ? actionData : null;
  const confirmPhoto = Number(search.get("excluirFoto")) || null;

  return (
    <main className="admin-page admin-listings">
      <Stylesheet name="admin-listings" css={adminListingsCss} />
      <PropertyPageHeader
        back={{ to: "/admin/imoveis", label: "Todos os imóveis" }}
        heading="Editar imóvel"
        referencia={property.referencia}
        titulo={property.titulo}
      >
        <ul className="listing-badges" aria-label="Situação do anúncio">
          <li className={`badge badge--${property.publicacao}`}>{PUBLICATION_STATES[property.publicacao]}</li>
          <li className={`badge badge--status-${property.status}`}>{STATUSES[property.status]}</li>
          {property.destaque ? <li className="badge badge--destaque">Destaque</li> : null}
        </ul>
        {property.publicacao === "publicado" ? (
          <p>
            <a href={`/casas/${property.referencia}`} target="_blank" rel="noopener">
              Ver no site<span className="visually-hidden"> (abre em nova aba)</span>
            </a>
          </p>
        ) : null}
        {property.priceDrop && property.priceDropUntil ? (
          <p className="form-field__hint" data-testid="preco-reduzido">
            {`No site com "Baixou ${property.priceDrop.percent}%" (era ${property.priceDrop.from}) até ${formatDate(property.priceDropUntil)}.`}
          </p>
        ) : null}
        <p>
          <Link to={`/admin/imoveis/${property.id}/relatorio`}>Relatório do proprietário</Link>
        </p>
        {property.temporada ? (
          <p>
            <Link to={`/admin/imoveis/${property.id}/temporada`}>
              Temporada: tarifas, regras, calendário e reservas
            </Link>
          </p>
        ) : null}
        {property.oldReferencias.length > 0 ? (
          <p className="form-field__hint">
            Referências antigas que redirecionam para este imóvel: {property.oldReferencias.join(", ")}.
          </p>
        ) : null}
      </PropertyPageHeader>

      {notice ? (
        <p className="listing-notice" role="status">
          {notice}
        </p>
      ) : null}
      {actionData && "actionError" in actionData ? (
        <p className="listing-notice listing-notice--error" role="alert">
          {actionData.actionError}
        </p>
      ) : null}

      <ListingNumbers numbers={numbers} />
      <PropertyProposals proposals={proposals} />

      <PropertyActions
        publicacao={property.publicacao}
        status={property.status}
        destaque={property.destaque}
        referencia={property.referencia}
        confirmDelete={Boolean(actionData && "confirmDelete" in actionData)}
      />

      <PropertyForm
        key={property.updatedAt}
        values={formErrors?.values ?? values}
        serverErrors={formErrors?.errors ?? null}
        agents={agents}
        submitLabel="Salvar alterações"
        busy={saving}
        notice={actionData && "unavailable" in actionData ? actionData.unavailable : null}
        referenciaHint="Duas letras e ao menos quatro números. Ao mudar, o endereço antigo continua levando a este imóvel."
      />

      <section className="listing-photos" id="fotos" aria-labelledby="fotos-titulo">
        <h2 id="fotos-titulo">Fotos</h2>
        <PhotoManager
          propertyId={property.id}
          photos={photos}
          error={search.get("erroFoto")}
          confirmPhotoId={confirmPhoto}
        />
      </section>
    </main>
  );
}
