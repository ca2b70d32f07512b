// Saved-search alerts against a real database, the real outbox worker and a real SMTP server, on a
// clock the test sets: subscribe → confirmation e-mail (List-Unsubscribe headers) → confirm → a new
// listing → one digest with it → nothing again → each price lower than any sent → one-click unsubscribe; the
// daily frequency once a Maceió day; two app instances sweeping at once send one message (on
// PostgreSQL, two connection pools); an address at the most alerts answered as any other, its owner
// told by e-mail (as the owner of an alert asked for again is) at most three times a day; LGPD export
// and erase include the saved searches.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createActor, insertProperty } from "../../../tests/support/factories";
import { startTestMail } from "../../../tests/support/mail";
import { tokensOfLink } from "../../lib/alerts";
import { action as alertPageAction, loader as alertPageLoader } from "../../routes/public/alerta";
import { action as subscribeAction } from "../../routes/public/alertas";
import { TEST_ORIGIN, testContext } from "../auth/test-context.server";
import { outbox, properties, savedSearches, savedSearchSent } from "../db/schema.server";
import { erasePersonData, exportPersonData } from "../leads/lgpd.server";
import { subjectOf, textOf } from "../mail/test-smtp.server";
import { createOutboxWorker } from "../outbox/outbox.server";
import {
  ALERT_CONFIRM_EMAIL_KIND,
  ALERT_DIGEST_EMAIL_KIND,
  alertConfirmEmailHandler,
  alertDigestEmailHandler,
  digestPeriod,
  runAlertSweep,
} from "./digests.server";
import {
  alertDemand,
  alertsOfToken,
  confirmSubscription,
  countActiveAlerts,
  deleteAlertOfLink,
  MAX_ALERTS_PER_EMAIL,
  parseAlertForm,
  subscribe,
  unsubscribe,
  unsubscribeAll,
} from "./subscriptions.server";

const SITE = "https://site.teste";
const { first, second, smtp, transport, close } = await startTestMail();
afterAll(close);

/** An instant given in Maceió's wall-clock time (UTC−3). */
const maceio = (local: string) => new Date(`${local}-03:00`);
const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

const worker = () =>
  createOutboxWorker({
    database: first,
    handlers: {
      [ALERT_CONFIRM_EMAIL_KIND]: alertConfirmEmailHandler(first.db, transport, SITE),
      [ALERT_DIGEST_EMAIL_KIND]: alertDigestEmailHandler(first.db, transport, SITE),
    },
    pollIntervalMs: 600_000,
    log: () => {},
  });

const mailTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
/** The token of a link in a message (/alertas/<token>/...). */
const tokenIn = (raw: string, action: string) =>
  new RegExp(`/alertas/([A-Za-z0-9_-]{43})/${action}`).exec(textOf(raw))?.[1];
