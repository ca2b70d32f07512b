// The painel's median first-response time per agent (real database): business time, the last
// 30 days, recorded calls left out, and a corretor sees only their own line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertLead } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import type { Actor } from "../leads/inbox.server";
import { responseTimes } from "./response-times.server";

let database: Database;
let admin: Actor;
let ana: Actor;
let bruno: Actor;
const local = (text: string) => new Date(`${text}:00-03:00`);
const NOW = local("2026-03-20T12:00");

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createActor(database.db, "admin");
  ana = await createActor(database.db, "corretor");
  bruno = await createActor(database.db, "corretor");
  const answered = (agent: Actor, assigned: string, answered: string, origin: "zap" | "telefone" = "zap") =>
    insertLead(database.db, {
      origin,
      assigneeId: agent.id,
      createdAt: local(assigned),
      assignedAt: local(assigned),
      firstResponseAt: local(answered),
      firstResponseById: agent.id,
    });
  // Ana: 10, 30 and 50 business minutes (the last one arrived on Friday evening) → median 30.
  await answered(ana, "2026-03-16T09:00", "2026-03-16T09:10");
  await answered(ana, "2026-03-17T14:00", "2026-03-17T14:30");
  await answered(ana, "2026-03-13T20:00", "2026-03-14T08:50");
  // Bruno: 20, 40 and 60 → median 40; his older lead (over 30 days) and a recorded call do not count.
  await answered(bruno, "2026-03-18T10:00", "2026-03-18T10:20");
  await answered(bruno, "2026-03-18T15:00", "2026-03-18T16:00");
  // Answered in 40 minutes, then handed to Ana at 11:00: still 40, not 0.
  await insertLead(database.db, {
    origin: "zap",
    assigneeId: ana.id,
    createdAt: local("2026-03-19T09:00"),
    assignedAt: local("2026-03-19T11:00"),
    firstResponseAt: local("2026-03-19T09:40"),
    firstResponseById: bruno.id,
  });
  await answered(bruno, "2026-01-05T10:00", "2026-01-05T18:00");
  await answered(bruno, "2026-03-19T10:00", "2026-03-19T10:00", "telefone");
  // Unanswered: nothing to measure.
  await insertLead(database.db, { assigneeId: ana.id, assignedAt: local("2026-03-19T10:00") });
});
afterAll(async () => {
  await database.close();
});

describe("responseTimes", () => {
  it("gives an admin every agent's median in business minutes over the last 30 days", async () => {
    const rows = await responseTimes(database.db, admin, NOW);
    expect(rows.map((r) => [r.agentId, r.answered, r.medianMinutes])).toEqual([
      [ana.id, 3, 30],
      [bruno.id, 3, 40],
    ]);
  });

  it("gives a corretor their own line only", async () => {
    expect((await responseTimes(database.db, bruno, NOW)).map((r) => r.agentId)).toEqual([bruno.id]);
  });
});
