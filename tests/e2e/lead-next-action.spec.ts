// Next actions (decision 029): an agent sets a lead's next action on its screen with
// JavaScript (errors before sending) and without (the action answers them), the overdue one is
// counted on the painel under its agent and listed by the link to the inbox, a corretor's painel
// counts only their own, and the screens pass axe.
import { expect, type Page } from "@playwright/test";
import { formatDayTime, maceioClock } from "../../app/lib/maceio-time";
import { expectNoAxeViolations, listingLead, loginAs, test } from "./fixtures";

/** A Maceió day `days` from today (YYYY-MM-DD). */
const maceioDay = (days: number) => maceioClock(new Date(Date.now() + days * 86_400_000)).day;

const card = (page: Page) => page.locator("section.next-action");

test.describe.configure({ mode: "serial" });

const leadName = `Lead da Próxima Ação ${Date.now().toString(36)}`;
let leadId = "";

test("com JavaScript: os erros aparecem antes de enviar; a próxima ação é salva", async ({ page }) => {
  leadId = (await listingLead(page.request, leadName)).id;
  await loginAs(page, "admin");
  await page.goto(`/admin/leads/${leadId}`);
  // With a demo corretor (its listing could be one a test gave the fixture corretor).
  await page.getByLabel("Responsável").selectOption({ label: "Mariana Albuquerque" });
  await page.getByRole("button", { name: "Atribuir" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Responsável atualizado." })).toBeVisible();
  // A new lead's: the first contact, due when it arrived.
  await expect(page.getByTestId("proxima-acao-atual")).toContainText("Fazer o primeiro contato");
  await expectNoAxeViolations(page);

  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts += 1;
  });
  await card(page).getByLabel("O que fazer").fill("");
  await card(page).getByRole("button", { name: "Salvar próxima ação" }).click();
  await expect(page.locator("#proxima-tarefa-erro")).toHaveText("Descreva a próxima ação.");
  await expect(page.locator("#proxima-tarefa")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#proxima-tarefa")).toBeFocused();
  expect(posts, "nada foi enviado").toBe(0);
  await expectNoAxeViolations(page);

  const tomorrow = maceioDay(1);
  await card(page).getByLabel("Data").fill(tomorrow);
  await card(page).getByLabel("Hora (opcional)").fill("10:30");
  await card(page).getByLabel("O que fazer").fill("Enviar as fotos da varanda");
  await card(page).getByRole("button", { name: "Salvar próxima ação" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Próxima ação salva." })).toBeVisible();
  const current = page.getByTestId("proxima-acao-atual");
  await expect(current).toContainText("Enviar as fotos da varanda");
  await expect(current).toContainText(`Para ${formatDayTime(tomorrow, "10:30")}`);
  await expect(current).not.toContainText("Atrasada");
  await expect(page.locator("#proxima-tarefa-erro")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("sem JavaScript: o servidor responde os erros no campo; uma data passada fica atrasada", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await loginAs(page, "admin");
    await page.goto(`/admin/leads/${leadId}`);
    await expect(page.getByTestId("proxima-acao-atual")).toContainText("Enviar as fotos da varanda");

    await card(page).getByLabel("Data").fill("");
    await card(page).getByLabel("O que fazer").fill("");
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      card(page).getByRole("button", { name: "Salvar próxima ação" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(page.locator("#proxima-data-erro")).toHaveText("Informe a data.");
    await expect(page.locator("#proxima-tarefa-erro")).toHaveText("Descreva a próxima ação.");
    await expect(page.getByRole("alert")).toContainText("Corrija os campos da próxima ação.");
    // Nothing changed.
    await expect(page.getByTestId("proxima-acao-atual")).toContainText("Enviar as fotos da varanda");

    const yesterday = maceioDay(-1);
    await card(page).getByLabel("Data").fill(yesterday);
    await card(page).getByLabel("Hora (opcional)").fill("");
    await card(page).getByLabel("O que fazer").fill("Ligar de volta sem falta");
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      card(page).getByRole("button", { name: "Salvar próxima ação" }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Próxima ação salva." })).toBeVisible();
    const current = page.getByTestId("proxima-acao-atual");
    await expect(current).toContainText("Ligar de volta sem falta");
    // Said in words, not only by colour.
    await expect(current).toContainText("Atrasada");
    await expect(current).toContainText(`Era para ${formatDayTime(yesterday, null)}`);
  } finally {
    await context.close();
  }
});

test("no painel, a atrasada conta para o corretor do lead e o link abre a caixa filtrada", async ({
  page,
}) => {
  await loginAs(page, "admin");
  await page.goto(`/admin/leads/${leadId}`);
  const agentId = await page.locator("#responsavel").inputValue();
  expect(agentId, "o lead tem um corretor").not.toBe("");

  await page.goto("/admin/painel");
  const table = page.getByTestId("painel-proximas-acoes");
  await expect(table.getByRole("columnheader", { name: "Atrasadas" })).toBeVisible();
  const row = table.locator(`tr[data-agent-id="${agentId}"]`);
  const overdue = row.getByRole("link", { name: /^\d+ atrasadas?$/ });
  await expect(overdue).toHaveAttribute("href", `/admin/leads?acao=atrasadas&corretor=${agentId}`);
  await expect(table.locator("tfoot")).toContainText("Toda a imobiliária");
  await expectNoAxeViolations(page);

  await overdue.click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads\\?acao=atrasadas&corretor=${agentId}$`));
  await expect(page.getByLabel("Próxima ação", { exact: true })).toHaveValue("atrasadas");
  await expect(page.getByRole("link", { name: /^Atrasadas \d+$/ })).toHaveAttribute("aria-current", "page");
  const leadRow = page.getByRole("row").filter({ hasText: leadName });
  await expect(leadRow).toContainText("Ligar de volta sem falta");
  await expect(leadRow).toContainText("Atrasada");
  await expectNoAxeViolations(page);

  // Not in today's section: it is overdue.
  await page.goto(`/admin/leads?acao=hoje&corretor=${agentId}`);
  await expect(page.getByRole("row").filter({ hasText: leadName })).toHaveCount(0);
});

test("o painel de um corretor conta só os seus leads", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await loginAs(page, "corretor");
    await page.goto("/admin/painel");
    const rows = page.getByTestId("painel-proximas-acoes").locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Corretora de Teste");
    await expect(page.getByTestId("painel-proximas-acoes").locator("tfoot")).toHaveCount(0);
    await expect(page.getByTestId("painel-proximas-acoes").locator('a[href*="corretor="]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.goto("/admin/leads?acao=atrasadas");
    await expect(page.getByText(leadName)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