/** A header's unfolded value. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "mi")
    .exec(raw.split(/\r?\n\r?\n/)[0] ?? "")?.[1]
    ?.replace(/\r?\n[ \t]+/g, " ")
    .trim();

describe("the subscribe form", () => {
  it("says at each field what is wrong", () => {
    const form = new FormData();
    form.set("email", "não é e-mail");
    form.set("busca", "/admin");
    const result = parseAlertForm(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.email).toMatch(/e-mail válido/);
    expect(result.errors.frequencia).toMatch(/frequência/);
    expect(result.errors.consent).toMatch(/autorize/);
    expect(result.errors.busca).toMatch(/Busca inválida/);
  });
});

describe("the digest period", () => {
  it("is each sweep for instant, the Maceió day from 08:00, the Maceió week from Monday", () => {
    expect(digestPeriod("diario", maceio("2026-11-27T07:59"))).toBeNull();
    expect(digestPeriod("diario", maceio("2026-11-27T08:00"))).toBe("d:2026-11-27");
    // 23:30 in Maceió is already the next day in UTC.
    expect(digestPeriod("diario", maceio("2026-11-27T23:30"))).toBe("d:2026-11-27");
    expect(digestPeriod("semanal", maceio("2026-11-27T09:00"))).toBe("w:2026-11-23");
    expect(digestPeriod("semanal", maceio("2026-11-29T09:00"))).toBe("w:2026-11-23");
    expect(digestPeriod("semanal", maceio("2026-11-30T09:00"))).toBe("w:2026-11-30");
  });
});

describe("an instant alert", () => {
  it("confirms, sends each new listing once, each price lower than any sent before, and stops on unsubscribe", async () => {
    const email = "ana@cliente.teste";
    const t0 = maceio("2026-11-27T10:00");
    await insertProperty(first.db, { referencia: "AL0001", cidade: "Maceió", publishedAt: minutes(t0, -60) });
    const { outcome, search } = await subscribe(
      first.db,
      {
        email: " Ana@Cliente.teste ",
        frequency: "instantaneo",
        busca: "/todos-os-imoveis?cidade=Maceió&precoMax=800000&ordem=menor-preco&pagina=3",
      },
      t0,
    );
    expect(outcome).toBe("confirmation-sent");
    expect(search.query).toBe("cidade=Macei%C3%B3&precoMax=800000");

    // Nothing but the confirmation goes out before the link is opened.
    expect(await runAlertSweep(first.db, minutes(t0, 1))).toEqual({ queued: 0, purged: 0 });
    await worker().runOnce();
    const [confirmMail] = mailTo(email);
    expect(confirmMail).toBeDefined();
    const raw = confirmMail?.raw ?? "";
    const token = tokenIn(raw, "confirmar");
    expect(token).toBeDefined();
    expect(header(raw, "List-Unsubscribe")).toBe(`<${SITE}/alertas/${token}/cancelar>`);
    expect(header(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    expect((await confirmSubscription(first.db, token ?? "", minutes(t0, 2))).status).toBe("confirmed");
    expect((await confirmSubscription(first.db, token ?? "", minutes(t0, 3))).status).toBe("already");
    expect(await countActiveAlerts(first.db)).toBe(1);

    // Someone types the address again with another frequency: nothing changes (they may not own
    // it); the owner is told by e-mail, with the link to their alerts and no confirmation link.
    const again = await subscribe(
      first.db,
      { email, frequency: "semanal", busca: "/todos-os-imoveis?cidade=Maceió&precoMax=800000" },
      minutes(t0, 4),
    );
    expect(again.outcome).toBe("already-active");
    const [stored] = await first.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.token, token ?? ""));
    expect(stored?.frequency).toBe("instantaneo");
    await worker().runOnce();
    const told = mailTo(email)[1];
    expect(textOf(told?.raw ?? "")).toContain(
      "Você já recebe este alerta (assim que surgir (instantâneo)), e nada mudou.",
    );
    expect(textOf(told?.raw ?? "")).toContain(
      `Para mudar a frequência, ver ou apagar seus alertas: ${SITE}/alertas/${token}`,
    );
    expect(textOf(told?.raw ?? "")).not.toContain("/confirmar");

    // A match published after the confirmation, one elsewhere, one above the price.
    const fresh = await insertProperty(first.db, {
      referencia: "AL0002",
      titulo: "Apartamento na Ponta Verde",
      cidade: "Maceió",
      precoVenda: 700_000,
      publishedAt: minutes(t0, 5),
    });
    await insertProperty(first.db, { referencia: "AL0003", cidade: "Maragogi", publishedAt: minutes(t0, 5) });
    await insertProperty(first.db, {
      referencia: "AL0004",
      cidade: "Maceió",
      precoVenda: 900_000,
      publishedAt: minutes(t0, 5),
    });
    expect((await runAlertSweep(first.db, minutes(t0, 6))).queued).toBe(1);
    await worker().runOnce();
    const digest = mailTo(email)[2];
    const text = textOf(digest?.raw ?? "");
    expect(text).toContain("AL0002");
    expect(text).not.toMatch(/AL0001|AL0003|AL0004/);
    expect(text).toContain(`${SITE}/casas/AL0002`);
    expect(text).toContain("https://wa.me/?text=");
    expect(text).toContain(`Seus alertas (ver, mudar a frequência ou apagar): ${SITE}/alertas/${token}`);
    expect(header(digest?.raw ?? "", "List-Unsubscribe")).toBe(`<${SITE}/alertas/${token}/cancelar>`);
    expect(header(digest?.raw ?? "", "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    // A second sweep has nothing new.
    expect((await runAlertSweep(first.db, minutes(t0, 7))).queued).toBe(0);
    expect((await runAlertSweep(first.db, minutes(t0, 8))).queued).toBe(0);

    // The price goes down: one message, once.
    const price = (precoVenda: number) =>
      first.db.update(properties).set({ precoVenda }).where(eq(properties.id, fresh.id));
    await price(650_000);
    expect((await runAlertSweep(first.db, minutes(t0, 9))).queued).toBe(1);
    expect((await runAlertSweep(first.db, minutes(t0, 10))).queued).toBe(0);
    await worker().runOnce();
    const drop = textOf(mailTo(email)[3]?.raw ?? "");
    expect(drop).toContain("Preço reduzido");
    expect(drop).toMatch(/De R\$ 700\.000 por R\$ 650\.000/);
    // Down again: news again, from the last price sent.
    await price(600_000);
    expect((await runAlertSweep(first.db, minutes(t0, 11))).queued).toBe(1);
    await worker().runOnce();
    expect(textOf(mailTo(email)[4]?.raw ?? "")).toMatch(/De R\$ 650\.000 por R\$ 600\.000/);
    // Up, then down to a price not below one already sent: nothing.
    await price(680_000);
    expect((await runAlertSweep(first.db, minutes(t0, 12))).queued).toBe(0);
    await price(620_000);
    expect((await runAlertSweep(first.db, minutes(t0, 13))).queued).toBe(0);
    await price(600_000);
    expect((await runAlertSweep(first.db, minutes(t0, 14))).queued).toBe(0);
    // Sold, its price lowered to the closing one: no "Preço reduzido" for a house nobody can buy.
    await first.db
      .update(properties)
      .set({ status: "vendido", precoVenda: 550_000 })
      .where(eq(properties.id, fresh.id));
    expect((await runAlertSweep(first.db, minutes(t0, 15))).queued).toBe(0);
    expect(mailTo(email)).toHaveLength(5);

    // The manage page's list, then the one-click unsubscribe: the row and its sent items are gone.
    expect((await alertsOfToken(first.db, token ?? ""))?.alerts).toHaveLength(1);
    expect(await unsubscribe(first.db, token ?? "")).toBe(true);
    expect(await unsubscribe(first.db, token ?? "")).toBe(false);
    expect(await first.db.select().from(savedSearchSent)).toHaveLength(0);
    await insertProperty(first.db, { cidade: "Maceió", precoVenda: 100_000, publishedAt: minutes(t0, 15) });
    expect((await runAlertSweep(first.db, minutes(t0, 16))).queued).toBe(0);
  });
});

describe("a daily alert", () => {
  it("goes once a Maceió day from 08:00 with what was published since, even from two instances", async () => {
    const email = "bia@cliente.teste";
    const day1 = maceio("2026-12-01T06:00");
    await subscribe(first.db, { email, frequency: "diario", busca: "/casas?bairro=Jatiúca" }, day1);
    const [row] = await first.db.select().from(savedSearches).where(eq(savedSearches.email, email));
    await confirmSubscription(first.db, row?.token ?? "", minutes(day1, 1));
    await insertProperty(first.db, {
      tipo: "casa",
      bairro: "Jatiúca",
      referencia: "CA0001",
      publishedAt: minutes(day1, 10),
    });
    // An apartment in the bairro is not a match on /casas.
    await insertProperty(first.db, {
      tipo: "apartamento",
      bairro: "Jatiúca",
      referencia: "AP0009",
      publishedAt: minutes(day1, 10),
    });
    expect((await runAlertSweep(first.db, maceio("2026-12-01T07:30"))).queued).toBe(0);
    const [a, b] = await Promise.all([
      runAlertSweep(first.db, maceio("2026-12-01T08:05")),
      runAlertSweep(second.db, maceio("2026-12-01T08:05")),
    ]);
    expect(a.queued + b.queued).toBe(1);
    await insertProperty(first.db, {
      tipo: "casa",
      bairro: "Jatiúca",
      referencia: "CA0002",
      publishedAt: maceio("2026-12-01T10:00"),
    });
    expect((await runAlertSweep(first.db, maceio("2026-12-01T11:00"))).queued).toBe(0);
    expect((await runAlertSweep(first.db, maceio("2026-12-02T08:01"))).queued).toBe(1);
    await worker().runOnce();
    const texts = mailTo(email).map((m) => textOf(m.raw));
    // Two digests; the confirmation e-mail, still queued when the link was opened, is not sent.
    // (The worker sends by its own order of due rows, so the test does not count on theirs.)
    expect(texts).toHaveLength(2);
    const earlier = texts.find((t) => t.includes("CA0001")) ?? "";
    const next = texts.find((t) => t.includes("CA0002")) ?? "";
    expect(earlier).not.toMatch(/CA0002|AP0009/);
    expect(next).not.toMatch(/CA0001|AP0009/);
    expect((await alertDemand(first.db)).places).toContainEqual({
      cidade: null,
      bairro: "Jatiúca",
      count: 1,
    });
  });
});

describe("an address with several saved searches", () => {
  it("gets one e-mail per sweep with a section for each, whose one-click cancels them all", async () => {
    const eva = "eva@cliente.teste";
    const fabio = "fabio@cliente.teste";
    const day = maceio("2026-12-10T06:00");
    const saved = async (email: string, frequency: "diario" | "instantaneo", busca: string) => {
      const { search } = await subscribe(first.db, { email, frequency, busca }, day);
      const [row] = await first.db
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.email, email), eq(savedSearches.query, search.query)));
      if (!row) throw new Error("busca não salva");
      await confirmSubscription(first.db, row.token, minutes(day, 1));
      return row;
    };
    const piranhas = await saved(eva, "diario", "/todos-os-imoveis?cidade=Piranhas");
    const penedo = await saved(eva, "instantaneo", "/todos-os-imoveis?cidade=Penedo");
    const fabios = await saved(fabio, "diario", "/todos-os-imoveis?cidade=Piranhas");
    await insertProperty(first.db, {
      referencia: "PI0001",
      cidade: "Piranhas",
      publishedAt: minutes(day, 10),
    });
    await insertProperty(first.db, { referencia: "PE0001", cidade: "Penedo", publishedAt: minutes(day, 10) });

    // At 08:05 Eva's daily and instant searches are both due: one message for her, one for Fábio.
    expect((await runAlertSweep(first.db, maceio("2026-12-10T08:05"))).queued).toBe(2);
    await worker().runOnce();
    const [both, ...more] = mailTo(eva);
    expect(more).toHaveLength(0);
    const raw = both?.raw ?? "";
    const text = textOf(raw);
    expect(subjectOf(raw)).toBe("2 imóveis novos nas suas 2 buscas");
    expect(text).toContain(`== ${piranhas.title} ==`);
    expect(text).toContain(`== ${penedo.title} ==`);
    expect(text.indexOf("PI0001")).toBeLessThan(text.indexOf(`== ${penedo.title} ==`));
    expect(text.indexOf("PE0001")).toBeGreaterThan(text.indexOf(`== ${penedo.title} ==`));
    // Each search keeps its own cancel link; the header and the footer cancel every one.
    const lines = text.split(/\r?\n/);
    for (const { token } of [piranhas, penedo])
      expect(lines).toContain(
        `Não quer mais receber este alerta? Cancele com um clique: ${SITE}/alertas/${token}/cancelar`,
      );
    // It names every search's token, so it still works after one was cancelled on its own.
    const all = `${SITE}/alertas/${piranhas.token}/cancelar?todos=${penedo.token}`;
    expect(header(raw, "List-Unsubscribe")).toBe(`<${all}>`);
    expect(text).toContain(`Cancele todos com um clique: ${all}`);
    expect(text).toContain(
      `Seus alertas (ver, mudar a frequência ou apagar): ${SITE}/alertas/${piranhas.token}?todos=${penedo.token}`,
    );
    // One search, the message of one search, as before.
    const [fabiosMail] = mailTo(fabio);
    expect(textOf(fabiosMail?.raw ?? "")).toContain(`Novidades da sua busca “${fabios.title}”.`);
    expect(header(fabiosMail?.raw ?? "", "List-Unsubscribe")).toBe(
      `<${SITE}/alertas/${fabios.token}/cancelar>`,
    );

    // Eva cancels the first search by its own link, then all: the second goes too; Fábio's stays.
    expect(await unsubscribe(first.db, piranhas.token)).toBe(true);
    // "Seus alertas" still opens her page: the link names the second search too.
    const page = await alertsOfToken(first.db, [piranhas.token, penedo.token]);
    expect(page?.alerts.map((alert) => alert.token)).toEqual([penedo.token]);
    expect(await unsubscribeAll(first.db, [piranhas.token, penedo.token])).toBe(1);
    expect(await unsubscribeAll(first.db, [piranhas.token, penedo.token])).toBe(0);
    expect(await alertsOfToken(first.db, penedo.token)).toBeNull();
    expect((await alertsOfToken(first.db, fabios.token))?.alerts).toHaveLength(1);
  });

  it("still sends a message queued before digests were joined (one digestId)", async () => {
    const email = "gil@cliente.teste";
    const t0 = maceio("2026-12-11T10:00");
    const { search } = await subscribe(
      first.db,
      { email, frequency: "instantaneo", busca: "/todos-os-imoveis?cidade=Coruripe" },
      t0,
    );
    const [row] = await first.db.select().from(savedSearches).where(eq(savedSearches.query, search.query));
    await confirmSubscription(first.db, row?.token ?? "", minutes(t0, 1));
    await insertProperty(first.db, { referencia: "CO0001", cidade: "Coruripe", publishedAt: minutes(t0, 2) });
    expect((await runAlertSweep(first.db, minutes(t0, 3))).queued).toBe(1);
    // The row as the previous release wrote it.
    const [queued] = await first.db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = ${ALERT_DIGEST_EMAIL_KIND} and ${outbox.sentAt} is null`);
    const digestId = (queued?.payload.digestIds as number[] | undefined)?.[0];
    await first.db
      .update(outbox)
      .set({ payload: { digestId } })
      .where(eq(outbox.id, queued?.id ?? 0));
    await worker().runOnce();
    expect(textOf(mailTo(email)[0]?.raw ?? "")).toContain("CO0001");
  });
});

/** An address with every alert it may have (MAX_ALERTS_PER_EMAIL), confirmed, newest last. */
async function fillAddress(email: string, at: Date) {
  return first.db
    .insert(savedSearches)
    .values(
      Array.from({ length: MAX_ALERTS_PER_EMAIL }, (_, i) => ({
        email,
        path: "/todos-os-imoveis",
        query: `precoMax=${(i + 1) * 100_000}`,
        title: `Imóveis até ${i + 1}00 mil`,
        frequency: "diario" as const,
        token: randomBytes(32).toString("base64url"),
        consentVersion: "v1",
        consentAt: at,
        createdAt: minutes(at, i),
        confirmedAt: minutes(at, i + 1),
      })),
    )
    .returning();
}

