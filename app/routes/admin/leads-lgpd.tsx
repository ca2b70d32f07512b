// /admin/leads/lgpd — a person's LGPD request (admin only): find their leads and captações by
// e-mail or phone (and the searches they saved for e-mail alerts), download everything as JSON, or
// erase it (with an audit entry).
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { Stylesheet } from "../../components/stylesheet";
import { formatCount } from "../../lib/format";
import { personLookupSchema } from "../../lib/lead-inbox";
import { pageMeta } from "../../lib/meta";
import { countPersonAlerts } from "../../server/alerts/subscriptions.server";
import { requireUser } from "../../server/auth/guard.server";
import { countPersonCaptacoes } from "../../server/captacoes/lgpd.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { countPersonRecords, erasePersonData } from "../../server/leads/lgpd.server";
import leadsCss from "../../styles/leads.css?inline";
import type { Route } from "./+types/leads-lgpd";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Pedidos LGPD", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireUser({ request, context, url }, { role: "admin" });
  return data({}, { headers: { "Cache-Control": "no-store" } });
}

/** What a person has with the agency, by kind: found (the preview) or erased. */
interface PersonCounts {
  leads: number;
  captacoes: number;
  alertas: number;
  visitas: number;
  estadias: number;
}

type ActionData =
  | ({ intent: "buscar"; contato: string } & PersonCounts)
  | ({ intent: "apagar"; contato: string; erased: true } & PersonCounts)
  | { intent: string; contato: string; error: string };

const KINDS: { key: keyof PersonCounts; found: [string, string]; erased: [string, string] }[] = [
  { key: "leads", found: ["lead", "leads"], erased: ["lead apagado", "leads apagados"] },
  { key: "captacoes", found: ["captação", "captações"], erased: ["captação apagada", "captações apagadas"] },
  {
    key: "alertas",
    found: ["alerta de busca", "alertas de busca"],
    erased: ["alerta de busca apagado", "alertas de busca apagados"],
  },
  { key: "visitas", found: ["visita", "visitas"], erased: ["visita apagada", "visitas apagadas"] },
  {
    key: "estadias",
    found: ["estadia de temporada", "estadias de temporada"],
    erased: ["estadia sem o nome do hóspede", "estadias sem o nome do hóspede"],
  },
];

/** "2 leads, 1 visita e 1 estadia de temporada"; null when there is nothing. */
function describeCounts(counts: PersonCounts, as: "found" | "erased"): string | null {
  const parts = KINDS.filter((k) => counts[k.key] > 0).map((k) => formatCount(counts[k.key], ...k[as]));
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(", ")} e ${parts.at(-1)}`;
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url }, { role: "admin" });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "buscar");
  const raw = String(form.get("contato") ?? "").slice(0, 300);
  const parsed = personLookupSchema.safeParse({ contato: raw });
  if (!parsed.success) {
    return data<ActionData>(
      { intent, contato: raw, error: parsed.error.issues[0]?.message ?? "Contato inválido." },
      { status: 400 },
    );
  }
  const { contato } = parsed.data;
  const { db, storage, log } = context.get(requestContext).services;
  if (intent === "apagar") {
    if (form.get("confirmar") !== "sim") {
      return data<ActionData>(
        { intent, contato, error: "Marque a confirmação para apagar os dados." },
        { status: 400 },
      );
    }
    const actor = {
      id: user.id,
      role: user.role,
      ip: context.get(requestContext).ip,
      userAgent: request.headers.get("user-agent"),
    };
    const { erased, ...rest } = await erasePersonData(db, actor, contato, { storage, log });
    return { intent: "apagar", contato, erased: true, leads: erased, ...rest } satisfies ActionData;
  }
  const [records, captacoes, alertas] = await Promise.all([
    countPersonRecords(db, contato),
    countPersonCaptacoes(db, contato),
    countPersonAlerts(db, contato),
  ]);
  return { intent: "buscar", contato, ...records, captacoes, alertas } satisfies ActionData;
}

export default function LeadsLgpd() {
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state === "submitting";
  const error = result && "error" in result ? result.error : undefined;
  const found = result?.intent === "buscar" && "leads" in result ? result : undefined;
  const erased = result && "erased" in result ? result : undefined;
  const foundText = found && describeCounts(found, "found");
  const erasedText = erased && describeCounts(erased, "erased");

  return (
    <main className="admin-page admin-lgpd">
      <Stylesheet name="leads" css={leadsCss} />
      <p>
        <Link to="/admin/leads">← Voltar aos leads</Link>
      </p>
      <h1>Pedidos LGPD</h1>
      <p className="admin-page__lead">
        Atenda ao pedido de uma pessoa sobre os dados dela: baixe tudo o que temos (leads, imóveis que ela
        ofereceu em “Anuncie seu imóvel”, anotações, alertas de busca, visitas e estadias) ou apague.
      </p>
      <Form method="post" className="lead-card">
        <input type="hidden" name="intent" value="buscar" />
        <div className="form-field">
          <label htmlFor="lgpd-contato">E-mail ou telefone da pessoa</label>
          <input
            id="lgpd-contato"
            name="contato"
            required
            maxLength={254}
            defaultValue={result?.contato}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "lgpd-contato-erro" : undefined}
          />
          {error ? (
            <p className="form-field__error" id="lgpd-contato-erro">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Buscar
        </button>
      </Form>

      {erased ? (
        <p className="listing-notice" role="status">
          {erasedText
            ? `${erasedText}, com as anotações e as fotos. O pedido foi registrado no histórico.`
            : "Nada a apagar: nenhum lead, captação, alerta de busca, visita ou estadia com este contato."}
        </p>
      ) : null}

      {found ? (
        <section className="lead-card" aria-labelledby="lgpd-resultado">
          <h2 id="lgpd-resultado">
            {foundText
              ? `Encontrado: ${foundText}`
              : "Nenhum lead, captação, alerta de busca, visita ou estadia com este contato"}
          </h2>
          {foundText ? (
            <>
              <Form method="post" action="/admin/leads/lgpd/exportar" reloadDocument>
                <input type="hidden" name="contato" value={found.contato} />
                <button type="submit" className="btn btn--secondary">
                  Baixar dados (JSON)
                </button>
              </Form>
              <Form method="post" className="lead-inline-form">
                <input type="hidden" name="intent" value="apagar" />
                <input type="hidden" name="contato" value={found.contato} />
                <div className="form-field form-field--checkbox">
                  <input id="lgpd-confirmar" name="confirmar" type="checkbox" value="sim" required />
                  <label htmlFor="lgpd-confirmar">
                    Confirmo que quero apagar estes dados; não há como desfazer.
                  </label>
                </div>
                <button type="submit" className="btn btn--danger" disabled={busy}>
                  Apagar dados
                </button>
              </Form>
            </>
          ) : null}
        </section>
      ) : null}
    </main>
  );
}
