// Live events: a NOTIFY reaches every SSE connection of the process (one LISTEN, fanned out),
// filtered by who may see it, with ids and heartbeats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { publishEvent } from "./events.server";
import { eventStreamResponse, visibleTo } from "./sse.server";
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

  it("follows the session: a demoted admin stops hearing others' events, a session that ended closes the stream", async () => {
    let now: { id: number; role: "admin" | "corretor" } | null = { id: 1, role: "admin" };
    const controller = new AbortController();
    const response = eventStreamResponse(
      new Request("http://localhost/admin/eventos", { signal: controller.signal }),
      database,
      { id: 1, role: "admin" },
      { heartbeatMs: 30, recheck: async () => now },
    );
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const chunk = await reader.read();
        if (chunk.done) return "fechado";
        text += decoder.decode(chunk.value, { stream: true });
      }
      return "lido";
    };
    await readUntil(/conectado/);
    await database.db.transaction((tx) => publishEvent(tx, { type: "lead-updated", id: 70, agentIds: [9] }));
    await readUntil(/"id":70/);
    // Demoted to corretor: another agent's lead is no longer theirs to hear of; their own is.
    now = { id: 1, role: "corretor" };
    const beats = (text.match(/heartbeat/g) ?? []).length;
    await readUntil(new RegExp(`(heartbeat[\\s\\S]*){${beats + 1}}`));
    await database.db.transaction((tx) => publishEvent(tx, { type: "lead-updated", id: 71, agentIds: [9] }));
    await database.db.transaction((tx) => publishEvent(tx, { type: "lead-updated", id: 72, agentIds: [1] }));
    await readUntil(/"id":72/);
    expect(text).not.toContain('"id":71');
    // Signed out: the stream ends at the next heartbeat.
    now = null;
    expect(await readUntil(/nunca/)).toBe("fechado");
    controller.abort();
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