/** The /alertas form as a browser without JavaScript posts it, through the route's action. */
async function postAlertForm(fields: Record<string, string>) {
  const request = new Request(`${TEST_ORIGIN}/alertas`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN },
    body: new URLSearchParams({ frequencia: "diario", consent: "on", ...fields }),
  });
  return subscribeAction({ request, context: testContext(first), params: {} } as never);
}

describe("an address that already has the most alerts it may have", () => {
  it("is answered as any address, gets nothing saved, and its owner is told with the link to delete one", async () => {
    const email = "lia@cliente.teste";
    const full = await fillAddress(email, maceio("2026-12-13T10:00"));
    const busca = "/todos-os-imoveis?cidade=Arapiraca";

    // The page says what it says to an address with no alert: nothing about the stranger's.
    const answer = await postAlertForm({ email: "Lia@Cliente.teste", busca });
    const fresh = await postAlertForm({ email: "novo@cliente.teste", busca });
    expect(answer).toEqual({
      state: "sent",
      email: "Lia@Cliente.teste",
      title: "Imóveis à venda e para alugar em Arapiraca",
      frequency: "Uma vez por dia (diário)",
    });
    expect(fresh).toEqual({ ...answer, email: "novo@cliente.teste" });
    const saved = await first.db.select().from(savedSearches).where(eq(savedSearches.email, email));
    expect(saved.map((row) => row.id).sort()).toEqual(full.map((row) => row.id).sort());

    // The owner hears of it, with the link to the page where each alert can be deleted.
    await worker().runOnce();
    const [told, ...more] = mailTo(email);
    expect(more).toHaveLength(0);
    const raw = told?.raw ?? "";
    const text = textOf(raw);
    expect(subjectOf(raw)).toBe("Limite de 20 alertas atingido: Imóveis à venda e para alugar em Arapiraca");
    expect(text).toContain(
      "Recebemos um pedido para enviar a este e-mail as novidades da busca “Imóveis à venda e para alugar em Arapiraca”. Este e-mail já tem o máximo de 20 alertas, e o novo alerta não foi criado.",
    );
    expect(text).toContain(
      "Para receber esta busca, apague um dos seus alertas e peça de novo na página da busca.",
    );
    expect(text).not.toContain("/confirmar");
    const link = /Seus alertas \(ver, mudar a frequência ou apagar\): (\S+)/.exec(text)?.[1] ?? "";
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toMatch(new RegExp(`^${SITE}/alertas/[A-Za-z0-9_-]{43}$`));
    // It names every alert of the address, so it opens the page after any of them is deleted.
    const tokens = tokensOfLink(url.pathname.split("/").at(-1) ?? "", url.searchParams) ?? [];
    expect(tokens.sort()).toEqual(full.map((row) => row.token).sort());
    expect((await alertsOfToken(first.db, tokens))?.alerts).toHaveLength(MAX_ALERTS_PER_EMAIL);
    // A mail client's one-click unsubscribe cancels every alert of the address (the footer's link too).
    expect(header(raw, "List-Unsubscribe")).toBe(`<${SITE}${url.pathname}/cancelar?todos=1>`);
    expect(text).toContain(
      `Não quer mais receber nenhum alerta? Cancele todos com um clique: ${link.replace(url.pathname, `${url.pathname}/cancelar`)}`,
    );
  });

  it("tells the owner at most three times a day, however many ask", async () => {
    const email = "mel@cliente.teste";
    const t0 = maceio("2026-12-14T10:00");
    await fillAddress(email, minutes(t0, -60));
    const ask = (at: Date, cidade: string) =>
      subscribe(first.db, { email, frequency: "semanal", busca: `/todos-os-imoveis?cidade=${cidade}` }, at);
    for (const [i, cidade] of ["Penedo", "Piranhas", "Coruripe", "Marechal Deodoro", "Maragogi"].entries())
      expect((await ask(minutes(t0, i), cidade)).outcome).toBe("too-many");
    await worker().runOnce();
    // The first three (the worker sends in an order of its own).
    expect(
      mailTo(email)
        .map((mail) => subjectOf(mail.raw).split(" em ").at(-1))
        .sort(),
    ).toEqual(["Coruripe", "Penedo", "Piranhas"]);
    // A day after the first: one more.
    expect((await ask(minutes(t0, 24 * 60 + 1), "Satuba")).outcome).toBe("too-many");
    await worker().runOnce();
    expect(mailTo(email)).toHaveLength(4);
  });
});

