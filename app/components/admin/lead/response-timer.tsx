// "Sem resposta há 35 min": how long a lead has waited for its first response, on the inbox's rows
// and the lead's page until an agent acts (a status change, a note, a WhatsApp reply). Rendered
// by the server with the loader's clock, then brought up to date once a minute in the browser. A
// role="timer" is not announced as it changes (its aria-live is off), and nothing moves.
import { useEffect, useState } from "react";
import { formatWait } from "../../../lib/lead-distribution";

const TICK_MS = 30_000;

/** A lead still waiting for its first response (and not closed). */
export function awaitsResponse(lead: { firstResponseAt: Date | null; status: string }): boolean {
  return lead.firstResponseAt === null && lead.status !== "fechado" && lead.status !== "perdido";
}

export function ResponseTimer({
  since,
  serverNow,
  due,
}: {
  /** When the person got in touch. */
  since: Date;
  /** The loader's clock: the first render (server and hydration) reads the same text. */
  serverNow: Date;
  /** When the roleta moves the lead on (null: it does not). */
  due?: Date | null;
}) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => setNow(new Date());
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const late = due ? now.getTime() >= due.getTime() : false;
  return (
    <span className={`lead-timer${late ? " lead-timer--late" : ""}`} role="timer" aria-live="off">
      Sem resposta há{" "}
      <time dateTime={since.toISOString()}>{formatWait((now.getTime() - since.getTime()) / 60_000)}</time>
      {due ? (
        <span className="lead-timer__due">
          {late ? " · prazo vencido" : ` · prazo até ${DUE_FORMAT.format(due)}`}
        </span>
      ) : null}
    </span>
  );
}

const DUE_FORMAT = new Intl.DateTimeFormat("pt-BR", {
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "America/Maceio",
});
