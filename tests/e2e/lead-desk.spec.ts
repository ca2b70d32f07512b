// The lead desk end to end, on a server of its own over a scratch PostgreSQL database (the test
// ages a lead's assignment there, as two hours passing would), with its roleta sweep every second
// (LEAD_SWEEP_INTERVAL_SECONDS) and a real SMTP server in this process:
// rules set → portal lead in → auto-assigned → timer → reassigned after the limit (agent and admin
// e-mailed) → the new agent replies by WhatsApp (the timer stops) → visit → proposal → closed →
// the painel's median first-response time → the funnel report counts it. Needs TEST_DATABASE_URL
// and the build.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Page, request as playwrightRequest } from "@playwright/test";
import postgres from "postgres";
import { startTestSmtp, type TestSmtp } from "../../app/server/mail/test-smtp.server";
import { E2E_ADMIN } from "../../playwright.config";
import { createScratchDatabase, type ScratchDatabase } from "../support/postgres";
import { BUILD_DIR, type ServerProcess, startServer } from "../support/server";
import {
  E2E_CORRETOR,
  expectNoAxeViolations,
  loginAs,
  postAs,
  sessionFor,
  signInOverHttp,
  test,
} from "./fixtures";

const SERVER_URL = process.env.TEST_DATABASE_URL;
const PORTAL_SECRET = "segredo-do-portal-para-a-roleta-e2e";
const BRUNO = {
  name: "Bruno Roleta",
  email: "bruno.roleta@teste.com.br",
  password: "bruno-roleta-senha-forte-771",
};
const REFERENCIA = "AP0901";
const TITULO = "Apartamento com vista mar na Jatiúca";

/** The decoded text of a received message (quoted-printable, encoded-word subjects). */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, text: string) => text.replace(/_/g, " "))
    .replace(/(=[0-9A-F]{2})+/g, (match) => Buffer.from(match.replace(/=/g, ""), "hex").toString("utf8"));
}

