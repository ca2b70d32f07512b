// Lead e-mails that were not delivered: on a server of its own whose SMTP server (a
// real one, in this process) first refuses every mailbox, an admin sees the failure on the
// painel, opens /admin/emails-nao-entregues and sends it again once the mailbox works, or discards it.
// A corretor is refused the screen and its action.
import { expect, type Page } from "@playwright/test";
import { startTestSmtp, type TestSmtp } from "../../app/server/mail/test-smtp.server";
import { E2E_ADMIN } from "../../playwright.config";
import { type ServerProcess, startServer } from "../support/server";
import { expectNoAxeViolations, hydrated, loginAs, sessionFor, test } from "./fixtures";

test.describe("e-mails de leads não entregues (servidor próprio)", () => {
  test.describe.configure({ mode: "serial" });
  let server: ServerProcess | undefined;
  let smtp: TestSmtp | undefined;
  const baseURL = () => server?.url ?? "";

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    smtp = await startTestSmtp();
    server = await startServer({ admin: E2E_ADMIN, env: { SMTP_URL: smtp.url } });
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** A visitor writes through /sobre-nos; the agency's e-mail about it is refused for good. */
  async function leadWhoseEmailFails(page: Page, name: string) {
    if (!smtp) throw new Error("sem servidor SMTP");
    smtp.mode = "550";
    const sent = await page.request.post(`${baseURL()}/sobre-nos`, {
      // An address of its own: the same person writing again would join the first lead's card.
      form: {
        name,
        email: `visitante.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
        message: "Quero saber mais.",
        consent: "on",
      },
      headers: { Origin: baseURL() },
    });
    expect(sent.status()).toBe(200);
  }

  /** Reloads /admin/emails-nao-entregues until the worker has given up on `name`'s e-mail. */
  async function openFailed(page: Page, name: string) {
    const row = page.getByTestId("email-nao-entregue").filter({ hasText: name });
    await expect(async () => {
      await page.goto(`${baseURL()}/admin/emails-nao-entregues`);
      await expect(row.getByText("Falhou", { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass();
    await hydrated(page);
    return row;
  }

  test("o admin vê no painel o e-mail que falhou e o envia de novo", async ({ page }) => {
    const name = `Lead Sem Aviso ${Date.now()}`;
    await loginAs(page, "admin", baseURL());
    await page.goto(`${baseURL()}/admin/painel`);
    await expect(page.getByTestId("painel-emails-nao-entregues")).toHaveCount(0);

    await leadWhoseEmailFails(page, name);
    const alert = page.getByTestId("painel-emails-nao-entregues");
    await expect(async () => {
      await page.goto(`${baseURL()}/admin/painel`);
      await expect(alert).toContainText("1 e-mail de lead não foi entregue", { timeout: 1000 });
    }).toPass();
    await expect(alert).toContainText("1 sem novas tentativas");
    await alert.getByRole("link", { name: "Ver e tentar de novo" }).click();
    await expect(page).toHaveURL(`${baseURL()}/admin/emails-nao-entregues`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-mails de leads não entregues");

    const row = await openFailed(page, name);
    await expect(row.getByRole("link", { name })).toHaveAttribute("href", /^\/admin\/leads\/\d+$/);
    await expect(row).toContainText("contato@imoveisemalagoas.com.br");
    await expect(row).toContainText("(imobiliária)");
    await expect(row).toContainText("a caixa postal não existe ou está bloqueada");
    await expect(row).toContainText("Nenhuma: as tentativas acabaram");
    await expect(row.getByRole("cell").nth(2)).toHaveText("1");
    // The table's scroll area (it takes focus) is named by the list's heading.
    await expect(
      page.getByRole("group", { name: "1 e-mail não entregue (1 sem novas tentativas)" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    // On a phone the table scrolls inside its box; the page itself does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The mailbox works again: one click sends it, once.
    if (!smtp) throw new Error("sem servidor SMTP");
    smtp.mode = "accept";
    const before = smtp.received.length;
    await row.getByRole("button", { name: /^Tentar de novo/ }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "O e-mail voltou para a fila e será enviado em instantes." }),
    ).toBeVisible();
    await expect.poll(() => smtp?.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(["contato@imoveisemalagoas.com.br"]);
    // Quoted-printable may break a long line anywhere ("=" at its end): read it joined.
    expect(mail?.raw.replace(/=\r?\n/g, "")).toContain(name);

    await expect(async () => {
      await page.goto(`${baseURL()}/admin/emails-nao-entregues`);
      await expect(page.getByText("Todos os e-mails de leads foram entregues.")).toBeVisible({
        timeout: 1000,
      });
    }).toPass();
    await expectNoAxeViolations(page);
    await page.goto(`${baseURL()}/admin/painel`);
    await expect(page.getByTestId("painel-emails-nao-entregues")).toHaveCount(0);
    expect(smtp.received.length).toBe(before + 1);
  });

  test("o admin descarta um e-mail que falhou", async ({ page }) => {
    const name = `Lead Descartado ${Date.now()}`;
    await loginAs(page, "admin", baseURL());
    await leadWhoseEmailFails(page, name);
    const row = await openFailed(page, name);
    await row.getByRole("button", { name: /^Descartar/ }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Aviso descartado. Fica registrado no histórico de ações." }),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("uma corretora recebe 403 na tela e na ação, e não vê o aviso no painel", async ({
    page,
    request,
  }) => {
    const name = `Lead Da Corretora ${Date.now()}`;
    await loginAs(page, "admin", baseURL());
    await leadWhoseEmailFails(page, name);
    const row = await openFailed(page, name);
    const id = await row.locator('input[name="id"]').inputValue();

    const cookie = await sessionFor(request, baseURL(), "corretor");
    const headers = { Cookie: `${cookie.name}=${cookie.value}` };
    const screen = await request.get(`${baseURL()}/admin/emails-nao-entregues`, { headers, maxRedirects: 0 });
    expect(screen.status()).toBe(403);
    expect(await screen.text()).not.toContain(name);
    for (const intent of ["tentar", "descartar"]) {
      const post = await request.post(`${baseURL()}/admin/emails-nao-entregues`, {
        form: { intent, id },
        headers: { ...headers, Origin: baseURL() },
        maxRedirects: 0,
      });
      expect(post.status(), intent).toBe(403);
    }
    const painel = await request.get(`${baseURL()}/admin/painel`, { headers });
    expect(painel.status()).toBe(200);
    expect(await painel.text()).not.toContain("painel-emails-nao-entregues");

    // Nothing changed: the admin still sees it failed.
    await page.reload();
    await expect(row.getByText("Falhou", { exact: true })).toBeVisible();
  });
});