describe("an alert asked for again once active", () => {
  it("tells the owner at most three times a day, however many ask", async () => {
    const email = "noa@cliente.teste";
    const t0 = maceio("2026-12-15T10:00");
    const busca = "/todos-os-imoveis?cidade=Penedo";
    const { search } = await subscribe(first.db, { email, frequency: "diario", busca }, t0);
    const [row] = await first.db.select().from(savedSearches).where(eq(savedSearches.query, search.query));
    await confirmSubscription(first.db, row?.token ?? "", minutes(t0, 1));
    for (let i = 0; i < 5; i++)
      expect(
        (await subscribe(first.db, { email, frequency: "semanal", busca }, minutes(t0, 2 + i))).outcome,
      ).toBe("already-active");
    await worker().runOnce();
    const told = mailTo(email).filter((mail) => subjectOf(mail.raw).startsWith("Você já recebe este alerta"));
    expect(told).toHaveLength(3);
  });
});

describe("the alerts page's delete button", () => {
  it("deletes only the link's address's alerts, and says which token still opens the page", async () => {
    const t0 = maceio("2026-12-12T10:00");
    const search = async (email: string, cidade: string) => {
      const saved = await subscribe(
        first.db,
        { email, frequency: "diario", busca: `/todos-os-imoveis?cidade=${cidade}` },
        t0,
      );
      const [row] = await first.db
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.email, email), eq(savedSearches.query, saved.search.query)));
      if (!row) throw new Error(`busca de ${email} em ${cidade} não salva`);
      return row;
    };
    const hana = "hana@cliente.teste";
    const batalha = await search(hana, "Batalha");
    const delmiro = await search(hana, "Delmiro Gouveia");
    const igaci = await search(hana, "Igaci");
    expect((await confirmSubscription(first.db, igaci.token, minutes(t0, 1))).status).toBe("confirmed");
    // The newest, never confirmed: its token would confirm it, so no page hands it out.
    const pending = await search(hana, "Penedo");
    const others = await search("ivo@cliente.teste", "Batalha");

    // Hana's link cannot delete Ivo's alert.
    expect(await deleteAlertOfLink(first.db, [batalha.token], others.id)).toEqual({
      deleted: false,
      pageToken: batalha.token,
    });
    // The link's own search goes: the link of an e-mail with two searches still opens the page.
    expect(await deleteAlertOfLink(first.db, [batalha.token, delmiro.token], batalha.id)).toEqual({
      deleted: true,
      pageToken: delmiro.token,
    });
    // Then that one too: the page goes on under her confirmed search, not the pending one.
    expect(await deleteAlertOfLink(first.db, [batalha.token, delmiro.token], delmiro.id)).toEqual({
      deleted: true,
      pageToken: igaci.token,
    });
    expect(await deleteAlertOfLink(first.db, [batalha.token, delmiro.token], igaci.id)).toBeNull();
    expect(await deleteAlertOfLink(first.db, [igaci.token], igaci.id)).toEqual({
      deleted: true,
      pageToken: null,
    });
    expect((await alertsOfToken(first.db, pending.token))?.alerts.map((a) => a.id)).toEqual([pending.id]);
    // A made-up link naming many tokens is read as its first 20, in one query.
    const madeUp = Array.from({ length: 30 }, (_, i) => `x${i}`.padEnd(43, "x"));
    expect(await alertsOfToken(first.db, [...madeUp, pending.token])).toBeNull();
    expect((await alertsOfToken(first.db, [...madeUp.slice(0, 19), pending.token]))?.email).toBe(hana);
    expect((await alertsOfToken(first.db, others.token))?.alerts).toHaveLength(1);
  });
});

