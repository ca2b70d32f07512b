// /admin/imoveis/novo — register a property. Photos come right after, on its edit screen.
import { data, Link, redirect, useNavigation } from "react-router";
import { PropertyForm } from "../../components/admin/property-form";
import { Stylesheet } from "../../components/stylesheet";
import { pageMeta } from "../../lib/meta";
import { type PropertyFormInput, parsePropertyForm, readPropertyForm } from "../../lib/property-form";
import { keepFormWhenUnavailable, UNAVAILABLE_FORM_MESSAGE } from "../../lib/unavailable";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { createProperty, listAgents } from "../../server/properties/admin.server";
import { PropertyFieldError } from "../../server/properties/errors.server";
import { actorFor, guarded } from "../../server/properties/http.server";
import adminListingsCss from "../../styles/admin-listings.css?inline";
import type { Route } from "./+types/imovel-novo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Cadastrar imóvel", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const agents = user.role === "admin" ? await listAgents(context.get(requestContext).services.db) : null;
  const values: PropertyFormInput = {
    finalidades: ["venda"],
    periodoAluguel: "mensal",
    iptuPeriodo: "anual",
    cidade: "Maceió",
    uf: "AL",
    visibilidadeEndereco: "bairro",
    status: "disponivel",
    publicacao: "rascunho",
    corretorId: String(user.id),
  };
  return data({ values, agents }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const actor = actorFor(user, request, context);
  const form = await readForm(request);
  const parsed = parsePropertyForm(form);
  if (!parsed.success) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  return guarded(async () => {
    try {
      const { id } = await createProperty(context.get(requestContext).services.db, actor, parsed.data);
      return redirect(`/admin/imoveis/${id}?ok=criado`, { status: 303 });
    } catch (error) {
      if (!(error instanceof PropertyFieldError)) throw error;
      return data(
        { errors: { [error.field]: error.message }, values: readPropertyForm(form) },
        { status: 400 },
      );
    }
  });
}

// Without a connection to the server (a restart), the form stays with what was typed and says so;
// the post is not sent again by itself (app/lib/unavailable.ts).
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnavailable(serverAction, () => ({ unavailable: UNAVAILABLE_FORM_MESSAGE }));
}

export default function NewListing({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <main className="admin-page admin-listings">
      <Stylesheet name="admin-listings" css={adminListingsCss} />
      <p className="listing-breadcrumb">
        <Link to="/admin/imoveis">← Todos os imóveis</Link>
      </p>
      <h1>Cadastrar imóvel</h1>
      <p className="listing-intro">
        Preencha os dados e salve; as fotos são enviadas em seguida. O imóvel começa como rascunho e só
        aparece no site quando for publicado.
      </p>
      <PropertyForm
        values={actionData && "values" in actionData ? actionData.values : loaderData.values}
        serverErrors={actionData && "errors" in actionData ? actionData.errors : null}
        notice={actionData && "unavailable" in actionData ? actionData.unavailable : null}
        agents={loaderData.agents}
        submitLabel="Cadastrar imóvel"
        busy={navigation.state === "submitting"}
        referenciaHint="Deixe em branco para gerar pelo tipo (ex.: AP0065), ou informe duas letras e ao menos quatro números."
      />
    </main>
  );
}
