// Booking a visit against a real database (PGlite, and PostgreSQL with TEST_ENGINE=postgres): the
// slot held by the unique index even when two bookings race (on PostgreSQL from two connection
// pools, as two app instances), the lead it makes and its automatic status, the free slots after,
// the visitor's signed link, cancel and reschedule, and the e-mails with their .ics through the
// real outbox worker and a real SMTP server.
import { and, eq, gte } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { insertProperty, insertUser, insertVisitSchedule, visitForm } from "../../../tests/support/factories";
import { startTestMail } from "../../../tests/support/mail";
import { leadContacts, leadStatusChanges, leads, outbox, visits } from "../db/schema.server";
import { subjectOf, textOf } from "../mail/test-smtp.server";
import { createOutboxWorker } from "../outbox/outbox.server";
import { EVENTS_CHANNEL } from "../realtime/events.server";
import { buildIcs, foldLine } from "./ics.server";
import { isValidVisitToken, tokenVisitId, visitToken } from "./links.server";
import {
  agentMaySeeLead,
  buildVisitEmail,
  reminderAt,
  VISIT_EMAIL_KIND,
  visitEmailHandler,
} from "./visit-emails.server";
import {
  agentFreeSlots,
  bookVisit,
  cancelVisit,
  getVisit,
  holdSlot,
  listVisits,
  type NewVisit,
  rescheduledFrom,
  rescheduleVisit,
  SLOT_TAKEN_MESSAGE,
  SlotTaken,
  upcomingVisits,
} from "./visits.server";

const SITE = "https://site.teste";
const SECRET = "segredo-de-teste-com-mais-de-32-caracteres";
const { first, second, smtp, transport, close } = await startTestMail();
afterAll(close);

const maceio = (local: string) => new Date(`${local}-03:00`);
/** A Friday morning in Maceió; the agent's slots run every day 09:00–12:00. */
const NOW = maceio("2026-11-27T08:00:00");

async function agentWithListing() {
  const agent = await insertUser(first.db, { name: "Carla Corretora" });
  await insertVisitSchedule(first.db, agent.id);
  const listing = await insertProperty(first.db, { corretorId: agent.id, titulo: "Apartamento na orla" });
  return { agent, listing };
}

