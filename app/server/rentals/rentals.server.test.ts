// Temporada on both engines (TEST_ENGINE=postgres runs it on PostgreSQL): booking requests through
// the lead form, the agent's answer, two overlapping confirmations from two app instances, blocked
// nights, and the guest's e-mail through the outbox to a real SMTP server.
import { desc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createActor, insertProperty, rentalTermsInput } from "../../../tests/support/factories";
import { startTestMail } from "../../../tests/support/mail";
import { getDataVersion } from "../cache/data-version.server";
import { leadContacts, leads, outbox, properties, rentalBookings, rentalNights } from "../db/schema.server";
import { submitLeadForm } from "../leads/capture.server";
import { BOOKING_NOT_YOURS, runLeadIntent } from "../leads/lead-intents.server";
import { createOutboxWorker } from "../outbox/outbox.server";
import type { Actor } from "../properties/access.server";
import { BOOKING_EMAIL_KIND, bookingEmailHandler } from "./booking-email.server";
import {
  answerBookingRequest,
  blockNights,
  bookingRequestsOf,
  cancelBooking,
  listingCalendar,
  recordBooking,
  saveRentalTerms,
  takenNights,
  unblockNights,
} from "./rentals.server";

let admin: Actor;
let propertyId: number;
const NOW = new Date("2026-11-27T15:00:00Z");
const PAYMENT = "PIX: 12.345.678/0001-90 (CNPJ). Sinal de 30 % para garantir a reserva.";
const {
  first: a,
  second: b,
  smtp,
  transport,
  close,
} = await startTestMail({ email: "contato@agencia-teste.com.br", rentalPaymentText: PAYMENT });
afterAll(close);

beforeAll(async () => {
  admin = await createActor(a.db, "admin");
  propertyId = (
    await insertProperty(a.db, {
      referencia: "CA0900",
      titulo: "Casa pé na areia em Maragogi",
      tipo: "casa",
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: 900,
      periodoAluguel: "diaria",
      bairro: "Centro",
      cidade: "Maragogi",
      quartos: 4,
    })
  ).id;
  await saveRentalTerms(
    a.db,
    admin,
    propertyId,
    rentalTermsInput({
      houseRules: "Sem festas depois das 22h.",
      inventory: "4 camas de casal, 2 geladeiras.",
    }),
  );
});

beforeEach(async () => {
  await a.db.delete(rentalNights);
  await a.db.delete(rentalBookings);
  await a.db.delete(leads);
  await a.db.delete(outbox);
});

let person = 0;
/**
 * A booking request from a new person (each its own lead card), unless `sender` gives the name,
 * phone or e-mail of one who wrote before ("" leaves a field out). The contact is the one it stored.
 */
