// Saved-search alerts end to end, on a server of its own over a scratch PostgreSQL database (the
// test publishes listings there as an agent's write would), with its alert sweep every second
// (ALERT_SWEEP_INTERVAL_SECONDS) and a real SMTP server in this process: a search page's "Receber
// novidades desta busca" → a wrong e-mail answered at the field (400, no JavaScript needed) → the
// confirmation e-mail → its link confirms → a new listing → one digest with it (the older one not
// in it) → the painel counts the alert → the List-Unsubscribe URL cancels it with one POST, no
// session; "Seus alertas" deletes each alert and changes one's frequency. Needs TEST_DATABASE_URL
// and the build.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, request as playwrightRequest } from "@playwright/test";
import postgres from "postgres";
import { startTestSmtp, type TestSmtp, textOf } from "../../app/server/mail/test-smtp.server";
import { E2E_ADMIN } from "../../playwright.config";
import { createScratchDatabase, type ScratchDatabase } from "../support/postgres";
import { BUILD_DIR, type ServerProcess, startServer } from "../support/server";
import { expectNoAxeViolations, loginAs, test } from "./fixtures";

const SERVER_URL = process.env.TEST_DATABASE_URL;
const EMAIL = "visitante.alerta@cliente.teste";
const SEARCH = `/todos-os-imoveis?cidade=${encodeURIComponent("Maceió")}&bairro=${encodeURIComponent("Jatiúca")}`;