describe("bookVisit", () => {
  it("books a free slot: the visit, a lead in visita_agendada with its status change, and the slot gone", async () => {
    const { agent, listing } = await agentWithListing();
    const slot = maceio("2026-11-28T10:00:00");
    const result = await bookVisit(first.db, listing.referencia, visitForm(slot), NOW);
    expect(result.status).toBe("booked");
    if (result.status !== "booked") return;
    const [lead] = await first.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(lead?.status).toBe("visita_agendada");
    expect(lead?.assigneeId).toBe(agent.id);
    expect(lead?.consentVersion).toBeTruthy();
    expect(lead?.nextActionDate).toBe("2026-11-28");
    expect(lead?.nextActionTime).toBe("10:00:00");
    const changes = await first.db
      .select({
        from: leadStatusChanges.fromStatus,
        to: leadStatusChanges.toStatus,
        user: leadStatusChanges.userId,
      })
      .from(leadStatusChanges)
      .where(eq(leadStatusChanges.leadId, result.leadId));
    expect(changes).toEqual([{ from: "novo", to: "visita_agendada", user: null }]);
    const free = await agentFreeSlots(first.db, agent.id, NOW);
    expect(free.map((d) => d.getTime())).not.toContain(slot.getTime());
    expect(free.map((d) => d.getTime())).toContain(maceio("2026-11-28T11:00:00").getTime());
    // A visitor whose page still offered it, booking after: told it was just taken, nothing stored.
    const late = await bookVisit(first.db, listing.referencia, visitForm(slot, { name: "Atrasado" }), NOW);
    expect(late).toEqual({ status: "invalid", fieldErrors: { slot: SLOT_TAKEN_MESSAGE } });
    const mine = await upcomingVisits(
      first.db,
      { id: agent.id, role: "corretor" },
      maceio("2026-11-28T07:00:00"),
    );
    expect(mine.map((v) => v.name)).toEqual(["Joana Visitante"]);
    const others = await listVisits(first.db, { id: agent.id + 1000, role: "corretor" }, { from: NOW });
    expect(others).toEqual([]);
  });

  it("two bookings of the same slot at once, from two connection pools: one wins, the other is told", async () => {
    const { agent, listing } = await agentWithListing();
    const slot = maceio("2026-11-30T09:00:00");
    const results = await Promise.all([
      bookVisit(first.db, listing.referencia, visitForm(slot), NOW),
      bookVisit(
        second.db,
        listing.referencia,
        visitForm(slot, { name: "Outra Pessoa", phone: "(82) 97777-6666", email: "outra@exemplo.com.br" }),
        NOW,
      ),
    ]);
    expect(results.filter((r) => r.status === "booked")).toHaveLength(1);
    // The other is told the slot was just taken: by the database when both found it free at once
    // ("taken"), or at the field when the winner had committed before its check ran ("invalid");
    // which one depends on the two pools' timing, the visitor reads the same message.
    const loser = results.find((r) => r.status !== "booked");
    const told =
      loser?.status === "taken"
        ? loser.message
        : loser?.status === "invalid"
          ? loser.fieldErrors.slot
          : undefined;
    expect(told).toBe(SLOT_TAKEN_MESSAGE);
    expect(SLOT_TAKEN_MESSAGE).toMatch(/^Esse horário acabou de ser reservado/);
    const rows = await first.db
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.agentId, agent.id), eq(visits.startsAt, slot)));
    expect(rows.length).toBe(1);
    // The loser left nothing: one contact about the listing, the winner's.
    const contacts = await first.db
      .select({ id: leadContacts.id })
      .from(leadContacts)
      .where(eq(leadContacts.propertyId, listing.id));
    expect(contacts.length).toBe(1);
  });

  it("the unique index itself refuses a second booked visit of the same agent and start", async () => {
    const { agent, listing } = await agentWithListing();
    const slot = maceio("2026-12-01T09:00:00");
    const row = {
      propertyId: listing.id,
      agentId: agent.id,
      startsAt: slot,
      endsAt: maceio("2026-12-01T10:00:00"),
      name: "A",
      phone: "(82) 99999-0000",
      email: "a@exemplo.com.br",
      linkKey: "k",
    };
    await first.db.insert(visits).values(row);
    await expect(first.db.insert(visits).values(row)).rejects.toThrow();
    // A cancelled one does not hold the slot.
    await first.db.update(visits).set({ status: "cancelada" }).where(eq(visits.agentId, agent.id));
    await first.db.insert(visits).values(row);
  });

  it("holds an agent's time, not only a start: a visit another booked one overlaps is refused, even from two instances at once", async () => {
    const { agent, listing } = await agentWithListing();
    const other = await insertUser(first.db, { name: "Outro Corretor" });
    const visit = (agentId: number, from: string, to: string): NewVisit => ({
      propertyId: listing.id,
      agentId,
      startsAt: maceio(`2026-12-02T${from}:00`),
      endsAt: maceio(`2026-12-02T${to}:00`),
      name: "Visitante",
      phone: "(82) 99999-0000",
      email: "v@exemplo.com.br",
    });
    const hold = (db: typeof first.db, v: NewVisit) => db.transaction((tx) => holdSlot(tx, v));
    // Pages read before the agent's slots went from 60 to 30 minutes offer 09:00 and 09:30.
    await hold(first.db, visit(agent.id, "09:00", "10:00"));
    await expect(hold(first.db, visit(agent.id, "09:30", "10:00"))).rejects.toBeInstanceOf(SlotTaken);
    await expect(hold(first.db, visit(agent.id, "08:30", "09:30"))).rejects.toBeInstanceOf(SlotTaken);
    // Right after, or another agent at the same time: free.
    await hold(first.db, visit(agent.id, "10:00", "10:30"));
    await hold(first.db, visit(other.id, "09:30", "10:00"));
    // Two instances booking overlapping times at once: one gets in.
    const both = await Promise.allSettled([
      hold(first.db, visit(agent.id, "14:00", "15:00")),
      hold(second.db, visit(agent.id, "14:30", "15:00")),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const afternoon = await first.db
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.agentId, agent.id), gte(visits.startsAt, maceio("2026-12-02T14:00:00"))));
    expect(afternoon).toHaveLength(1);
  });

  it("refuses, at the field, a slot that is past, blocked or not offered, and missing contact data", async () => {
    const { agent, listing } = await agentWithListing();
    const past = await bookVisit(first.db, listing.referencia, visitForm(maceio("2026-11-26T10:00:00")), NOW);
    expect(past).toMatchObject({
      status: "invalid",
      fieldErrors: { slot: expect.stringContaining("não está mais disponível") },
    });
    const odd = await bookVisit(first.db, listing.referencia, visitForm(maceio("2026-11-28T10:17:00")), NOW);
    expect(odd.status).toBe("invalid");
    await insertVisitSchedule(first.db, null, { blockedDates: ["2026-12-02"] }).catch(() => undefined);
    const blocked = await bookVisit(
      first.db,
      listing.referencia,
      visitForm(maceio("2026-12-02T10:00:00")),
      NOW,
    );
    expect(blocked.status).toBe("invalid");
    const noEmail = await bookVisit(
      first.db,
      listing.referencia,
      visitForm(maceio("2026-11-28T09:00:00"), { email: "", consent: "" }),
      NOW,
    );
    expect(noEmail).toMatchObject({
      status: "invalid",
      fieldErrors: { email: expect.stringContaining("e-mail"), consent: expect.any(String) },
    });
    expect(await listVisits(first.db, { id: agent.id, role: "corretor" }, { from: NOW })).toEqual([]);
    expect(
      (await bookVisit(first.db, "NAO-EXISTE", visitForm(maceio("2026-11-28T09:00:00")), NOW)).status,
    ).toBe("not-found");
  });
});

