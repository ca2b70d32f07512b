// Booking a visit on a listing: the agency's visit hours set in the admin; a visitor books a slot
// without JavaScript and another with it; a visitor whose page still offered a slot someone just
// took is told so; the admin's painel lists the visits; the confirmation page's cancel works
// without JavaScript; the booking page is never cached nor indexed while the listing stays cached.
import { type Browser, expect, type Page } from "@playwright/test";
import { WEEKDAYS } from "../../app/lib/business-hours";
import { windowField } from "../../app/lib/visit-slots";
import {
  E2E_BASE_URL,
  expectNoAxeViolations,
  hydrated,
  loginAs,
  postAs,
  sessionFor,
  test,
  uniquePhone,
} from "./fixtures";

// Each test posts and renders pages with hundreds of slots: on a loaded machine that is slow.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const stamp = Date.now().toString(36);
let referencia = "";
let visitUrl = "";
let bookedName = "";

/** A page of its own (another visitor), from an address of its own. */
async function visitor(browser: Browser, javaScriptEnabled: boolean, address: string): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled,
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  return context.newPage();
}

async function fillBooking(page: Page, name: string) {
  await page.getByRole("textbox", { name: "Nome" }).fill(name);
  await page.getByLabel("Telefone ou WhatsApp").fill(uniquePhone());
  await page.getByLabel("E-mail (para a confirmação)").fill(`visita.${stamp}@exemplo.com.br`);
  await page.getByRole("checkbox").check();
}

