// Sign-in, sign-out, the guard's two redirects, session revocation, roles, the users and
// settings screens, the sign-in rate limit, password recovery by e-mail, and axe on every
// auth/admin screen. The keep-alive past the idle timeout: session-keep-alive.spec.ts.
import { type Browser, expect, type Page } from "@playwright/test";
import { startTestSmtp, type TestSmtp } from "../../app/server/mail/test-smtp.server";
import { E2E_ADMIN } from "../../playwright.config";
import { type ServerProcess, startServer } from "../support/server";
import { E2E_BASE_URL, expectNoAxeViolations, loginAs, signInOverHttp, test } from "./fixtures";

const PASSWORD_FIELD = "Senha";

async function ready(page: Page, path: string, baseURL = E2E_BASE_URL) {
  await page.goto(`${baseURL}${path}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(PASSWORD_FIELD, { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

test.describe("sign-in and the guard", () => {
  test("signs in and out through the form", async ({ page }) => {
    await ready(page, "/login");
    await signInWithForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/painel$/);
    await expect(page.getByRole("heading", { level: 1, name: "Painel" })).toBeVisible();
    await expect(page.getByTestId("admin-user-name")).toHaveText("Administrador");

    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The session is gone on the server, not only in this browser.
    await page.goto("/admin/painel");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fpainel$/);
  });

  test("sends a visitor without a session to /login and back to the page after signing in", async ({
    page,
  }) => {
    const response = await page.request.get("/admin/usuarios?filtro=1", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/login?redirectTo=%2Fadmin%2Fusuarios%3Ffiltro%3D1");

    await page.goto("/admin/usuarios?filtro=1");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusuarios%3Ffiltro%3D1$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await signInWithForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/usuarios\?filtro=1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();
  });

  test("ignores a redirectTo that leaves the site", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/login?redirectTo=%2F%2Fevil.example");
    await expect(page).toHaveURL(/\/admin\/painel$/);
  });

  test("redirects /login to /admin/painel while signed in", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/admin\/painel$/);
    const response = await page.request.get("/login", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/admin/painel");
  });

  test("answers a wrong password and an unknown e-mail with the same message", async ({ page }) => {
    await ready(page, "/login");
    await signInWithForm(page, E2E_ADMIN.email, "senha errada de propósito");
    await expect(page.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, "ninguem.aqui@teste.com.br", "senha errada de propósito");
    await expect(page.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
  });

  test("shows field errors for an empty or malformed form", async ({ page }) => {
    await ready(page, "/login");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Informe o e-mail.")).toBeVisible();
    await expect(page.getByText("Informe a senha.")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("E-mail").fill("sem-arroba");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText(/Informe um e-mail válido/)).toBeVisible();
  });

  test("has a working 'Esqueci minha senha' flow that never reveals whether the e-mail exists", async ({
    page,
  }) => {
    await ready(page, "/login");
    await page.getByRole("link", { name: "Esqueci minha senha" }).click();
    await expect(page).toHaveURL(/\/recuperar-senha$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("E-mail").fill("ninguem.aqui@teste.com.br");
    await page.getByRole("button", { name: "Enviar link" }).click();
    await expect(page.getByRole("status")).toContainText("Se houver uma conta com este e-mail");
    await page.goto("/redefinir-senha/token-que-nao-existe-0000000000");
    await expect(page.getByRole("alert")).toContainText("inválido, já foi usado ou expirou");
  });

  test("refuses GET /sair and a cross-origin sign-out", async ({ page }) => {
    const cookie = await loginAs(page, "admin");
    const get = await page.request.get("/sair", { maxRedirects: 0 });
    expect(get.status()).toBe(302);
    const crossOrigin = await page.request.post("/sair", {
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect([400, 403]).toContain(crossOrigin.status());
    const alive = await page.request.get("/admin/sessao", { headers: { Accept: "application/json" } });
    expect(alive.status(), `session ${cookie.name} still alive`).toBe(200);
  });
});

test.describe("admin shell", () => {
  test("marks every admin response no-store and redirects /admin to the panel", async ({ page }) => {
    await loginAs(page, "admin");
    const response = await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/painel$/);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    const session = await page.request.get("/admin/sessao", { headers: { Accept: "application/json" } });
    expect(session.headers()["cache-control"]).toBe("no-store");
    const body = await session.json();
    expect(Date.parse(body.idleExpiresAt)).toBeGreaterThan(Date.parse(body.now));
  });

  test("ends the user's other sessions from the panel", async ({ page, browser }) => {
    const other = await browser.newContext();
    const otherCookie = await signInOverHttp(other.request, E2E_BASE_URL, E2E_ADMIN);
    expect(otherCookie).not.toBeNull();
    await loginAs(page, "admin");
    await ready(page, "/admin/painel");
    await page.getByRole("button", { name: "Encerrar outras sessões" }).click();
    await expect(page.getByText(/sess(ão|ões) encerradas?\./)).toBeVisible();
    const response = await other.request.get("/admin/painel", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    await other.close();
    // The panel's own session survives.
    expect(
      (await page.request.get("/admin/sessao", { headers: { Accept: "application/json" } })).status(),
    ).toBe(200);
  });
});

/** The "Novo usuário" form, opening its disclosure when it is closed. */
async function newUserForm(page: Page) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Criar usuário" }) });
  if (!(await form.isVisible())) await page.getByText("Novo usuário").click();
  await expect(form).toBeVisible();
  return form;
}

async function createCorretorThroughUi(page: Page, email: string, password: string) {
  await loginAs(page, "admin");
  await ready(page, "/admin/usuarios");
  const form = await newUserForm(page);
  await form.getByLabel("Nome").fill("Corretor Temporário");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Papel").selectOption("corretor");
  await form.getByLabel("CRECI (opcional)").fill("11111-F");
  await form.getByLabel("Telefone (opcional)").fill("(82) 98888-7777");
  await form.getByLabel("Senha temporária").fill(password);
  await form.getByRole("button", { name: "Criar usuário" }).click();
  await expect(page.getByText("Usuário criado.", { exact: false })).toBeVisible();
  await expect(page.locator(`[data-user-email="${email}"]`)).toBeVisible();
}

async function signedInCorretorPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await ready(page, "/login");
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/admin\/painel$/);
  return { context, page };
}

test.describe("roles and the users screen", () => {
  test("an admin creates a corretor who cannot reach users or settings", async ({ page, browser }) => {
    const email = `corretor.${Date.now()}@teste.com.br`;
    const password = "senha temporaria do corretor";
    await createCorretorThroughUi(page, email, password);

    // A weak temporary password is refused at the field.
    const form = await newUserForm(page);
    await form.getByLabel("Nome").fill("Senha Fraca");
    await form.getByLabel("E-mail").fill(`fraca.${Date.now()}@teste.com.br`);
    await form.getByLabel("Senha temporária").fill("senha12345");
    await form.getByRole("button", { name: "Criar usuário" }).click();
    await expect(form.getByText(/^Senha fraca:/)).toBeVisible();
    // The agency's trade word and a year: long enough, and still refused, saying why. (The form
    // comes back empty after a refusal, so name and e-mail are typed again.)
    await form.getByLabel("Nome").fill("Senha Fraca");
    await form.getByLabel("E-mail").fill(`fraca.${Date.now()}@teste.com.br`);
    await form.getByLabel("Senha temporária").fill("Imobiliaria2024");
    await form.getByRole("button", { name: "Criar usuário" }).click();
    await expect(form.getByLabel("Senha temporária")).toHaveAccessibleDescription(
      /Senha fraca: não use palavras do ramo \(como “imobiliária” ou “corretor”\) na senha\./,
    );
    await expect(form.getByLabel("Senha temporária")).toHaveAttribute("aria-invalid", "true");

    const corretor = await signedInCorretorPage(browser, email, password);
    const nav = corretor.page.getByRole("navigation", { name: "Menu do painel" });
    await expect(nav.getByRole("link", { name: "Imóveis" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Usuários" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Configurações" })).toHaveCount(0);
    for (const path of ["/admin/usuarios", "/admin/configuracoes"]) {
      const response = await corretor.page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(corretor.page.getByRole("heading", { level: 1, name: "Acesso negado" })).toBeVisible();
    }
    await corretor.context.close();
  });

  test("a revoked session sends the open page to /login at the next check", async ({ page, browser }) => {
    const email = `revogado.${Date.now()}@teste.com.br`;
    const password = "senha temporaria revogada";
    await createCorretorThroughUi(page, email, password);

    const context = await browser.newContext();
    await context.clock.install();
    const corretorPage = await context.newPage();
    await ready(corretorPage, "/login");
    await signInWithForm(corretorPage, email, password);
    await expect(corretorPage).toHaveURL(/\/admin\/painel$/);
    await corretorPage.goto("/admin/imoveis");
    await corretorPage.locator("html[data-hydrated]").waitFor({ state: "attached" });

    // The admin deactivates the corretor: every session of theirs ends on the server.
    await page.goto("/admin/usuarios");
    page.once("dialog", (dialog) => dialog.accept());
    await page.locator(`[data-user-email="${email}"]`).getByRole("button", { name: "Desativar" }).click();
    await expect(page.getByText("Usuário desativado.", { exact: false })).toBeVisible();

    // The next 30-second check finds the session gone.
    await context.clock.fastForward(31_000);
    await expect(corretorPage).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fimoveis$/);

    await context.close();
  });
});

test.describe("settings", () => {
  test("a change shows on the public site at once: footer, about page, WhatsApp and structured data", async ({
    page,
  }) => {
    const fields = {
      phones: page.getByLabel("Telefones"),
      whatsapp: page.getByLabel("WhatsApp", { exact: true }),
      instagram: page.getByLabel("Instagram"),
      aboutText: page.getByLabel("Sobre nós"),
    };
    const save = async () => {
      await page.getByRole("button", { name: "Salvar configurações" }).click();
      await expect(page.getByText("Configurações salvas.")).toBeVisible();
    };
    await loginAs(page, "admin");
    await ready(page, "/admin/configuracoes");
    const original = Object.fromEntries(
      await Promise.all(Object.entries(fields).map(async ([key, field]) => [key, await field.inputValue()])),
    ) as Record<keyof typeof fields, string>;
    const sentence = `Atendemos também aos domingos (${Date.now().toString(36)}).`;
    try {
      await fields.phones.fill("(82) 3030-4040");
      await fields.whatsapp.fill("(82) 99191-2323");
      await fields.instagram.fill("https://www.instagram.com/teste.e2e");
      await fields.aboutText.fill(`${original.aboutText}\n\n${sentence}`);
      await save();

      // Read as a visitor (no session), who may be served from the page cache.
      const visitor = await page.context().browser()?.newContext();
      const publicPage = await visitor?.newPage();
      if (!visitor || !publicPage) throw new Error("sem navegador");
      await publicPage.goto("/");
      const footer = publicPage.locator("footer");
      await expect(footer).toContainText("(82) 3030-4040");
      await expect(footer.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
        "href",
        /^https:\/\/wa\.me\/5582991912323/,
      );
      await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveAttribute(
        "href",
        "https://www.instagram.com/teste.e2e",
      );
      const home = await (await publicPage.request.get("/")).text();
      expect(home).toContain('"https://www.instagram.com/teste.e2e"');
      await publicPage.goto("/sobre-nos");
      await expect(publicPage.getByText(sentence)).toBeVisible();
      await visitor.close();

      // Bad input: a message at the field, HTTP 400, nothing saved.
      await ready(page, "/admin/configuracoes");
      await page.getByLabel("E-mail", { exact: true }).fill("nao-e-email");
      await page.getByRole("button", { name: "Salvar configurações" }).click();
      await expect(page.getByText(/E-mail: informe um e-mail válido/)).toBeVisible();
    } finally {
      await ready(page, "/admin/configuracoes");
      for (const [key, field] of Object.entries(fields))
        await field.fill(original[key as keyof typeof fields]);
      await save();
    }
  });
});

test.describe("accessibility", () => {
  test("/login has no axe violations", async ({ page }) => {
    await ready(page, "/login");
    await expectNoAxeViolations(page);
  });

  test("/recuperar-senha has no axe violations, before and after sending", async ({ page }) => {
    await ready(page, "/recuperar-senha");
    await expectNoAxeViolations(page);
    await page.getByLabel("E-mail").fill("ninguem.aqui@teste.com.br");
    await page.getByRole("button", { name: "Enviar link" }).click();
    await expect(page.getByRole("status")).toContainText("Se houver uma conta com este e-mail");
    await expectNoAxeViolations(page);
  });

  // A valid link's form is checked in the password-recovery test below (it needs the e-mail).
  test("/redefinir-senha with an invalid link has no axe violations", async ({ page }) => {
    await ready(page, "/redefinir-senha/token-que-nao-existe-0000000000");
    await expect(page.getByRole("alert")).toContainText("inválido, já foi usado ou expirou");
    await expectNoAxeViolations(page);
  });

  for (const path of ["/admin/painel", "/admin/usuarios", "/admin/configuracoes"]) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await loginAs(page, "admin");
      await ready(page, path);
      await expectNoAxeViolations(page);
    });
  }

  test("/admin/painel has no axe violations on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await loginAs(page, "corretor");
    await ready(page, "/admin/painel");
    await expectNoAxeViolations(page);
  });
});

// A second server with a real SMTP server: the sign-in rate limit is exercised without disturbing
// the main server's counters, and the reset e-mail is read where it lands (the recovery changes
// the administrator's password, which the main server's other tests need). It trusts
// X-Forwarded-For so that each test can sign in from an address of its own: the limit counts per
// IP, and the tests must not share one count.
test.describe("own server: sign-in rate limit, password recovery by e-mail", () => {
  test.describe.configure({ mode: "serial" });
  let server: ServerProcess | undefined;
  let smtp: TestSmtp | undefined;
  const baseURL = () => server?.url ?? "";

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // A real SMTP server in the test process: the password-reset e-mail must arrive there.
    smtp = await startTestSmtp();
    server = await startServer({ admin: E2E_ADMIN, env: { TRUST_PROXY: "true", SMTP_URL: smtp.url } });
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("the 11th sign-in attempt in a minute gets 429 and a clear message; another address is unaffected", async ({
    page,
    browser,
  }) => {
    const from = { "X-Forwarded-For": "198.51.100.20" };
    await page.setExtraHTTPHeaders(from);
    for (let i = 1; i <= 10; i++) {
      const response = await page.request.post(`${baseURL()}/login`, {
        form: { email: `tentativa${i}@teste.com.br`, password: "senha errada qualquer" },
        headers: { Origin: baseURL(), ...from },
        maxRedirects: 0,
      });
      expect(response.status(), `tentativa ${i}`).toBe(401);
    }
    await ready(page, "/login", baseURL());
    await signInWithForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByRole("alert")).toHaveText(
      "Muitas tentativas de entrada a partir desta conexão. Aguarde um minuto e tente novamente.",
    );
    await expect(page).toHaveURL(`${baseURL()}/login`);
    const limited = await page.request.post(`${baseURL()}/login`, {
      form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
      headers: { Origin: baseURL(), ...from },
      maxRedirects: 0,
    });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);

    // The limit is per connection: the owner, elsewhere, still gets in.
    const elsewhere = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.21" } });
    const owner = await signInOverHttp(elsewhere.request, baseURL(), E2E_ADMIN);
    expect(owner).not.toBeNull();
    await elsewhere.close();
  });

  // Last in this block: it changes the administrator's password on this server.
  test("password recovery: the e-mailed link sets a new password once; the old one stops working", async ({
    browser,
  }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.30" } });
    const page = await context.newPage();
    const before = smtp?.received.length ?? 0;
    await ready(page, "/recuperar-senha", baseURL());
    await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
    await page.getByRole("button", { name: "Enviar link" }).click();
    await expect(page.getByRole("status")).toContainText("Se houver uma conta com este e-mail");

    // The outbox worker hands it to the SMTP server right after the request commits.
    await expect.poll(() => (smtp?.received.length ?? 0) - before).toBe(1);
    const mail = smtp?.received.at(-1);
    expect(mail?.to).toEqual([E2E_ADMIN.email]);
    const body = (mail?.raw ?? "")
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const link = body.match(new RegExp(`${baseURL()}/redefinir-senha/[\\w-]+`))?.[0];
    expect(link, "link de redefinição no e-mail").toBeTruthy();

    const newPassword = "uma nova senha para o teste de recuperação";
    await page.goto(link as string);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expectNoAxeViolations(page); // the form a valid link opens
    await page.getByLabel("Nova senha", { exact: true }).fill(newPassword);
    await page.getByLabel("Repita a nova senha").fill(newPassword);
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await expect(page.getByText("Senha alterada. Entre com a nova senha.")).toBeVisible();

    // Single use.
    await page.goto(link as string);
    await expect(page.getByRole("alert")).toContainText("inválido, já foi usado ou expirou");

    expect(await signInOverHttp(context.request, baseURL(), E2E_ADMIN)).toBeNull();
    await ready(page, "/login", baseURL());
    await signInWithForm(page, E2E_ADMIN.email, newPassword);
    await expect(page).toHaveURL(`${baseURL()}/admin/painel`);
    await context.close();
  });
});
