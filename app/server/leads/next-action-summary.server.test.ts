// The daily summary of next actions against a real database, the real outbox worker and a real
// SMTP server (smtp-server, in-process), on a clock the test sets: from the configured hour, one
// e-mail per agent with something due and Maceió day — none for an agent with nothing due, never a
// second one that day, even from two app instances at once (on PostgreSQL, two connection pools).
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { insertLead, insertProperty, insertUser } from "../../../tests/support/factories";
import { startTestMail } from "../../../tests/support/mail";
import { nextActionSummaries, outbox } from "../db/schema.server";
import { textOf } from "../mail/test-smtp.server";
import { createOutboxWorker } from "../outbox/outbox.server";
import { changeLeadStatus } from "./inbox.server";
import {
  buildNextActionSummary,
  enqueueNextActionSummaries,
  NEXT_ACTION_SUMMARY_KIND,
  nextActionSummaryHandler,
} from "./next-action-summary.server";

const SITE = "https://site.teste";
const { first, second, smtp, transport, close } = await startTestMail();
afterAll(close);

/** An instant given in Maceió's wall-clock time (UTC−3). */
const maceio = (local: string) => new Date(`${local}-03:00`);

/** The worker claims rows by the real clock (they were written by it); the summary reads `now`. */
function worker(now: Date) {
  return createOutboxWorker({
    database: first,
    handlers: {
      [NEXT_ACTION_SUMMARY_KIND]: nextActionSummaryHandler(first.db, transport, SITE, { now: () => now }),
    },
    pollIntervalMs: 600_000,
    log: () => {},
  });
}

async function summariesOf(userId: number, day: string) {
  const rows = await first.db
    .select()
    .from(nextActionSummaries)
    .where(and(eq(nextActionSummaries.userId, userId), eq(nextActionSummaries.day, day)));
  const messages = (
    await first.db.select().from(outbox).where(eq(outbox.kind, NEXT_ACTION_SUMMARY_KIND))
  ).filter((row) => row.payload.userId === userId && row.payload.day === day);
  return { rows, messages };
}

const mailTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