/** A form of the /alertas/<token> page as a browser posts it (`link`: the path and query after /alertas/). */
async function postAlertPage(link: string, fields: Record<string, string>) {
  const url = new URL(`${TEST_ORIGIN}/alertas/${link}`);
  const request = new Request(url, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN },
    body: new URLSearchParams(fields),
  });
  const token = url.pathname.split("/").at(-1) ?? "";
  return alertPageAction({ request, url, context: testContext(first), params: { token } } as never);
}

describe("the alerts page's frequency form", () => {
  it("changes the frequency of an alert of the link's address and says so; anything else is a 4xx with a message", async () => {
    const t0 = maceio("2026-12-16T10:00");
    const saved = async (email: string, cidade: string) => {
      const { search } = await subscribe(
        first.db,
        { email, frequency: "diario", busca: `/todos-os-imoveis?cidade=${cidade}` },
        t0,
      );
      const [row] = await first.db
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.email, email), eq(savedSearches.query, search.query)));
      if (!row) throw new Error(`busca de ${email} em ${cidade} não salva`);
      await confirmSubscription(first.db, row.token, minutes(t0, 1));
      return row;
    };
    const frequencyOf = async (id: number) =>
      (await first.db.select().from(savedSearches).where(eq(savedSearches.id, id)))[0]?.frequency;
    const olga = await saved("olga@cliente.teste", "Penedo");
    const olgasOther = await saved("olga@cliente.teste", "Piranhas");
    const paulo = await saved("paulo@cliente.teste", "Penedo");

    // Olga's link changes her other alert: the page says so, and lists it at the new frequency.
    expect(
      await postAlertPage(olga.token, {
        intent: "frequencia",
        id: String(olgasOther.id),
        frequencia: "semanal",
      }),
    ).toEqual({
      done: "frequencia",
      title: "Imóveis à venda e para alugar em Piranhas",
      frequency: "Uma vez por semana (semanal)",
      error: null,
    });
    expect(await frequencyOf(olgasOther.id)).toBe("semanal");
    expect(await frequencyOf(olga.id)).toBe("diario");
    const url = new URL(`${TEST_ORIGIN}/alertas/${olga.token}`);
    const page = await alertPageLoader({
      url,
      context: testContext(first),
      params: { token: olga.token },
    } as never);
    expect(page.alerts.map((alert) => [alert.title, alert.frequency])).toEqual([
      ["Imóveis à venda e para alugar em Piranhas", "semanal"],
      ["Imóveis à venda e para alugar em Penedo", "diario"],
    ]);

    // Not through her link: Paulo's alert, a frequency there is none of, no alert, no action.
    const refused = async (fields: Record<string, string>, status: number, error: string) => {
      expect(await postAlertPage(olga.token, fields)).toMatchObject({
        data: { done: null, error },
        init: { status },
      });
    };
    await refused(
      { intent: "frequencia", id: String(paulo.id), frequencia: "semanal" },
      404,
      "Este alerta não está mais entre os seus: talvez já tenha sido apagado.",
    );
    expect(await frequencyOf(paulo.id)).toBe("diario");
    await refused(
      { intent: "frequencia", id: String(olga.id), frequencia: "mensal" },
      400,
      "Escolha com que frequência quer receber.",
    );
    await refused(
      { intent: "frequencia", id: String(olga.id) },
      400,
      "Escolha com que frequência quer receber.",
    );
    await refused({ intent: "frequencia", id: "abc", frequencia: "semanal" }, 400, "Alerta inválido.");
    await refused(
      { intent: "arquivar", id: String(olga.id) },
      400,
      "Ação desconhecida. Recarregue a página e tente de novo.",
    );
    expect(await frequencyOf(olga.id)).toBe("diario");
    // A link that finds no address: the page's 404.
    await expect(
      postAlertPage("x".repeat(43), { intent: "frequencia", id: String(olga.id), frequencia: "semanal" }),
    ).rejects.toMatchObject({ init: { status: 404 } });

    // The delete button still deletes (and so does a page opened before the form had an intent).
    expect(await postAlertPage(olga.token, { intent: "apagar", id: String(olgasOther.id) })).toEqual({
      done: "apagado",
      error: null,
    });
    expect(await frequencyOf(olgasOther.id)).toBeUndefined();
    expect(await postAlertPage(paulo.token, { id: String(paulo.id) })).toMatchObject({ status: 303 });
    expect(await frequencyOf(paulo.id)).toBeUndefined();
  });
});

