// Live events: a NOTIFY reaches every SSE connection of the process (one LISTEN, fanned out),
// filtered by who may see it, with ids and heartbeats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { publishEvent } from "./events.server";
import { visibleTo } from "./sse.server";
import { openStream } from "./test-stream.server";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const open = (user: { id: number; role: "admin" | "corretor" }, heartbeatMs?: number) =>
  openStream(database, user, heartbeatMs);

describe("SSE", () => {
  it("fans one NOTIFY out to every connection, with ids, filtered per user", async () => {
    const admin = open({ id: 1, role: "admin" });
    const mine = open({ id: 7, role: "corretor" });
    const other = open({ id: 8, role: "corretor" });
    expect(admin.response.headers.get("content-type")).toContain("text/event-stream");
    expect(admin.response.headers.get("cache-control")).toContain("no-transform");
    await Promise.all([admin.until(/conectado/), mine.until(/conectado/), other.until(/conectado/)]);
    await database.db.transaction(async (tx) => {
      await publishEvent(tx, { type: "lead-created", id: 55, agentIds: [7] });
    });
    await publishEvent(database.db, { type: "property-changed", id: 3, agentIds: [7, 8] });
    await admin.until(/event: property-changed/);
    expect(admin.text).toMatch(/id: \S+\nevent: lead-created\ndata: \{"type":"lead-created","id":55\}\n\n/);
    await mine.until(/event: property-changed/);
    expect(mine.text).toContain("event: lead-created");
    await other.until(/event: property-changed/);
    expect(other.text).not.toContain("lead-created");
    for (const c of [admin, mine, other]) c.close();
  });

  it("sends heartbeat comments", async () => {
    const conn = open({ id: 1, role: "admin" }, 50);
    await conn.until(/: heartbeat\n\n/);
    conn.close();
  });

  it("visibility rules", () => {
    expect(visibleTo({ id: 2, role: "corretor" }, { type: "lead-updated", id: 1, agentIds: [] })).toBe(false);
    expect(visibleTo({ id: 2, role: "admin" }, { type: "lead-updated", id: 1, agentIds: [] })).toBe(true);
    expect(
      visibleTo({ id: 2, role: "corretor" }, { type: "property-changed", id: 1, agentIds: [3, 2] }),
    ).toBe(true);
    expect(visibleTo({ id: 2, role: "corretor" }, { type: "property-changed", id: 1, agentIds: [3] })).toBe(
      false,
    );
  });
});