describe("the daily summary", () => {
  it("goes from 07:00 to each agent with something due, once a day even from two instances", async () => {
    const ana = await insertUser(first.db, { name: "Ana Souza" });
    const bia = await insertUser(first.db, { name: "Bia Lima" });
    const gone = await insertUser(first.db, { name: "Caio Saiu", active: false });
    const admin = await insertUser(first.db, { name: "Dora Admin", role: "admin" });
    const listing = await insertProperty(first.db, { corretorId: ana.id, referencia: "AP0701" });
    await insertLead(first.db, {
      name: "Marcos Atrasado",
      assigneeId: ana.id,
      propertyId: listing.id,
      nextActionDate: "2026-09-01",
      nextActionTime: "16:00",
      nextAction: "Ligar para falar do financiamento",
    });
    // Unassigned on Ana's listing: hers too.
    await insertLead(first.db, {
      name: "Rita Hoje",
      propertyId: listing.id,
      nextActionDate: "2026-09-02",
      nextActionTime: "15:30",
      nextAction: "Enviar as fotos da varanda",
    });
    await insertLead(first.db, {
      name: "Lead da Bia para amanhã",
      assigneeId: bia.id,
      nextActionDate: "2026-09-03",
      nextAction: "Visitar",
    });
    await insertLead(first.db, {
      name: "Lead de quem saiu",
      assigneeId: gone.id,
      nextActionDate: "2026-09-01",
      nextAction: "x",
    });
    // Unassigned on the listing of a corretor who left: nobody's too (no active agent to see it).
    const goneListing = await insertProperty(first.db, { corretorId: gone.id, referencia: "AP0702" });
    await insertLead(first.db, {
      name: "Telma do Portal",
      propertyId: goneListing.id,
      nextActionDate: "2026-09-02",
      nextAction: "Fazer o primeiro contato",
    });
    // Nobody's (no assignee, no listing): an administrator's summary lists it.
    await insertLead(first.db, {
      name: "Sônia do Formulário",
      nextActionDate: "2026-09-02",
      nextAction: "Fazer o primeiro contato",
    });

    expect(await enqueueNextActionSummaries(first.db, maceio("2026-09-02T06:59:59"), 7)).toBe(0);
    expect((await summariesOf(ana.id, "2026-09-02")).rows).toEqual([]);

    // Two instances poll in the same second.
    const seven = maceio("2026-09-02T07:00:00");
    const [one, other] = await Promise.all([
      enqueueNextActionSummaries(first.db, seven, 7),
      enqueueNextActionSummaries(second.db, seven, 7),
    ]);
    expect(one + other).toBeGreaterThanOrEqual(2);
    for (const [user, sent] of [
      [ana, 1],
      [admin, 1],
      [bia, 0],
    ] as const) {
      const { rows, messages } = await summariesOf(user.id, "2026-09-02");
      expect(rows, user.name).toHaveLength(1);
      expect(messages, user.name).toHaveLength(sent);
      expect(rows[0]?.outboxId ?? null).toBe(messages[0]?.id ?? null);
    }
    expect((await summariesOf(gone.id, "2026-09-02")).rows).toEqual([]);
    // Later polls that day write nothing more.
    expect(await enqueueNextActionSummaries(second.db, maceio("2026-09-02T15:00:00"), 7)).toBe(0);

    smtp.received.length = 0;
    const sent = await worker(maceio("2026-09-02T07:00:05")).runOnce();
    expect(sent.failed).toBe(0);
    expect(mailTo(bia.email)).toEqual([]);
    expect(mailTo(gone.email)).toEqual([]);
    const [toAna] = mailTo(ana.email);
    expect(mailTo(ana.email)).toHaveLength(1);
    const text = textOf(toAna?.raw ?? "");
    expect(text).toMatch(/^Subject: .*Pr.*ximas/m);
    expect(text).toContain("Olá, Ana.");
    expect(text).toContain("Estas são as suas próximas ações em 02/09/2026.");
    expect(text).toContain("Atrasadas (1):");
    expect(text).toContain(
      "- Marcos Atrasado (AP0701) — Ligar para falar do financiamento (era para 01/09/2026 às 16:00)",
    );
    expect(text).toContain("Para hoje (1):");
    expect(text).toContain("- Rita Hoje (AP0701) — Enviar as fotos da varanda (hoje às 15:30)");
    expect(text).toMatch(new RegExp(`${SITE}/admin/leads/\\d+`));
    expect(text).toContain(`${SITE}/admin/leads?acao=atrasadas`);
    expect(text).not.toContain("Sônia");
    expect(text).not.toContain("Lead da Bia");

    const adminText = textOf(mailTo(admin.email)[0]?.raw ?? "");
    expect(adminText).toContain("Sem responsável — Para hoje");
    expect(adminText).toContain("- Sônia do Formulário — Fazer o primeiro contato (hoje)");
    expect(adminText).toContain("- Telma do Portal (AP0702) — Fazer o primeiro contato (hoje)");
    expect(adminText).not.toContain("Marcos");

    // The next day: a new summary for what is due then.
    const nextDay = maceio("2026-09-03T07:10:00");
    expect(await enqueueNextActionSummaries(first.db, nextDay, 7)).toBeGreaterThanOrEqual(3);
    expect((await summariesOf(bia.id, "2026-09-03")).messages).toHaveLength(1);
    expect((await summariesOf(ana.id, "2026-09-03")).messages).toHaveLength(1);
  });

  it("waits for the configured hour, and sends none when it is off", async () => {
    const eve = await insertUser(first.db, { name: "Eva Nove" });
    await insertLead(first.db, { assigneeId: eve.id, nextActionDate: "2026-10-05", nextAction: "Ligar" });
    expect(await enqueueNextActionSummaries(first.db, maceio("2026-10-05T08:59:00"), 9)).toBe(0);
    expect(await enqueueNextActionSummaries(first.db, maceio("2026-10-05T23:00:00"), null)).toBe(0);
    expect((await summariesOf(eve.id, "2026-10-05")).rows).toEqual([]);
    expect(
      await enqueueNextActionSummaries(first.db, maceio("2026-10-05T09:00:00"), 9),
    ).toBeGreaterThanOrEqual(1);
    expect((await summariesOf(eve.id, "2026-10-05")).messages).toHaveLength(1);
  });

  it("is dropped when its day is over unsent, or when nothing is due any more", async () => {
    const fabio = await insertUser(first.db, { name: "Fábio Tarde" });
    const lead = await insertLead(first.db, {
      assigneeId: fabio.id,
      nextActionDate: "2026-11-10",
      nextAction: "Ligar",
    });
    await enqueueNextActionSummaries(first.db, maceio("2026-11-10T07:00:00"), 7);
    const [queued] = (await summariesOf(fabio.id, "2026-11-10")).messages;
    if (!queued) throw new Error("resumo não enfileirado");
    const handler = (now: Date) => nextActionSummaryHandler(first.db, transport, SITE, { now: () => now });
    smtp.received.length = 0;
    // The SMTP server was down all day: at 00:00 the next day it is tomorrow's summary that counts.
    expect(await handler(maceio("2026-11-11T00:00:00"))(queued)).toBe("skip");
    // The lead was closed since it was queued: nothing left to say.
    expect(await changeLeadStatus(first.db, { id: fabio.id, role: "corretor" }, lead.id, "fechado")).toBe(
      true,
    );
    expect(await handler(maceio("2026-11-10T08:00:00"))(queued)).toBe("skip");
    expect(smtp.received).toEqual([]);
  });

  it("is queued and sent by the outbox worker's own poll (no timer of its own)", async () => {
    const gil = await insertUser(first.db, { name: "Gil Poll" });
    await insertLead(first.db, {
      assigneeId: gil.id,
      nextActionDate: "2026-12-01",
      nextAction: "Ligar para Gil",
    });
    const now = maceio("2026-12-01T07:30:00");
    const polling = createOutboxWorker({
      database: first,
      handlers: {
        [NEXT_ACTION_SUMMARY_KIND]: nextActionSummaryHandler(first.db, transport, SITE, { now: () => now }),
      },
      scheduled: () => enqueueNextActionSummaries(first.db, now, 7),
      pollIntervalMs: 600_000,
      log: () => {},
    });
    smtp.received.length = 0;
    await polling.start();
    try {
      await expect.poll(() => mailTo(gil.email).length, { timeout: 15_000 }).toBe(1);
    } finally {
      await polling.stop();
    }
    expect(textOf(mailTo(gil.email)[0]?.raw ?? "")).toContain("Ligar para Gil (hoje)");
  });

  it("subject counts both sections in Portuguese", () => {
    const empty = { overdue: [], today: [], overdueCount: 0, todayCount: 0 };
    const mail = buildNextActionSummary(
      {
        agentName: "Ana",
        own: { ...empty, overdueCount: 1 },
        unassigned: { ...empty, todayCount: 2 },
        day: "2026-03-25",
        inboxQuery: "",
      },
      SITE,
    );
    expect(mail.subject).toBe("Próximas ações: 1 atrasada, 2 para hoje");
    expect(
      buildNextActionSummary(
        {
          agentName: "Ana",
          own: { ...empty, todayCount: 1 },
          unassigned: null,
          day: "2026-03-25",
          inboxQuery: "",
        },
        SITE,
      ).subject,
    ).toBe("Próximas ações: nenhuma atrasada, 1 para hoje");
  });
});
