// Live events for open admin pages. Writers call publishEvent (a NOTIFY on the "eventos"
// channel, in their transaction so it fires on commit); each process LISTENs once per database
// and fans the events out to its connected SSE clients. On PostgreSQL the NOTIFY reaches every
// app instance; on PGlite the single process.
import { sql } from "drizzle-orm";
import type { LiveEvent } from "../../lib/realtime-constants";
import type { Database, Db, Tx } from "../db/client.server";

export const EVENTS_CHANNEL = "eventos";

/** The corretores an event concerns: the given ids without nulls or repeats. */
export function agentsOf(...ids: (number | null | undefined)[]): number[] {
  return [...new Set(ids.filter((id): id is number => typeof id === "number"))];
}

/** Announces a change to open admin pages (delivered when `db`'s transaction commits). */
export async function publishEvent(db: Db | Tx, event: LiveEvent): Promise<void> {
  const payload: LiveEvent = { type: event.type, id: event.id, agentIds: agentsOf(...event.agentIds) };
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}

type Subscriber = (event: LiveEvent) => void;

interface Hub {
  subscribers: Set<Subscriber>;
}

// One LISTEN per Database object (per process), created on first use.
const hubs = new WeakMap<Pick<Database, "listen">, Promise<Hub>>();

function parseEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof value.type !== "string" || typeof value.id !== "number") return null;
    const agentIds = Array.isArray(value.agentIds)
      ? value.agentIds.filter((id): id is number => typeof id === "number")
      : [];
    return { type: value.type, id: value.id, agentIds };
  } catch {
    return null;
  }
}

function hubFor(database: Pick<Database, "listen">): Promise<Hub> {
  let hub = hubs.get(database);
  if (!hub) {
    hub = (async () => {
      const state: Hub = { subscribers: new Set() };
      await database.listen(EVENTS_CHANNEL, (payload) => {
        const event = parseEvent(payload);
        if (!event) return;
        for (const subscriber of state.subscribers) subscriber(event);
      });
      return state;
    })();
    hub.catch(() => hubs.delete(database));
    hubs.set(database, hub);
  }
  return hub;
}

/** Receives every live event of this process until the returned function is called. */
export async function subscribeEvents(
  database: Pick<Database, "listen">,
  subscriber: Subscriber,
): Promise<() => void> {
  const hub = await hubFor(database);
  hub.subscribers.add(subscriber);
  return () => hub.subscribers.delete(subscriber);
}