describe("a radius around a place", () => {
  it("sends what the search page would list around the place's centre, and keeps no map in the saved search", async () => {
    const email = "duda@cliente.teste";
    const t0 = maceio("2026-12-05T10:00");
    // The place's centre is the mean of its published listings' public points.
    await insertProperty(first.db, {
      referencia: "PV0001",
      cidade: "Maceió",
      bairro: "Ponta Verde",
      latitude: -9.6658,
      longitude: -35.7056,
      publishedAt: minutes(t0, -600),
    });
    const { search } = await subscribe(
      first.db,
      {
        email,
        frequency: "instantaneo",
        busca: "/todos-os-imoveis?perto=Macei%C3%B3%7CPonta+Verde&raio=2&mapa=1",
      },
      t0,
    );
    expect(search.query).not.toContain("mapa");
    const [row] = await first.db.select().from(savedSearches).where(eq(savedSearches.email, email));
    await confirmSubscription(first.db, row?.token ?? "", minutes(t0, 1));
    const near = { cidade: "Maceió", bairro: "Ponta Verde", latitude: -9.668, longitude: -35.708 };
    await insertProperty(first.db, { referencia: "PV0002", ...near, publishedAt: minutes(t0, 5) });
    // Benedito Bentes, about 13 km north: in the city, outside the circle.
    await insertProperty(first.db, {
      referencia: "BB0001",
      cidade: "Maceió",
      bairro: "Benedito Bentes",
      latitude: -9.55,
      longitude: -35.72,
      publishedAt: minutes(t0, 5),
    });
    expect((await runAlertSweep(first.db, minutes(t0, 10))).queued).toBe(1);
    const sent = await first.db
      .select({ referencia: properties.referencia })
      .from(savedSearchSent)
      .innerJoin(properties, eq(properties.id, savedSearchSent.propertyId))
      .where(eq(savedSearchSent.savedSearchId, row?.id ?? 0));
    expect(sent.map((r) => r.referencia)).toEqual(["PV0002"]);
    await worker().runOnce();
    expect(textOf(mailTo(email).at(-1)?.raw ?? "")).toContain("PV0002");
  });
});

describe("LGPD", () => {
  it("exports and erases a person's saved searches with their unsent e-mails", async () => {
    const email = "caio@cliente.teste";
    const now = maceio("2026-12-03T10:00");
    await subscribe(
      first.db,
      { email, frequency: "semanal", busca: "/todos-os-imoveis?finalidade=aluguel" },
      now,
    );
    const exported = await exportPersonData(first.db, email, now);
    expect(exported.alertas).toHaveLength(1);
    expect(exported.alertas[0]?.busca).toBe("/todos-os-imoveis?finalidade=aluguel");
    const actor = await createActor(first.db, "admin");
    const result = await erasePersonData(first.db, actor, email);
    expect(result.alertas).toBe(1);
    expect(await first.db.select().from(savedSearches).where(eq(savedSearches.email, email))).toHaveLength(0);
    const pending = (
      await first.db.select().from(outbox).where(eq(outbox.kind, ALERT_CONFIRM_EMAIL_KIND))
    ).filter((r) => r.sentAt === null);
    expect(pending).toHaveLength(0);
  });
});
