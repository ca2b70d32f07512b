// A cached listing page skips its loader, and with it the view counter: a cache hit on
// /casas/:referencia counts the view here, with the same rules as the loader (no bots, no
// prefetch/prerender) and the same single statement as recordView, keyed by referência.
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Db } from "../db/client.server";
import { properties, propertyViewsDaily } from "../db/schema.server";
import { defaultLogger, type Logger } from "../log/logger.server";

/** Whether a cache hit is a view: a GET (not a HEAD, which the loader does not count either), by a person. */
export function hitCountsAsView(request: {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}): boolean {
  if (request.method !== "GET") return false;
  const { headers } = request;
  const purpose = String(headers["sec-purpose"] ?? headers.purpose ?? "");
  if (/prefetch|prerender/i.test(purpose)) return false;
  return !isbot(String(headers["user-agent"] ?? ""));
}

export async function recordViewByReferencia(db: Db, referencia: string, views = 1): Promise<void> {
  await db.execute(sql`
    with listing as (
      select ${properties.id} as id from ${properties}
      where ${properties.referencia} = ${referencia} and ${properties.publicacao} = 'publicado'
    ), daily as (
      insert into ${propertyViewsDaily} (property_id, day, views)
      select id, (now() at time zone 'America/Maceio')::date, ${views}::int from listing
      on conflict (property_id, day) do update set views = ${propertyViewsDaily.views} + ${views}::int
    )
    update ${properties} set views = ${properties.views} + ${views}::int where ${properties.id} in (select id from listing)`);
}

/**
 * Views counted on cache hits and by the listing page's loader, written in one statement per
 * listing every `intervalMs` instead of one write per request (a write per hit would cost more
 * than serving the cached page). Pending views are written on a clean shutdown (stop); at most
 * one interval of them is lost if the process dies.
 */
export class ViewCounter {
  #pending = new Map<string, number>();
  #timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly db: Db,
    intervalMs = 2000,
    private readonly log: Logger = defaultLogger(),
  ) {
    this.#timer = setInterval(() => void this.flush(), intervalMs);
    this.#timer.unref();
  }

  add(referencia: string): void {
    this.#pending.set(referencia, (this.#pending.get(referencia) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    const batch = this.#pending;
    this.#pending = new Map();
    for (const [referencia, views] of batch) {
      try {
        await recordViewByReferencia(this.db, referencia, views);
      } catch (error) {
        this.log.error({ err: error, referencia }, "Visitas: falha ao contar");
      }
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
