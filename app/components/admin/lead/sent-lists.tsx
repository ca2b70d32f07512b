// "Links enviados" on a lead's screen (decision 049): each link sent on WhatsApp from "Sugerir
// imóveis" (a list of listings, or one listing's page), and whether the person opened it — how many times, when first and last — so the
// agent knows when to call. Live: an opening updates an open screen (useLiveEvents in lead.tsx).
import { formatCount } from "../../../lib/format";
import { formatMaceioInstant } from "../../../lib/maceio-time";

export interface SentListItem {
  id: number;
  referencias: string[];
  sentAt: string;
  sentByName: string | null;
  opens: number;
  firstOpenedAt: string | null;
  lastOpenedAt: string | null;
}

const when = formatMaceioInstant;

/** "Aberto em …", or "Aberto 3 vezes: a primeira em …, a última em …", or not yet. */
function opening(list: SentListItem): string {
  if (!list.opens || !list.firstOpenedAt || !list.lastOpenedAt) return "Ainda não foi aberto.";
  if (list.opens === 1) return `Aberto em ${when(list.lastOpenedAt)}.`;
  return `Aberto ${formatCount(list.opens, "vez", "vezes")}: a primeira em ${when(list.firstOpenedAt)}, a última em ${when(list.lastOpenedAt)}.`;
}

export function SentLists({ lists }: { lists: SentListItem[] }) {
  if (!lists.length) return null;
  return (
    <section className="lead-card" aria-labelledby="lead-listas-enviadas">
      <h2 id="lead-listas-enviadas">Links enviados</h2>
      <ul className="lead-sent-lists" data-testid="listas-enviadas">
        {lists.map((list) => (
          <li key={list.id}>
            <p>
              <strong>{list.referencias.join(", ")}</strong>
              {` — enviado em ${when(list.sentAt)}${list.sentByName ? ` por ${list.sentByName}` : ""}.`}
            </p>
            <p className={list.opens ? "lead-sent-lists__opened" : "lead-sent-lists__unopened"}>
              {opening(list)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