/** A header's unfolded value in a raw message. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  return new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "mi")
    .exec(head)?.[1]
    ?.replace(/\r?\n[ \t]+/g, " ")
    .trim();
}

test.describe("alertas de busca: assinar, confirmar, receber, cancelar", () => {
  test.skip(
    !SERVER_URL,
    "TEST_DATABASE_URL não definida: os alertas de busca (servidor próprio) foram pulados.",
  );
  test.skip(!existsSync(join(BUILD_DIR, "server", "index.js")), `build ausente em ${BUILD_DIR}`);
  test.describe.configure({ mode: "serial" });
  test.setTimeout(180_000);

  let database: ScratchDatabase | undefined;
  let sql: postgres.Sql | undefined;
  let server: ServerProcess | undefined;
  let smtp: TestSmtp | undefined;
  const base = () => server?.url ?? "";
  const db = () => {
    if (!sql) throw new Error("banco de teste não aberto");
    return sql;
  };
  const mails = () => (smtp?.received ?? []).filter((m) => m.to.includes(EMAIL));

  test.beforeAll(async () => {
    if (!SERVER_URL) return;
    test.setTimeout(240_000);
    database = await createScratchDatabase(SERVER_URL, "alertas");
    smtp = await startTestSmtp();
    server = await startServer({
      admin: E2E_ADMIN,
      databaseUrl: database.url,
      env: { SMTP_URL: smtp.url, ALERT_SWEEP_INTERVAL_SECONDS: "1" },
    });
    sql = postgres(database.url, { max: 1, onnotice: () => {} });
    // Published before anyone subscribed: never in a digest.
    await sql`insert into properties (referencia, titulo, tipo, finalidades, bairro, cidade, publicacao, preco_venda, published_at)
      values ('AP0801', 'Apartamento antigo na Jatiúca', 'apartamento', '{venda}', 'Jatiúca', 'Maceió', 'publicado', 450000, now() - interval '1 day')`;
  });

  test.afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await smtp?.close();
    await database?.drop();
  });

  test("um e-mail inválido volta com a mensagem no campo (400), sem JavaScript", async () => {
    const api = await playwrightRequest.newContext();
    try {
      const response = await api.post(`${base()}/alertas`, {
        form: { email: "nao-e-email", frequencia: "diario", consent: "on", busca: SEARCH },
      });
      expect(response.status()).toBe(400);
      const html = await response.text();
      expect(html).toContain("Informe um e-mail válido");
      expect(html).toContain('aria-invalid="true"');
    } finally {
      await api.dispose();
    }
  });

  let token = "";

  test("assina na página de busca e confirma pelo link do e-mail", async ({ page }) => {
    await page.goto(`${base()}${SEARCH}`);
    await page.getByText("Receber novidades desta busca").click();
    await expectNoAxeViolations(page);
    await page.getByLabel("Seu e-mail").fill(EMAIL);
    await page.getByLabel("Assim que surgir (instantâneo)").check();
    await page.getByLabel(/Autorizo a Imóveis em Alagoas a enviar/).check();
    await page.getByRole("button", { name: "Criar alerta" }).click();
    await expect(page.getByTestId("alerta-enviado")).toContainText(`Enviamos um e-mail para ${EMAIL}`);
    await expectNoAxeViolations(page);

    await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(1);
    const confirmation = mails()[0]?.raw ?? "";
    const link = /https?:\/\/\S+\/alertas\/([A-Za-z0-9_-]{43})\/confirmar/.exec(textOf(confirmation));
    expect(link).not.toBeNull();
    token = link?.[1] ?? "";
    expect(header(confirmation, "List-Unsubscribe")).toBe(`<${base()}/alertas/${token}/cancelar>`);
    expect(header(confirmation, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    await page.goto(link?.[0] ?? "");
    await page.getByRole("button", { name: "Confirmar alerta" }).click();
    await expect(page.getByTestId("alerta-confirmado")).toContainText("Alerta confirmado!");
    await expectNoAxeViolations(page);
  });

  test("um imóvel novo na busca chega num só e-mail, com link e WhatsApp", async ({ page }) => {
    await db()`insert into properties (referencia, titulo, tipo, finalidades, bairro, cidade, publicacao, preco_venda, published_at)
      values ('AP0802', 'Apartamento novo na Jatiúca', 'apartamento', '{venda}', 'Jatiúca', 'Maceió', 'publicado', 520000, now())`;
    await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(2);
    const digest = mails()[1]?.raw ?? "";
    const text = textOf(digest);
    expect(text).toContain("Apartamento novo na Jatiúca (AP0802)");
    expect(text).toContain(`${base()}/casas/AP0802`);
    expect(text).toContain("https://wa.me/?text=");
    expect(text).not.toContain("AP0801");
    expect(header(digest, "List-Unsubscribe")).toBe(`<${base()}/alertas/${token}/cancelar>`);

    const [{ n } = { n: 0 }] = await db()`select count(*)::int as n from saved_search_sent`;
    expect(n).toBe(1);

    await loginAs(page, "admin", base());
    await page.goto(`${base()}/admin/painel`);
    await expect(page.getByTestId("alertas-ativos")).toContainText("1");
    await page.goto(`${base()}/admin/relatorios`);
    await expect(page.locator("#tabela-alertas-lugares")).toContainText("Jatiúca, Maceió");
    // The sweep ran every second meanwhile: nothing more arrived for the same listing.
    expect(mails()).toHaveLength(2);
  });

  test("o POST de um clique do List-Unsubscribe cancela sem sessão", async ({ page }) => {
    const api = await playwrightRequest.newContext();
    try {
      const response = await api.post(`${base()}/alertas/${token}/cancelar`, {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        data: "List-Unsubscribe=One-Click",
      });
      expect(response.status()).toBe(200);
    } finally {
      await api.dispose();
    }
    const [{ n } = { n: -1 }] = await db()`select count(*)::int as n from saved_searches`;
    expect(n).toBe(0);
    const gone = await page.goto(`${base()}/alertas/${token}`);
    expect(gone?.status()).toBe(404);
    await page.goto(`${base()}/alertas/${token}/cancelar`);
    await expect(page.getByTestId("alerta-cancelado")).toBeVisible();
  });

  test("o link de um e-mail com várias buscas cancela todos os alertas do endereço, não os de outro", async ({
    page,
  }) => {
    const row = (email: string, cidade: string, key: string) =>
      db()`insert into saved_searches (email, path, query, title, frequency, token, consent_version, consent_at, confirmed_at)
        values (${email}, '/todos-os-imoveis', ${`cidade=${cidade}`}, ${`Imóveis em ${cidade}`}, 'diario', ${key.padEnd(43, "x")}, 'v1', now(), now())`;
    await row(EMAIL, "Penedo", "todosA");
    await row(EMAIL, "Piranhas", "todosB");
    await row("outra.pessoa@cliente.teste", "Penedo", "outraC");
    await page.goto(`${base()}/alertas/${"todosA".padEnd(43, "x")}/cancelar?todos=1`);
    await expect(
      page.getByText("Não quer mais receber nenhum e-mail de alerta neste endereço (2 alertas)?"),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Cancelar todos os alertas" }).click();
    await expect(page.getByTestId("alerta-cancelado")).toContainText(
      "os alertas deste e-mail foram cancelados",
    );
    const left = await db()`select email from saved_searches`;
    expect(left.map((r) => r.email)).toEqual(["outra.pessoa@cliente.teste"]);
  });

  test("“Seus alertas” apaga um a um, também o alerta do próprio link, até dizer que não há mais nenhum", async ({
    page,
  }) => {
    const key = (name: string) => name.padEnd(43, "y");
    // Newest first on the page: Penedo, Piranhas, Arapiraca.
    for (const [cidade, name, age] of [
      ["Penedo", "seusA", "1 day"],
      ["Piranhas", "seusB", "2 days"],
      ["Arapiraca", "seusC", "3 days"],
    ] as const) {
      await db()`insert into saved_searches (email, path, query, title, frequency, token, consent_version, consent_at, confirmed_at, created_at)
        values (${EMAIL}, '/todos-os-imoveis', ${`cidade=${cidade}`}, ${`Imóveis em ${cidade}`}, 'diario', ${key(name)}, 'v1', now(), now(), now() - ${age}::interval)`;
    }
    const alerts = page.getByRole("main").getByRole("listitem");
    const remove = (title: string) =>
      alerts.filter({ hasText: title }).getByRole("button", { name: "Apagar alerta" }).click();
    const titles = alerts.getByRole("link");
    const deleted = page.getByRole("status").filter({ hasText: "Alerta apagado." });

    // The link of an e-mail with two searches (Penedo's and Piranhas'): the page of every alert of the address.
    const link = `${base()}/alertas/${key("seusA")}?todos=${key("seusB")}`;
    await page.goto(link);
    await expect(titles).toHaveText(["Imóveis em Penedo", "Imóveis em Piranhas", "Imóveis em Arapiraca"]);
    await expectNoAxeViolations(page);
    // The link's own search goes: the page stays, by the other search it names.
    await remove("Imóveis em Penedo");
    await expect(deleted).toBeVisible();
    await expect(titles).toHaveText(["Imóveis em Piranhas", "Imóveis em Arapiraca"]);
    expect(page.url()).toBe(link);
    // The last search the link names: the page goes on under the one left.
    await remove("Imóveis em Piranhas");
    await expect(page).toHaveURL(`${base()}/alertas/${key("seusC")}?apagado=1`);
    await expect(deleted).toBeVisible();
    await expect(titles).toHaveText(["Imóveis em Arapiraca"]);
    // None left: the page says they are cancelled, not that the link is broken.
    await remove("Imóveis em Arapiraca");
    await expect(page.getByTestId("alerta-cancelado")).toContainText(
      "os alertas deste e-mail foram cancelados",
    );
    const [{ n } = { n: -1 }] =
      await db()`select count(*)::int as n from saved_searches where email = ${EMAIL}`;
    expect(n).toBe(0);
  });

  test("“Seus alertas” muda a frequência de um alerta, sem JavaScript", async ({ browser, page }) => {
    const key = "freqA".padEnd(43, "z");
    await db()`insert into saved_searches (email, path, query, title, frequency, token, consent_version, consent_at, confirmed_at)
      values ('frequencia.alerta@cliente.teste', '/todos-os-imoveis', 'cidade=Maragogi', 'Imóveis em Maragogi', 'diario', ${key}, 'v1', now(), now())`;
    // The form is a plain POST: a browser without JavaScript changes it as well.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const alertOf = (on: typeof page) =>
      on.getByRole("main").getByRole("listitem").filter({ hasText: "Imóveis em Maragogi" });
    const frequencyOf = (on: typeof page) =>
      alertOf(on).getByRole("combobox", { name: "Frequência de “Imóveis em Maragogi”" });
    try {
      const noScript = await context.newPage();
      await noScript.goto(`${base()}/alertas/${key}`);
      await expect(frequencyOf(noScript)).toHaveValue("diario");
      await frequencyOf(noScript).selectOption({ label: "Uma vez por semana (semanal)" });
      await alertOf(noScript)
        .getByRole("button", { name: "Salvar a frequência de “Imóveis em Maragogi”" })
        .click();
      await expect(noScript.getByRole("status")).toHaveText(
        "Frequência alterada: “Imóveis em Maragogi” — uma vez por semana (semanal).",
      );
      await expect(alertOf(noScript)).toContainText("Uma vez por semana (semanal) · criado em");
      await expect(frequencyOf(noScript)).toHaveValue("semanal");
    } finally {
      await context.close();
    }
    const [row] = await db()`select frequency from saved_searches where token = ${key}`;
    expect(row?.frequency).toBe("semanal");
    // The page as most open it (axe needs the page's scripts).
    await page.goto(`${base()}/alertas/${key}`);
    await expect(frequencyOf(page)).toHaveValue("semanal");
    await expectNoAxeViolations(page);
  });
});
