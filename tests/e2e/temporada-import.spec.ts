// Importing another channel's calendar (decision 039) from the listing's admin page: the agent
// pastes an .ics address, the nights its events take are blocked at once on the public calendar,
// a removal on the other side frees them at the next synchronisation, and a broken feed shows its
// error without touching the nights. The .ics comes from a local HTTP server (the e2e server runs
// with ICAL_ALLOW_PRIVATE_ADDRESSES, playwright.config.ts).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import { adminIdOf, expectNoAxeViolations, loginAs, test } from "./fixtures";

/** YYYY-MM-DD, `days` after today in Maceió (UTC−3 all year). */
function dayFromToday(days: number): string {
  return new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const compact = (day: string) => day.replaceAll("-", "");

function calendarWith(events: { uid: string; start: string; end: string }[]): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//outro-canal//teste//PT-BR"];
  for (const e of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      "DTSTAMP:20260101T000000Z",
      `DTSTART;VALUE=DATE:${compact(e.start)}`,
      `DTEND;VALUE=DATE:${compact(e.end)}`,
      "SUMMARY:Reserved",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

let served = { status: 200, body: "" };
let channel: Server;
let feedUrl = "";

test.beforeAll(async () => {
  channel = createServer((_req, res) => {
    res.writeHead(served.status, { "Content-Type": "text/calendar; charset=utf-8" });
    res.end(served.body);
  });
  await new Promise<void>((resolve) => channel.listen(0, "127.0.0.1", resolve));
  feedUrl = `http://127.0.0.1:${(channel.address() as AddressInfo).port}/airbnb.ics`;
});

test.afterAll(async () => {
  await new Promise((resolve) => channel.close(resolve));
});

test("calendário importado: bloqueia as noites, libera o que o outro canal removeu e mostra o erro de um calendário quebrado", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const checkIn = dayFromToday(160);
  const checkOut = dayFromToday(163);
  served = { status: 200, body: calendarWith([{ uid: "hospede-1@airbnb", start: checkIn, end: checkOut }]) };

  // A temporada listing other than the Maragogi one the réveillon walk sets up (temporada.spec.ts).
  const search = await (await request.get("/todos-os-imoveis?finalidade=temporada")).text();
  const hrefs = [...new Set(search.match(/\/casas\/[A-Z]{2}\d{4}/g) ?? [])];
  const href = hrefs.at(-1);
  if (!href) throw new Error("nenhum imóvel de temporada no catálogo");
  const referencia = href.split("/").pop() ?? "";
  const calendarUrl = `${href}?estadia=1&chegada=${checkIn}&saida=${checkOut}&hospedes=1`;

  await loginAs(page, "admin");
  const id = await adminIdOf(page, referencia);
  const adminUrl = `/admin/imoveis/${id}/temporada`;
  await page.goto(adminUrl);
  const feeds = page.locator("section", {
    has: page.getByRole("heading", { name: "Sincronizar calendários (iCal)" }),
  });

  // A bad address first: the message at its field, nothing added.
  await feeds.getByLabel("Nome do calendário").fill("Airbnb");
  await feeds.getByLabel("Endereço (.ics) do calendário").fill("ftp://exemplo.com/cal.ics");
  await feeds.getByRole("button", { name: "Adicionar calendário" }).click();
  await expect(feeds.getByLabel("Endereço (.ics) do calendário")).toHaveAttribute("aria-invalid", "true");
  await expect(feeds.getByText("Nenhum calendário importado.")).toBeVisible();

  await feeds.getByLabel("Endereço (.ics) do calendário").fill(feedUrl);
  await feeds.getByRole("button", { name: "Adicionar calendário" }).click();
  await expect(feeds.getByText(feedUrl)).toBeVisible();
  await expect(feeds.getByText("(1 evento)")).toBeVisible();
  await expectNoAxeViolations(page);

  // The imported nights are taken on the public calendar; the check-out day stays free.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(calendarUrl);
  for (const day of [checkIn, dayFromToday(162)])
    await expect(visitor.locator(`td[data-dia="${day}"]`)).toContainText("bloqueado");
  await expect(visitor.locator(`td[data-dia="${checkOut}"]`)).toContainText("livre");

  // The other channel cancels: the next synchronisation frees the nights.
  served = { status: 200, body: calendarWith([]) };
  await feeds.getByRole("button", { name: "Sincronizar agora (Airbnb)" }).click();
  await expect(feeds.getByText("(nenhum evento)")).toBeVisible();
  await visitor.goto(calendarUrl);
  await expect(visitor.locator(`td[data-dia="${checkIn}"]`)).toContainText("livre");

  // A broken feed: its error is shown, and the nights it blocked before stay as they were.
  served = { status: 200, body: calendarWith([{ uid: "hospede-2@airbnb", start: checkIn, end: checkOut }]) };
  await feeds.getByRole("button", { name: "Sincronizar agora (Airbnb)" }).click();
  await expect(feeds.getByText("(1 evento)")).toBeVisible();
  served = { status: 500, body: "erro interno do outro canal" };
  await feeds.getByRole("button", { name: "Sincronizar agora (Airbnb)" }).click();
  await expect(feeds.locator(".form-field__error").filter({ hasText: /^Erro em / })).toBeVisible();
  await visitor.goto(calendarUrl);
  await expect(visitor.locator(`td[data-dia="${checkIn}"]`)).toContainText("bloqueado");
  await visitor.close();

  // Removing the calendar frees its nights.
  await feeds.getByRole("button", { name: "Remover (Airbnb)" }).click();
  await expect(feeds.getByText("Nenhum calendário importado.")).toBeVisible();
  await page.goto(calendarUrl);
  await expect(page.locator(`td[data-dia="${checkIn}"]`)).toContainText("livre");
});