async function request(
  stay: { chegada: string; saida: string; hospedes: string },
  referencia = "CA0900",
  sender: Partial<Record<"name" | "phone" | "email", string>> = {},
) {
  person += 1;
  const form = new FormData();
  const fields = {
    name: `Hóspede ${person}`,
    phone: `82 9${String(person).padStart(4, "0")} 1234`,
    email: `hospede${person}@exemplo.com.br`,
    message: "Queremos passar o réveillon.",
    consent: "on",
    website: "",
    estadia: "1",
    ...sender,
    ...stay,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const result = await submitLeadForm(a.db, form, { referencia }, NOW);
  const [contact] =
    result.status === 200
      ? await a.db
          .select({
            id: leadContacts.id,
            leadId: leadContacts.leadId,
            message: leadContacts.message,
            extra: leadContacts.extra,
          })
          .from(leadContacts)
          .orderBy(desc(leadContacts.id))
          .limit(1)
      : [];
  return { result, contact };
}

const REVEILLON = { chegada: "2026-12-27", saida: "2027-01-03", hospedes: "6" };

describe("a booking request", () => {
  it("is a lead whose contact carries the stay, quoted from the database", async () => {
    const { result, contact } = await request(REVEILLON);
    expect(result).toEqual({ status: 200, body: { ok: true } });
    expect(contact?.message).toContain(
      "Pedido de reserva (temporada): chegada 27/12/2026, saída 03/01/2027, 7 noites, 6 hóspedes.",
    );
    expect(contact?.message).toContain("total R$ 8.950");
    expect(contact?.message).toContain("Queremos passar o réveillon.");
    expect(contact?.extra).toEqual({
      temporada: {
        checkIn: "2026-12-27",
        checkOut: "2027-01-03",
        guests: 6,
        nights: 7,
        lodging: 8700,
        cleaningFee: 250,
        total: 8950,
        guestName: `Hóspede ${person}`,
        guestEmail: `hospede${person}@exemplo.com.br`,
      },
    });
  });

  it("is refused, storing nothing, when the stay breaks a rule or a night is taken", async () => {
    const short = await request({ chegada: "2026-12-30", saida: "2027-01-02", hospedes: "2" });
    expect(short.result).toMatchObject({
      status: 400,
      body: {
        formError:
          "Não foi possível enviar o pedido de reserva: nestas datas a estadia mínima é de 5 noites.",
      },
    });
    expect(short.contact).toBeUndefined();
    await blockNights(a.db, admin, propertyId, "2027-01-02", "2027-01-02");
    const taken = await request(REVEILLON);
    expect(taken.result.status).toBe(400);
    expect(taken.contact).toBeUndefined();
  });
});

describe("confirming", () => {
  it("takes the nights, bumps the data version and e-mails the guest the stay and how to pay", async () => {
    const { contact } = await request(REVEILLON);
    if (!contact) throw new Error("no contact");
    const before = await getDataVersion(a.db);
    const answer = await answerBookingRequest(a.db, admin, contact.leadId, contact.id, "confirmar", NOW);
    expect(answer).toMatchObject({ status: "confirmed", emailed: true });
    expect(await getDataVersion(a.db)).toBeGreaterThan(before);
    const taken = await takenNights(a.db, propertyId, "2026-12-01", "2027-02-01");
    expect([...taken.keys()]).toEqual([
      "2026-12-27",
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);
    const calendar = await listingCalendar(a.db, propertyId, "2026-11-27");
    const december = calendar[1]?.weeks.flat();
    expect(december?.find((d) => d?.day === 27)?.state).toBe("reservado");
    expect(december?.find((d) => d?.day === 26)?.state).toBe("livre");
    expect(calendar[2]?.weeks.flat().find((d) => d?.day === 3)?.state).toBe("livre"); // the check-out day

    // Answered once: a second click changes nothing.
    expect(await answerBookingRequest(a.db, admin, contact.leadId, contact.id, "recusar", NOW)).toEqual({
      status: "answered",
    });

    // Only the guest's e-mail here (the request's lead e-mails have their own tests).
    await a.db.delete(outbox).where(ne(outbox.kind, BOOKING_EMAIL_KIND));
    smtp.received.length = 0;
    const worker = createOutboxWorker({
      database: a,
      handlers: { [BOOKING_EMAIL_KIND]: bookingEmailHandler(a.db, transport, "https://site.teste") },
      pollIntervalMs: 600_000,
      log: () => {},
    });
    expect(await worker.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    const mail = smtp.received[0];
    expect(mail?.to).toEqual([`hospede${person}@exemplo.com.br`]);
    const text = decoded(mail?.raw ?? "");
    expect(text).toContain("Reserva confirmada: Casa pé na areia em Maragogi");
    expect(text).toContain("Chegada: 27/12/2026, a partir das 14:00");
    expect(text).toContain("Saída: 03/01/2027, até as 11:00");
    expect(text).toContain("Noites: 7");
    expect(text).toContain("Hóspedes: 6");
    expect(text).toContain("Valor total: R$ 8.950");
    expect(text).toContain("Caução: R$ 1.000");
    expect(text).toContain(PAYMENT);
    expect(text).toContain("Sem festas depois das 22h.");
    expect(text).toContain("https://site.teste/casas/CA0900");
  });

  it("two overlapping confirmations from two app instances at once: exactly one wins", async () => {
    const first = (await request(REVEILLON)).contact;
    const second = (await request({ chegada: "2026-12-31", saida: "2027-01-06", hospedes: "4" })).contact;
    if (!first || !second) throw new Error("no contacts");
    const answers = await Promise.all([
      answerBookingRequest(a.db, admin, first.leadId, first.id, "confirmar", NOW),
      answerBookingRequest(b.db, admin, second.leadId, second.id, "confirmar", NOW),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual(["confirmed", "taken"]);
    const bookings = await a.db.select().from(rentalBookings);
    expect(bookings).toHaveLength(1);
    const nights = await a.db.select().from(rentalNights);
    expect(nights.every((n) => n.bookingId === bookings[0]?.id)).toBe(true);
    expect(nights).toHaveLength(bookings[0]?.checkIn === "2026-12-27" ? 7 : 6);
    // Only the winner's e-mail is queued.
    expect(await a.db.select().from(outbox).where(eq(outbox.kind, BOOKING_EMAIL_KIND))).toHaveLength(1);
  });

  it("declining writes no night", async () => {
    const { contact } = await request(REVEILLON);
    if (!contact) throw new Error("no contact");
    expect(await answerBookingRequest(a.db, admin, contact.leadId, contact.id, "recusar", NOW)).toEqual({
      status: "declined",
    });
    expect(await a.db.select().from(rentalNights)).toHaveLength(0);
  });
});

describe("confirming checks the request again", () => {
  const noneWritten = async () => {
    expect(await a.db.select().from(rentalBookings)).toHaveLength(0);
    expect(await a.db.select().from(rentalNights)).toHaveLength(0);
    expect(await a.db.select().from(outbox).where(eq(outbox.kind, BOOKING_EMAIL_KIND))).toHaveLength(0);
  };

  it("a request whose check-in has passed (Maceió's day) is refused, marked expired and can still be declined", async () => {
    const { contact } = await request(REVEILLON);
    if (!contact) throw new Error("no contact");
    const contacts = [{ id: contact.id, referencia: "CA0900" }];
    // 28/12 at 09:00 in Maceió: the stay began the day before.
    expect(
      await answerBookingRequest(
        a.db,
        admin,
        contact.leadId,
        contact.id,
        "confirmar",
        new Date("2026-12-28T12:00:00Z"),
      ),
    ).toEqual({ status: "expired", checkIn: "2026-12-27" });
    await noneWritten();
    const [shown] = await bookingRequestsOf(a.db, contact.leadId, contacts, "2026-12-28");
    expect(shown).toMatchObject({ status: "pendente", expired: true });
    expect((await bookingRequestsOf(a.db, contact.leadId, contacts, "2026-12-27"))[0]?.expired).toBe(false);

    // 27/12 at 23:30 in Maceió (already the 28th in UTC): still the check-in day, so it confirms.
    expect(
      await answerBookingRequest(
        a.db,
        admin,
        contact.leadId,
        contact.id,
        "confirmar",
        new Date("2026-12-28T02:30:00Z"),
      ),
    ).toMatchObject({ status: "confirmed" });
  });

  it("the lead page's answer: 409 with the check-in date, and declining it works", async () => {
    // Sent on 27/11 for 01/12: a check-in behind today's real date whenever this runs.
    const { contact } = await request({ chegada: "2026-12-01", saida: "2026-12-04", hospedes: "2" });
    if (!contact) throw new Error("no contact");
    const run = (intent: string) =>
      runLeadIntent({ db: a.db, actor: admin, id: contact.leadId, form: contactForm(contact.id), intent });
    expect(await run("reserva-confirmar")).toEqual({
      status: 409,
      body: {
        ok: false,
        intent: "reserva-confirmar",
        error:
          "Não foi possível confirmar: a chegada (01/12/2026) já passou. Recuse o pedido ou combine novas datas com o hóspede.",
      },
    });
    await noneWritten();
    expect((await run("reserva-recusar")).status).toBe(200);
    expect(await a.db.select({ status: rentalBookings.status }).from(rentalBookings)).toEqual([
      { status: "recusada" },
    ]);
  });

  it("a listing no longer on offer for temporada, or whose terms now refuse the stay, confirms nothing", async () => {
    const listing = await insertProperty(a.db, {
      referencia: "CA0902",
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: 700,
      periodoAluguel: "diaria",
      quartos: 3,
    });
    await saveRentalTerms(a.db, admin, listing.id, rentalTermsInput());
    // Far ahead, so that the real "today" the lead page's answer uses never reaches it.
    const stay = { chegada: "2030-03-10", saida: "2030-03-13", hospedes: "6" };
    const confirm = async () => {
      const { contact } = await request(stay, "CA0902");
      if (!contact) throw new Error("no contact");
      return runLeadIntent({
        db: a.db,
        actor: admin,
        id: contact.leadId,
        form: contactForm(contact.id),
        intent: "reserva-confirmar",
      });
    };
    const change = (values: Partial<typeof properties.$inferInsert>) =>
      a.db.update(properties).set(values).where(eq(properties.id, listing.id));

    // Requested for 6, then the agency lowered the maximum to 4.
    const { contact } = await request(stay, "CA0902");
    if (!contact) throw new Error("no contact");
    await saveRentalTerms(a.db, admin, listing.id, rentalTermsInput({ maxGuests: 4 }));
    expect(
      await runLeadIntent({
        db: a.db,
        actor: admin,
        id: contact.leadId,
        form: contactForm(contact.id),
        intent: "reserva-confirmar",
      }),
    ).toMatchObject({
      status: 409,
      body: {
        error:
          "Não foi possível confirmar com as regras atuais do imóvel: este imóvel recebe até 4 hóspedes.",
      },
    });
    await noneWritten();
    await saveRentalTerms(a.db, admin, listing.id, rentalTermsInput());

    const UNAVAILABLE =
      "Não foi possível confirmar: o imóvel não está mais disponível para temporada (não publicado, vendido, alugado ou sem diária).";
    for (const [before, after] of [
      [{ status: "alugado" }, { status: "disponivel" }],
      [{ status: "vendido" }, { status: "disponivel" }],
      [{ publicacao: "rascunho" }, { publicacao: "publicado" }],
      [{ finalidades: ["aluguel"] }, { finalidades: ["temporada"] }],
    ] as const) {
      // Requested while on offer, changed before the agent answered.
      const { contact } = await request(stay, "CA0902");
      if (!contact) throw new Error("no contact");
      await change(before as Partial<typeof properties.$inferInsert>);
      expect(
        await runLeadIntent({
          db: a.db,
          actor: admin,
          id: contact.leadId,
          form: contactForm(contact.id),
          intent: "reserva-confirmar",
        }),
        JSON.stringify(before),
      ).toMatchObject({ status: 409, body: { error: UNAVAILABLE } });
      await noneWritten();
      await change(after as Partial<typeof properties.$inferInsert>);
    }
    // Back on offer with its terms: the same stay confirms.
    expect((await confirm()).status).toBe(200);
  });
});

describe("the guest's confirmation", () => {
  /** Runs the outbox once for the guests' e-mails only; what the SMTP server received. */
  async function sendGuestEmails() {
    await a.db.delete(outbox).where(ne(outbox.kind, BOOKING_EMAIL_KIND));
    smtp.received.length = 0;
    const worker = createOutboxWorker({
      database: a,
      handlers: { [BOOKING_EMAIL_KIND]: bookingEmailHandler(a.db, transport, "https://site.teste") },
      pollIntervalMs: 600_000,
      log: () => {},
    });
    await worker.runOnce();
    return smtp.received.map((mail) => ({ to: mail.to, text: decoded(mail.raw) }));
  }

  it("goes to the name and e-mail the request was sent with, not the older ones its lead card keeps", async () => {
    const first = await request(REVEILLON, "CA0900", {
      name: "Ana Souza",
      phone: "82 98111 2222",
      email: "ana.antiga@exemplo.com.br",
    });
    // The same phone, a new address (or a relative on the family phone): the same card.
    const second = await request({ chegada: "2027-02-01", saida: "2027-02-05", hospedes: "3" }, "CA0900", {
      name: "Bruno Souza",
      phone: "82 98111 2222",
      email: "bruno@exemplo.com.br",
    });
    if (!first.contact || !second.contact) throw new Error("no contacts");
    expect(second.contact.leadId).toBe(first.contact.leadId);
    const [card] = await a.db.select().from(leads).where(eq(leads.id, first.contact.leadId));
    if (!card) throw new Error("no card");
    expect(card).toMatchObject({ name: "Ana Souza", email: "ana.antiga@exemplo.com.br" });

    // The lead page says where each answer goes.
    const contacts = [first.contact, second.contact].map((c) => ({ id: c.id, referencia: "CA0900" }));
    const shown = await bookingRequestsOf(a.db, card.id, contacts, "2026-11-27");
    expect(shown.map((r) => [r.guestName, r.guestEmail, r.emailable])).toEqual([
      ["Ana Souza", "ana.antiga@exemplo.com.br", true],
      ["Bruno Souza", "bruno@exemplo.com.br", true],
    ]);

    expect(
      await answerBookingRequest(a.db, admin, card.id, second.contact.id, "confirmar", NOW),
    ).toMatchObject({ status: "confirmed", emailed: true });
    const mails = await sendGuestEmails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual(["bruno@exemplo.com.br"]);
    expect(mails[0]?.text).toContain("Olá, Bruno Souza!");
    expect(mails[0]?.text).toContain("Chegada: 01/02/2027");
    // The stay's record (the temporada screen, a later cancellation's e-mail) names the same guest.
    expect(
      await a.db
        .select({ name: rentalBookings.guestName, email: rentalBookings.guestEmail })
        .from(rentalBookings),
    ).toEqual([{ name: "Bruno Souza", email: "bruno@exemplo.com.br" }]);
  });

  it("a request without e-mail: the guest's page says the answer comes by phone, the agent reads to call", async () => {
    // Far ahead: the lead page's answer runs on today's real date.
    const stay = { chegada: "2030-01-10", saida: "2030-01-13", hospedes: "2" };
    const { result, contact } = await request(stay, "CA0900", { email: "" });
    expect(result).toEqual({ status: 200, body: { ok: true, byPhone: true } });
    if (!contact) throw new Error("no contact");
    const [shown] = await bookingRequestsOf(
      a.db,
      contact.leadId,
      [{ id: contact.id, referencia: "CA0900" }],
      "2026-11-27",
    );
    expect(shown).toMatchObject({ guestEmail: null, emailable: false });
    // Even when the card it joined has an e-mail from an earlier contact.
    await a.db
      .update(leads)
      .set({ email: "outra.pessoa@exemplo.com.br" })
      .where(eq(leads.id, contact.leadId));

    const answer = await runLeadIntent({
      db: a.db,
      actor: admin,
      id: contact.leadId,
      form: contactForm(contact.id),
      intent: "reserva-confirmar",
    });
    expect(answer).toEqual({ status: 200, body: { ok: true, intent: "reserva-confirmar", emailed: false } });
    expect(await sendGuestEmails()).toEqual([]);
  });
});

describe("who may answer", () => {
  it("only the listing's corretor or an admin: another corretor who sees the lead gets a 403 and nothing is written", async () => {
    const owner = await createActor(a.db, "corretor");
    const other = await createActor(a.db, "corretor");
    const listing = await insertProperty(a.db, {
      referencia: "CA0901",
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: 700,
      periodoAluguel: "diaria",
      quartos: 3,
      corretorId: owner.id,
    });
    await saveRentalTerms(a.db, owner, listing.id, rentalTermsInput());
    const { contact } = await request(
      { chegada: "2030-03-10", saida: "2030-03-13", hospedes: "2" },
      "CA0901",
    );
    if (!contact) throw new Error("no contact");
    // The roleta handed the card to another corretor: they see it, but the listing is not theirs.
    await a.db.update(leads).set({ assigneeId: other.id }).where(eq(leads.id, contact.leadId));
    const answer = (actor: Actor, intent: string) =>
      runLeadIntent({ db: a.db, actor, id: contact.leadId, form: contactForm(contact.id), intent });

    for (const intent of ["reserva-confirmar", "reserva-recusar"])
      expect(await answer(other, intent)).toEqual({
        status: 403,
        body: { ok: false, intent, error: BOOKING_NOT_YOURS },
      });
    expect(await a.db.select().from(rentalBookings)).toHaveLength(0);
    expect(await a.db.select().from(rentalNights)).toHaveLength(0);
    expect(await a.db.select().from(outbox).where(eq(outbox.kind, BOOKING_EMAIL_KIND))).toHaveLength(0);

    // The listing's corretor confirms, and can cancel what they confirmed.
    expect((await answer(owner, "reserva-confirmar")).status).toBe(200);
    const [booking] = await a.db.select().from(rentalBookings);
    if (!booking) throw new Error("no booking");
    expect(await cancelBooking(a.db, owner, listing.id, booking.id, NOW)).toMatchObject({
      status: "cancelled",
      nights: 3,
    });
  });
});

describe("blocked nights", () => {
  it("block and unblock bump the data version; unblocking leaves booked nights alone", async () => {
    const v0 = await getDataVersion(a.db);
    expect(await blockNights(a.db, admin, propertyId, "2026-12-10", "2026-12-12")).toBe(3);
    expect(await getDataVersion(a.db)).toBeGreaterThan(v0);
    const booked = await recordBooking(a.db, admin, propertyId, {
      checkIn: "2026-12-13",
      checkOut: "2026-12-15",
      guests: 2,
      guestName: "Reserva por telefone",
      guestEmail: null,
      total: 1450,
    });
    expect(booked.status).toBe("confirmed");
    // A stay over a blocked night cannot be recorded.
    expect(
      (
        await recordBooking(a.db, admin, propertyId, {
          checkIn: "2026-12-12",
          checkOut: "2026-12-14",
          guests: 2,
          guestName: "Outra",
          guestEmail: null,
          total: 1200,
        })
      ).status,
    ).toBe("taken");
    const v1 = await getDataVersion(a.db);
    expect(await unblockNights(a.db, admin, propertyId, "2026-12-01", "2026-12-31")).toBe(3);
    expect(await getDataVersion(a.db)).toBeGreaterThan(v1);
    const taken = await takenNights(a.db, propertyId, "2026-12-01", "2027-01-01");
    expect([...taken.entries()]).toEqual([
      ["2026-12-13", "reservado"],
      ["2026-12-14", "reservado"],
    ]);
  });

  it("a corretor cannot block another corretor's listing", async () => {
    const other = await createActor(a.db, "corretor");
    await expect(blockNights(a.db, other, propertyId, "2026-12-10", "2026-12-10")).rejects.toMatchObject({
      status: 403,
    });
  });
});

/** The lead page's "Confirmar"/"Recusar" form of one request. */
function contactForm(contactId: number): FormData {
  const form = new FormData();
  form.set("contactId", String(contactId));
  return form;
}

function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/(=[0-9A-F]{2})+/g, (match) => Buffer.from(match.replace(/=/g, ""), "hex").toString("utf8"));
}