test("o administrador define os horários de visita da imobiliária", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto("/admin/visitas/disponibilidade?agente=agencia");
  await page.getByLabel("Duração de cada visita").selectOption("60");
  // Every day, all day: whatever the hour the suite runs, there are free slots ahead.
  for (let day = 0; day < 7; day++) {
    await page.locator(`#${windowField(day, 0, "inicio")}`).fill("00:00");
    await page.locator(`#${windowField(day, 0, "fim")}`).fill("12:00");
    await page.locator(`#${windowField(day, 1, "inicio")}`).fill("12:00");
    await page.locator(`#${windowField(day, 1, "fim")}`).fill("23:30");
  }
  await page.getByLabel("Datas bloqueadas (uma por linha, DD/MM/AAAA)").fill("");
  await page.getByRole("button", { name: "Salvar horários" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Horários salvos." })).toBeVisible();
  await expect(
    page
      .getByRole("row", { name: new RegExp(WEEKDAYS[0]) })
      .locator("input")
      .first(),
  ).toHaveValue("00:00");
  await expectNoAxeViolations(page);

  // One click adds the national and Alagoas holidays of this year and the next (Maceió's year);
  // they show in the field, then are cleared again so the visits below can take any day.
  const blocked = page.getByLabel("Datas bloqueadas (uma por linha, DD/MM/AAAA)");
  const nextYear = new Date(Date.now() - 3 * 3_600_000).getUTCFullYear() + 1;
  await page.getByRole("button", { name: "Salvar e adicionar os feriados nacionais e de Alagoas" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `de ${nextYear - 1} e ${nextYear} incluídos` }),
  ).toBeVisible();
  await expect(blocked).toHaveValue(new RegExp(`16/09/${nextYear}[\\s\\S]*25/12/${nextYear}`));
  await blocked.fill("");
  await page.getByRole("button", { name: "Salvar horários" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Horários salvos." })).toBeVisible();
  await expect(blocked).toHaveValue("");

  // An available listing whose agent follows the agency's hours.
  const listings = await (await page.request.get("/todos-os-imoveis?ordem=recentes")).text();
  for (const match of listings.matchAll(/href="\/casas\/([A-Za-z0-9-]+)"/g)) {
    const candidate = match[1] ?? "";
    if ((await page.request.get(`/casas/${candidate}/visita`)).status() === 200) {
      referencia = candidate;
      break;
    }
  }
  expect(referencia, "um imóvel disponível para visitas").not.toBe("");
});

test("sem JavaScript: agenda um horário; quem ainda via esse horário recebe o aviso", async ({ browser }) => {
  const first = await visitor(browser, false, "10.250.0.1");
  const late = await visitor(browser, false, "10.250.0.2");
  // The listing links to the booking page; its own page stays the cached one.
  await first.goto(`/casas/${referencia}`);
  await first.getByTestId("agendar-visita").click();
  await expect(first).toHaveURL(new RegExp(`/casas/${referencia}/visita$`));
  await late.goto(`/casas/${referencia}/visita`);

  const slot = first.locator('input[name="slot"]').first();
  const value = (await slot.getAttribute("value")) ?? "";
  await slot.check();
  bookedName = `Visitante Sem JS ${stamp}`;
  await fillBooking(first, bookedName);
  // Refused (no e-mail), the new page keeps what was chosen: the time, the consent, the name.
  await first.getByLabel("E-mail (para a confirmação)").fill("");
  await first.getByRole("button", { name: "Agendar visita" }).click();
  await expect(first.getByTestId("visita-erro")).toBeVisible();
  await expect(first.locator(`input[name="slot"][value="${value}"]`)).toBeChecked();
  await expect(first.getByRole("checkbox")).toBeChecked();
  await expect(first.getByRole("textbox", { name: "Nome" })).toHaveValue(bookedName);
  await first.getByLabel("E-mail (para a confirmação)").fill(`visita.${stamp}@exemplo.com.br`);
  await first.getByRole("button", { name: "Agendar visita" }).click();
  await expect(first.getByTestId("visita-confirmada")).toContainText("Visita agendada!", { timeout: 30_000 });
  expect(first.url()).toMatch(/\/visita\/\d+\.[A-Za-z0-9_-]+\?agendada=1$/);
  visitUrl = first.url().replace(/\?.*$/, "");

  // The second visitor's page was loaded before: it still offers the slot.
  await late.locator(`input[name="slot"][value="${value}"]`).check();
  await fillBooking(late, `Visitante Atrasado ${stamp}`);
  await late.getByRole("button", { name: "Agendar visita" }).click();
  await expect(late.getByTestId("visita-erro")).toContainText("Esse horário acabou de ser reservado", {
    timeout: 30_000,
  });
  // The page now lists the slots as they are: that one is gone.
  await expect(late.locator(`input[name="slot"][value="${value}"]`)).toHaveCount(0);
  await first.context().close();
  await late.context().close();
});

test("com JavaScript: agenda outro horário, e a página de agendamento não é guardada nem indexada", async ({
  page,
}) => {
  const response = await page.goto(`/casas/${referencia}/visita`);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  expect(response?.headers()["x-cache"]).toBeUndefined();
  await expectNoAxeViolations(page);
  await page.locator('input[name="slot"]').nth(1).check();
  await fillBooking(page, `Visitante Com JS ${stamp}`);
  await page.getByRole("button", { name: "Agendar visita" }).click();
  await expect(page.getByTestId("visita-confirmada")).toContainText("Visita agendada!", { timeout: 30_000 });

  // The listing itself is still served from the page cache.
  await page.request.get(`/casas/${referencia}`);
  const again = await page.request.get(`/casas/${referencia}`);
  expect(again.headers()["x-cache"]).toBe("HIT");
});

test("o painel mostra as visitas agendadas", async ({ page, request }) => {
  await loginAs(page, "admin");
  await page.goto("/admin/painel");
  await expect(page.getByTestId("painel-visitas")).toContainText(bookedName);
  await expect(page.getByTestId("painel-visitas")).toContainText(`Visitante Com JS ${stamp}`);
  await page.goto("/admin/visitas");
  await expect(page.getByTestId("visitas-tabela")).toContainText(bookedName);
  // A corretor edits only their own hours: the agency's are refused, on the page and its action.
  const corretora = await sessionFor(request, E2E_BASE_URL, "corretor");
  const cookie = { Cookie: `${corretora.name}=${corretora.value}` };
  expect((await request.get("/admin/visitas/disponibilidade", { headers: cookie })).status()).toBe(200);
  expect(
    (await request.get("/admin/visitas/disponibilidade?agente=agencia", { headers: cookie })).status(),
  ).toBe(403);
  const refused = await postAs(
    request,
    E2E_BASE_URL,
    corretora,
    "/admin/visitas/disponibilidade?agente=agencia",
    {
      slotMinutes: "30",
    },
  );
  expect(refused.status()).toBe(403);
  // The lead it made is in visita_agendada.
  await page.getByRole("link", { name: bookedName }).click();
  await expect(page.getByText("Visita agendada").first()).toBeVisible();
});

test("com JavaScript: o link da visita remarca para outro horário; o link antigo mostra a visita cancelada", async ({
  browser,
}) => {
  const page = await visitor(browser, true, "10.250.0.4");
  await page.goto(visitUrl);
  await hydrated(page);
  const before = await page.getByTestId("visita-quando").innerText();
  // The picker lists only free slots: the visit's own is taken, so any one is another time.
  await page.locator('input[name="slot"]').first().check();
  await page.getByRole("button", { name: "Remarcar" }).click();
  await expect(page.getByTestId("visita-confirmada")).toContainText("Visita remarcada!", { timeout: 30_000 });
  expect(page.url()).toMatch(/\/visita\/\d+\.[A-Za-z0-9_-]+\?remarcada=1$/);
  const moved = page.url().replace(/\?.*$/, "");
  expect(moved).not.toBe(visitUrl);
  await expect(page.getByTestId("visita-quando")).not.toHaveText(before);
  // The old link: cancelled, with nothing left to change.
  await page.goto(visitUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visita cancelada");
  await expect(page.getByRole("button", { name: "Remarcar" })).toHaveCount(0);
  visitUrl = moved;
  await page.context().close();
});

test("sem JavaScript: o link da visita cancela", async ({ browser }) => {
  const page = await visitor(browser, false, "10.250.0.3");
  await page.goto(visitUrl);
  await expect(page.getByTestId("visita-quando")).toBeVisible();
  await page.getByRole("button", { name: "Cancelar a visita" }).click();
  await expect(page.getByTestId("visita-cancelada")).toContainText("Sua visita foi cancelada");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visita cancelada");
  // A changed signature is no link at all.
  const forged = await page.request.get(`${visitUrl.slice(0, -2)}xx`);
  expect(forged.status()).toBe(404);
  await page.context().close();
});