describe("the visitor's link, cancel and reschedule", () => {
  it("signs the link per visit; cancel frees the slot; reschedule moves it", async () => {
    const { agent, listing } = await agentWithListing();
    // Lia already has a card, with another agent: she booked a visit to that agent's listing first.
    const lia = { name: "Lia Visitante", phone: "(82) 98111-2233", email: "lia@exemplo.com.br" };
    const other = await agentWithListing();
    const earlier = await bookVisit(
      first.db,
      other.listing.referencia,
      visitForm(maceio("2026-12-01T09:00:00"), lia),
      NOW,
    );
    expect(earlier).toMatchObject({ status: "booked" });
    const slot = maceio("2026-12-03T09:00:00");
    const booked = await bookVisit(first.db, listing.referencia, visitForm(slot, lia), NOW);
    if (booked.status !== "booked") throw new Error(booked.status);
    const visit = await getVisit(first.db, booked.visitId);
    if (!visit) throw new Error("no visit");
    const token = visitToken(visit.id, visit.linkKey, SECRET);
    expect(tokenVisitId(token)).toBe(visit.id);
    expect(isValidVisitToken(token, visit.id, visit.linkKey, SECRET)).toBe(true);
    expect(isValidVisitToken(token, visit.id, visit.linkKey, "outro-segredo")).toBe(false);
    expect(isValidVisitToken(token, visit.id, "outra-chave", SECRET)).toBe(false);
    expect(tokenVisitId(`${visit.id}.curto`)).toBeNull();

    // The agent's open screens hear each change, and what it was (the browser notices: decision 050).
    const heard: { type: string; id: number; agentIds: number[] }[] = [];
    const unlisten = await first.listen(EVENTS_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
    const moved = await rescheduleVisit(first.db, visit.id, maceio("2026-12-03T11:00:00").toISOString(), NOW);
    expect(moved.status).toBe("ok");
    if (moved.status !== "ok") return;
    expect((await getVisit(first.db, visit.id))?.status).toBe("cancelada");
    const free = (await agentFreeSlots(first.db, agent.id, NOW)).map((d) => d.getTime());
    expect(free).toContain(slot.getTime());
    expect(free).not.toContain(maceio("2026-12-03T11:00:00").getTime());
    expect(await cancelVisit(first.db, visit.id, NOW)).toEqual({ status: "gone" });
    expect(await cancelVisit(first.db, moved.visitId, NOW)).toEqual({ status: "ok", visitId: moved.visitId });
    try {
      await expect.poll(() => heard.map((e) => e.type)).toContain("lead-visit-cancelled");
    } finally {
      await unlisten();
    }
    // The card is the other agent's: this visit's e-mail to its agent links no lead it cannot open.
    const movedVisit = await getVisit(first.db, moved.visitId);
    if (!movedVisit || earlier.status !== "booked") throw new Error("sem visita");
    expect(await agentMaySeeLead(first.db, movedVisit)).toBe(false);
    expect(await agentMaySeeLead(first.db, (await getVisit(first.db, earlier.visitId))!)).toBe(true);
    const toThisAgent = buildVisitEmail(
      movedVisit,
      { visitId: movedVisit.id, type: "cancelamento", recipient: "corretor" },
      {
        publicUrl: SITE,
        secret: SECRET,
        agencyName: "Imobiliária",
        now: NOW,
        leadVisible: false,
        rescheduledFrom: await rescheduledFrom(first.db, movedVisit.id),
      },
    );
    expect(toThisAgent?.text).not.toContain("/admin/leads/");
    const toCardsAgent = buildVisitEmail(
      movedVisit,
      { visitId: movedVisit.id, type: "cancelamento", recipient: "corretor" },
      {
        publicUrl: SITE,
        secret: SECRET,
        agencyName: "Imobiliária",
        now: NOW,
        leadVisible: true,
        rescheduledFrom: await rescheduledFrom(first.db, movedVisit.id),
      },
    );
    expect(toCardsAgent?.text).toContain(`/admin/leads/${booked.leadId}`);
    // The person's card is with the other agent (one card per person): both hear of it.
    const [card] = await first.db
      .select({ assigneeId: leads.assigneeId })
      .from(leads)
      .where(eq(leads.id, booked.leadId));
    expect(card?.assigneeId).toBe(other.agent.id);
    const toAgent = { id: booked.leadId, agentIds: [other.agent.id, agent.id] };
    expect(heard).toEqual([
      { type: "lead-updated", ...toAgent },
      { type: "lead-visit-booked", ...toAgent },
      { type: "lead-updated", ...toAgent },
      { type: "lead-visit-cancelled", ...toAgent },
    ]);
    expect((await agentFreeSlots(first.db, agent.id, NOW)).map((d) => d.getTime())).toContain(
      maceio("2026-12-03T11:00:00").getTime(),
    );
  });
});

/** Unfolds an .ics and reads its properties (name → value), as a calendar would. */
function parseIcs(text: string): Map<string, string> {
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  const props = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    props.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return props;
}

/** The .ics attached to a message, decoded and read. */
function attachedIcs(raw: string): Map<string, string> {
  const attachment = /Content-Type: text\/calendar[\s\S]*?\r\n\r\n([\s\S]*?)\r\n--/.exec(raw)?.[1] ?? "";
  const ics = Buffer.from(attachment.replace(/\s+/g, ""), "base64").toString("utf8");
  return parseIcs(ics.includes("BEGIN:VCALENDAR") ? ics : textOf(attachment));
}

/** A calendar app's events by UID, with their SEQUENCE and start. */
type Calendar = Map<string, { sequence: number; start: string }>;

/**
 * A calendar app taking in an attached .ics as RFC 5546 has it: a file whose SEQUENCE is not lower
 * than the held event's replaces it, a CANCEL removes it.
 */
function receiveInCalendar(calendar: Calendar, ics: Map<string, string>) {
  const uid = ics.get("UID") ?? "";
  const sequence = Number(ics.get("SEQUENCE"));
  const held = calendar.get(uid);
  if (held && sequence < held.sequence) return;
  if (ics.get("METHOD") === "CANCEL") calendar.delete(uid);
  else calendar.set(uid, { sequence, start: ics.get("DTSTART") ?? "" });
}

const unescapeText = (value: string) =>
  value.replace(/\\n/g, "\n").replace(/\\,/g, ",").replace(/\\;/g, ";").replace(/\\\\/g, "\\");

describe("the .ics invitation", () => {
  it("folds at 75 octets with CRLF, escapes text, gives UTC times, and reads back the same", () => {
    const description =
      "Visita com Conceição; traga documento, por favor.\nLink: https://site.teste/visita/1.abc ".repeat(3);
    const ics = buildIcs({
      uid: "visita-1@site.teste",
      stamp: new Date("2026-11-27T11:00:00Z"),
      start: maceio("2026-12-04T10:00:00"),
      end: maceio("2026-12-04T11:00:00"),
      summary: "Visita: Apartamento na orla (AP0042)",
      description,
      location: "Ponta Verde, Maceió",
      sequence: 0,
    });
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    const props = parseIcs(ics);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(props.get("VERSION")).toBe("2.0");
    expect(props.get("UID")).toBe("visita-1@site.teste");
    expect(props.get("DTSTAMP")).toBe("20261127T110000Z");
    expect(props.get("DTSTART")).toBe("20261204T130000Z");
    expect(props.get("DTEND")).toBe("20261204T140000Z");
    expect(unescapeText(props.get("DESCRIPTION") ?? "")).toBe(description);
    expect(unescapeText(props.get("LOCATION") ?? "")).toBe("Ponta Verde, Maceió");
  });

  it("never splits a character when folding", () => {
    const folded = foldLine(`DESCRIPTION:${"ção".repeat(40)}`);
    for (const part of folded.split("\r\n")) {
      expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
      expect(part).not.toContain("\uFFFD");
    }
    expect(folded.replace(/\r\n /g, "")).toBe(`DESCRIPTION:${"ção".repeat(40)}`);
  });
});

describe("the visit's e-mails", () => {
  it("the confirmation reaches the visitor and the agent with the .ics; the reminder waits for the day before", async () => {
    const { agent, listing } = await agentWithListing();
    const slot = maceio("2026-12-04T10:00:00");
    const booked = await bookVisit(
      first.db,
      listing.referencia,
      visitForm(slot, { email: "visitante-ics@exemplo.com.br" }),
      NOW,
    );
    if (booked.status !== "booked") throw new Error(booked.status);
    const rows = await first.db.select().from(outbox).where(eq(outbox.kind, VISIT_EMAIL_KIND));
    const reminder = rows.find((r) => r.payload.visitId === booked.visitId && r.payload.type === "lembrete");
    expect(reminder?.nextAttemptAt.toISOString()).toBe(reminderAt(slot).toISOString());
    expect(reminderAt(slot).toISOString()).toBe(maceio("2026-12-03T09:00:00").toISOString());

    const run = (now: Date) =>
      createOutboxWorker({
        database: first,
        now: () => now,
        handlers: {
          [VISIT_EMAIL_KIND]: visitEmailHandler(first.db, transport, SITE, {
            secret: SECRET,
            now: () => now,
          }),
          // Lead e-mails of the same booking are another suite's; here they just leave the queue.
          "lead-email": async () => "skip",
        },
        pollIntervalMs: 600_000,
        log: () => {},
      }).runOnce();
    const before = smtp.received.length;
    await run(NOW);
    const sent = smtp.received.slice(before);
    const toVisitor = sent.find((m) => m.to.includes("visitante-ics@exemplo.com.br"));
    const toAgent = sent.find((m) => m.to.includes(agent.email));
    expect(toVisitor).toBeDefined();
    expect(toAgent).toBeDefined();
    const visitorText = textOf(toVisitor?.raw ?? "");
    expect(visitorText).toContain("Visita confirmada");
    expect(visitorText).toMatch(/text\/calendar/);
    expect(visitorText).toContain("visita.ics");
    const visit = await getVisit(first.db, booked.visitId);
    const link = `${SITE}/visita/${visitToken(booked.visitId, visit?.linkKey ?? "", SECRET)}`;
    expect(visitorText).toContain(link);
    // The attachment, decoded, is the invitation.
    const props = attachedIcs(toVisitor?.raw ?? "");
    expect(props.get("DTSTART")).toBe("20261204T130000Z");
    expect(props.get("UID")).toBe(`visita-${booked.visitId}@site.teste`);
    // Not yet this visit's reminder; then on the day before it goes.
    const isThisVisitor = (m: { to: string[] }) => m.to.includes("visitante-ics@exemplo.com.br");
    expect(sent.filter((m) => isThisVisitor(m) && textOf(m.raw).includes("Lembrete")).length).toBe(0);
    const beforeReminder = smtp.received.length;
    await run(maceio("2026-12-03T09:01:00"));
    const reminders = smtp.received.slice(beforeReminder).filter(isThisVisitor);
    expect(reminders.length).toBe(1);
    expect(textOf(reminders[0]?.raw ?? "")).toContain("sua visita a Apartamento na orla");
  });

  it("a reminder that could only go out on the visit's day (the worker was down) is not sent", async () => {
    const { listing } = await agentWithListing();
    const slot = maceio("2026-12-07T11:00:00");
    const booked = await bookVisit(
      first.db,
      listing.referencia,
      visitForm(slot, { email: "atrasado@exemplo.com.br" }),
      NOW,
    );
    if (booked.status !== "booked") throw new Error(booked.status);
    const onTheDay = maceio("2026-12-07T08:00:00");
    const start = smtp.received.length;
    await createOutboxWorker({
      database: first,
      now: () => onTheDay,
      handlers: {
        [VISIT_EMAIL_KIND]: visitEmailHandler(first.db, transport, SITE, {
          secret: SECRET,
          now: () => onTheDay,
        }),
        "lead-email": async () => "skip",
      },
      pollIntervalMs: 600_000,
      log: () => {},
    }).runOnce();
    const toVisitor = smtp.received.slice(start).filter((m) => m.to.includes("atrasado@exemplo.com.br"));
    // The confirmation still goes (the visit is later today), "é amanhã" does not.
    expect(toVisitor.map((m) => textOf(m.raw).includes("Lembrete"))).toEqual([false]);
  });

  it("a cancelled visit's reminder sends nothing; the cancellation tells both", async () => {
    const { listing } = await agentWithListing();
    const slot = maceio("2026-12-05T10:00:00");
    const booked = await bookVisit(
      first.db,
      listing.referencia,
      visitForm(slot, { email: "cancela@exemplo.com.br" }),
      NOW,
    );
    if (booked.status !== "booked") throw new Error(booked.status);
    await cancelVisit(first.db, booked.visitId, NOW);
    const start = smtp.received.length;
    await createOutboxWorker({
      database: first,
      now: () => maceio("2026-12-04T10:00:00"),
      handlers: {
        [VISIT_EMAIL_KIND]: visitEmailHandler(first.db, transport, SITE, {
          secret: SECRET,
          now: () => maceio("2026-12-04T10:00:00"),
        }),
        "lead-email": async () => "skip",
      },
      pollIntervalMs: 600_000,
      log: () => {},
    }).runOnce();
    const mine = smtp.received.slice(start).filter((m) => m.to.includes("cancela@exemplo.com.br"));
    // Only the cancellation: the confirmation not yet sent and the reminder are dropped.
    expect(mine.length).toBe(1);
    expect(textOf(mine[0]?.raw ?? "")).toContain("foi cancelada");
  });

  it('a reschedule moves the event in both calendars and says "remarcada" with both times, however many times it moves', async () => {
    const { agent, listing } = await agentWithListing();
    const visitor = "remarca@exemplo.com.br";
    const calendars: { visitor: Calendar; agent: Calendar } = { visitor: new Map(), agent: new Map() };
    /** Runs the outbox at NOW: this visit's messages, each attachment taken in by its reader's calendar. */
    const deliver = async () => {
      const start = smtp.received.length;
      await createOutboxWorker({
        database: first,
        now: () => NOW,
        handlers: {
          [VISIT_EMAIL_KIND]: visitEmailHandler(first.db, transport, SITE, {
            secret: SECRET,
            now: () => NOW,
          }),
          "lead-email": async () => "skip",
        },
        pollIntervalMs: 600_000,
        log: () => {},
      }).runOnce();
      const sent = smtp.received.slice(start);
      const toVisitor = sent.filter((m) => m.to.includes(visitor));
      const toAgent = sent.filter((m) => m.to.includes(agent.email));
      // One message each: the old visit's cancellation is not sent besides the new one's confirmation.
      expect(toVisitor).toHaveLength(1);
      expect(toAgent).toHaveLength(1);
      const [v, a] = [toVisitor[0]?.raw ?? "", toAgent[0]?.raw ?? ""];
      receiveInCalendar(calendars.visitor, attachedIcs(v));
      receiveInCalendar(calendars.agent, attachedIcs(a));
      return {
        visitor: { subject: subjectOf(v), text: textOf(v), ics: attachedIcs(v) },
        agent: { subject: subjectOf(a), text: textOf(a), ics: attachedIcs(a) },
      };
    };
    const starts = (calendar: Calendar) => [...calendar.values()].map((e) => e.start);

    const booked = await bookVisit(
      first.db,
      listing.referencia,
      visitForm(maceio("2026-12-08T10:00:00"), { email: visitor }),
      NOW,
    );
    if (booked.status !== "booked") throw new Error(booked.status);
    const uid = `visita-${booked.visitId}@site.teste`;
    const confirmed = await deliver();
    expect(confirmed.visitor.subject).toBe("Visita confirmada: Terça, 08/12/2026 às 10:00");
    expect(confirmed.agent.subject).toBe("Nova visita agendada: Terça, 08/12/2026 às 10:00");
    expect(starts(calendars.visitor)).toEqual(["20261208T130000Z"]);

    const moved = await rescheduleVisit(
      first.db,
      booked.visitId,
      maceio("2026-12-08T11:00:00").toISOString(),
      NOW,
    );
    if (moved.status !== "ok") throw new Error(moved.status);
    const once = await deliver();
    for (const ics of [once.visitor.ics, once.agent.ics]) {
      // The same event, changed once: calendars move it rather than add one.
      expect(ics.get("UID")).toBe(uid);
      expect(ics.get("SEQUENCE")).toBe("1");
      expect(ics.get("METHOD")).toBe("PUBLISH");
      expect(ics.get("DTSTART")).toBe("20261208T140000Z");
    }
    expect(once.visitor.subject).toBe("Visita remarcada: Terça, 08/12/2026 às 11:00");
    expect(once.visitor.text).toContain(
      "foi remarcada de Terça, 08/12/2026 às 10:00 para Terça, 08/12/2026 às 11:00",
    );
    expect(once.agent.subject).toBe("Visita remarcada: Terça, 08/12/2026 às 11:00");
    expect(once.agent.text).toContain("O visitante remarcou a visita");
    expect(once.agent.text).toContain("Horário anterior: Terça, 08/12/2026 às 10:00");
    expect(once.agent.text).toContain("Novo horário: Terça, 08/12/2026 às 11:00");
    expect(starts(calendars.visitor)).toEqual(["20261208T140000Z"]);
    expect(starts(calendars.agent)).toEqual(["20261208T140000Z"]);

    // Moved again, from the new visit's link: still the first booking's event, one change more.
    const again = await rescheduleVisit(
      first.db,
      moved.visitId,
      maceio("2026-12-09T09:00:00").toISOString(),
      NOW,
    );
    if (again.status !== "ok") throw new Error(again.status);
    const twice = await deliver();
    expect([twice.visitor.ics.get("UID"), twice.visitor.ics.get("SEQUENCE")]).toEqual([uid, "2"]);
    expect(twice.visitor.text).toContain(
      "remarcada de Terça, 08/12/2026 às 11:00 para Quarta, 09/12/2026 às 09:00",
    );
    expect(twice.agent.text).toContain("Horário anterior: Terça, 08/12/2026 às 11:00");
    expect(starts(calendars.visitor)).toEqual(["20261209T120000Z"]);
    expect(starts(calendars.agent)).toEqual(["20261209T120000Z"]);

    // Then cancelled: the same event, removed from both calendars.
    await cancelVisit(first.db, again.visitId, NOW);
    const cancelled = await deliver();
    expect(cancelled.visitor.subject).toBe("Visita cancelada: Quarta, 09/12/2026 às 09:00");
    expect([cancelled.agent.ics.get("UID"), cancelled.agent.ics.get("SEQUENCE")]).toEqual([uid, "3"]);
    expect(calendars.visitor.size).toBe(0);
    expect(calendars.agent.size).toBe(0);
  });
});