test.describe("mesa de leads: roleta, prazo de resposta e atendimento", () => {
  test.skip(
    !SERVER_URL,
    "TEST_DATABASE_URL não definida: a mesa de leads (servidor próprio no PostgreSQL) foi pulada.",
  );
  test.skip(!existsSync(join(BUILD_DIR, "server", "index.js")), `build ausente em ${BUILD_DIR}`);
  test.describe.configure({ mode: "serial" });
  test.setTimeout(180_000);

  let database: ScratchDatabase | undefined;
  let sql: postgres.Sql | undefined;
  let server: ServerProcess | undefined;
  let smtp: TestSmtp | undefined;
  const base = () => server?.url ?? "";
  const mailTo = (address: string, text: string) =>
    smtp?.received.find((m) => m.to.includes(address) && decode(m.raw).includes(text));

  test.beforeAll(async () => {
    if (!SERVER_URL) return;
    test.setTimeout(240_000);
    database = await createScratchDatabase(SERVER_URL, "mesa_leads");
    smtp = await startTestSmtp();
    server = await startServer({
      admin: E2E_ADMIN,
      databaseUrl: database.url,
      env: { SMTP_URL: smtp.url, LEAD_SWEEP_INTERVAL_SECONDS: "1", GRUPOZAP_LEADS_SECRET: PORTAL_SECRET },
    });
    sql = postgres(database.url, { max: 1, onnotice: () => {} });
    await sql`insert into properties (referencia, titulo, tipo, finalidades, bairro, cidade, publicacao, preco_venda, published_at)
      values (${REFERENCIA}, ${TITULO}, 'apartamento', '{venda}', 'Jatiúca', 'Maceió', 'publicado', 980000, now())`;
    // Two corretores, the fixture's first: the round-robin starts with whoever never got a lead, oldest account first.
    const fixture = await playwrightRequest.newContext();
    await sessionFor(fixture, base(), "corretor");
    await fixture.dispose();
    // A request context of its own: the one above keeps the corretora's cookie in its jar.
    const api = await playwrightRequest.newContext();
    try {
      const admin = await signInOverHttp(api, base(), E2E_ADMIN);
      if (!admin) throw new Error("admin não entrou");
      const created = await postAs(api, base(), admin, "/admin/usuarios", {
        intent: "create",
        name: BRUNO.name,
        email: BRUNO.email,
        role: "corretor",
        creci: "77777-F",
        phone: "(82) 99777-0000",
        password: BRUNO.password,
      });
      expect(created.status()).toBe(200);
    } finally {
      await api.dispose();
    }
  });

  test.afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await smtp?.close();
    await database?.drop();
  });

  async function signInAsBruno(browser: Browser): Promise<Page> {
    const api = await playwrightRequest.newContext();
    const cookie = await signInOverHttp(api, base(), BRUNO);
    await api.dispose();
    if (!cookie) throw new Error("Bruno não entrou");
    const context = await browser.newContext();
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: base() }]);
    return context.newPage();
  }

  let leadId = 0;
  const leadName = "Marina Portal";

  test("o admin liga a roleta; o prazo inválido é recusado no campo", async ({ page }) => {
    await loginAs(page, "admin", base());
    await page.goto(`${base()}/admin/leads`);
    await page.getByRole("link", { name: "Distribuição" }).click();
    await expect(page.getByRole("heading", { name: "Distribuição de leads", level: 1 })).toBeVisible();
    await expect(page.getByRole("row", { name: /Sábado/ }).getByLabel("Sábado: fecha às")).toHaveValue(
      "12:00",
    );
    await expect(page.getByRole("row", { name: /Domingo/ }).getByLabel("Domingo: aberto")).not.toBeChecked();
    await expectNoAxeViolations(page);

    await page.getByLabel("Distribuir leads automaticamente (roleta)").check();
    await page.getByLabel("Prazo para a primeira resposta (minutos)").fill("0");
    await page.getByRole("button", { name: "Salvar regras" }).click();
    await expect(page.locator("#responseLimitMinutes-erro")).toHaveText("O prazo é de pelo menos 1 minuto.");
    await expect(page.getByLabel("Prazo para a primeira resposta (minutos)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expectNoAxeViolations(page);

    await page.getByLabel("Prazo para a primeira resposta (minutos)").fill("120");
    await page.getByRole("button", { name: "Salvar regras" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Regras salvas." })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Distribuir leads automaticamente (roleta)")).toBeChecked();
    await expect(page.getByLabel(`${BRUNO.name} participa da roleta`)).toBeChecked();
  });

  test("um lead do portal chega, vai pela roleta à primeira corretora e mostra o tempo sem resposta", async ({
    page,
  }) => {
    const response = await page.request.post(`${base()}/api/portais/grupozap/leads`, {
      headers: { Authorization: `Basic ${Buffer.from(`grupozap:${PORTAL_SECRET}`).toString("base64")}` },
      data: {
        leadOrigin: "VivaReal",
        originLeadId: `roleta-${Date.now()}`,
        clientListingId: REFERENCIA,
        name: leadName,
        email: "marina.portal@exemplo.com.br",
        ddd: "82",
        phone: "988776655",
        message: "Quero visitar o apartamento.",
      },
    });
    expect(response.status()).toBe(201);
    leadId = ((await response.json()) as { leadId: number }).leadId;

    await loginAs(page, "admin", base());
    await page.goto(`${base()}/admin/leads`);
    const row = page.getByRole("row").filter({ hasText: leadName });
    await expect(row).toContainText(E2E_CORRETOR.name);
    await expect(row.getByRole("timer")).toContainText("Sem resposta há");
    await expectNoAxeViolations(page);

    await row.getByRole("link", { name: leadName }).click();
    const timer = page.getByRole("timer");
    await expect(timer).toContainText("Sem resposta há menos de 1 min");
    await expect(timer).toContainText("prazo até");
    await expect(page.getByLabel("Responsável").locator("option:checked")).toHaveText(E2E_CORRETOR.name);
    await expectNoAxeViolations(page);
    await expect.poll(() => Boolean(mailTo(E2E_CORRETOR.email, leadName))).toBe(true);
  });

  test("sem resposta no prazo, o lead passa ao próximo corretor, que é avisado por e-mail, e o admin também", async ({
    page,
  }) => {
    await loginAs(page, "admin", base());
    await page.goto(`${base()}/admin/leads/${leadId}`);
    await expect(page.getByLabel("Responsável").locator("option:checked")).toHaveText(E2E_CORRETOR.name);
    // A week of the agency's hours has passed since the corretora got it (well over 2 business hours).
    if (!sql) throw new Error("sem conexão com o banco");
    await sql`update leads set assigned_at = now() - interval '7 days' where id = ${leadId}`;
    // The server's sweep moves it and the open page hears of it (live event): no reload.
    await expect(page.getByLabel("Responsável").locator("option:checked")).toHaveText(BRUNO.name, {
      timeout: 15_000,
    });
    await expect(page.getByRole("timer")).toContainText("prazo até");
    await expect.poll(() => Boolean(mailTo(BRUNO.email, "Este lead passou a você"))).toBe(true);
    expect(decode(mailTo(BRUNO.email, leadName)?.raw ?? "")).toContain(`Imóvel: ${REFERENCIA} — ${TITULO}`);
    await expect
      .poll(() => Boolean(mailTo(E2E_ADMIN.email, "Lead reatribuído por falta de resposta")))
      .toBe(true);
    // The corretora no longer sees it.
    await loginAs(page, "corretor", base());
    const gone = await page.goto(`${base()}/admin/leads/${leadId}`);
    expect(gone?.status()).toBe(404);
  });

  test("o novo corretor responde pelo WhatsApp com a mensagem do imóvel; depois visita, proposta e fechado", async ({
    browser,
  }) => {
    const page = await signInAsBruno(browser);
    await page
      .context()
      .route("https://wa.me/**", (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>WhatsApp" }),
      );
    await page.goto(`${base()}/admin/leads`);
    await page.getByRole("row").filter({ hasText: leadName }).getByRole("link", { name: leadName }).click();
    await expect(page.getByRole("timer")).toBeVisible();
    await expectNoAxeViolations(page);

    const [whatsapp] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("button", { name: /Responder no WhatsApp/ }).click(),
    ]);
    await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
    const url = new URL(whatsapp.url());
    expect(url.pathname).toBe("/5582988776655");
    const text = url.searchParams.get("text") ?? "";
    expect(text).toContain("Olá, Marina! Aqui é Bruno");
    expect(text).toContain(`“${TITULO}” (referência ${REFERENCIA}): ${base()}/casas/${REFERENCIA}`);
    await whatsapp.close();
    // The reply was the first response: the timer stops (the page hears of it live).
    await expect(page.getByRole("timer")).toHaveCount(0, { timeout: 15_000 });

    for (const [value, label] of [
      ["visita_agendada", "Visita agendada"],
      ["proposta", "Proposta"],
      ["fechado", "Fechado"],
    ] as const) {
      await page.getByLabel("Etapa", { exact: true }).selectOption(value);
      await page.getByRole("button", { name: "Mudar etapa" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Etapa atualizada." })).toBeVisible();
      await expect(page.locator(".lead-pipeline [aria-current='step']")).toHaveText(label);
    }
    await page.context().close();
  });

  test("o painel mostra a mediana da primeira resposta por corretor", async ({ page }) => {
    await loginAs(page, "admin", base());
    await page.goto(`${base()}/admin/painel`);
    const section = page.getByRole("region", { name: "Tempo até a primeira resposta" });
    await expect(section.getByRole("row", { name: new RegExp(BRUNO.name) })).toContainText("1");
    await expectNoAxeViolations(page);
  });

  test("o relatório do funil conta o lead: do VivaReal ao fechado, com o Bruno", async ({ page }) => {
    await loginAs(page, "admin", base());
    await page.goto(`${base()}/admin/relatorios`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Relatórios");
    await expectNoAxeViolations(page);
    // The CSV holds the same figures as the page: leads, contatados, visita, proposta, fechado.
    const response = await page.request.get(`${base()}/admin/relatorios.csv`);
    expect(response.status()).toBe(200);
    const rows = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(";").map((cell) => cell.replace(/^"|"$/g, "")));
    const stagesOf = (name: string) =>
      rows
        .find((cells) => cells[1] === name)
        ?.slice(2, 7)
        .map(Number);
    expect(stagesOf("VivaReal")).toEqual([1, 1, 1, 1, 1]);
    expect(stagesOf(BRUNO.name)).toEqual([1, 1, 1, 1, 1]);
  });
});
