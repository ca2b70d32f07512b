// After signing in, the visitor goes back to the page in `redirectTo`: always a page on this site,
// whatever the parameter holds (app/lib/redirect-to.ts). Checked on the wire (the Location header
// of the form POST, the redirect React Router's client gets from /login.data, the hidden field of
// GET /login) and in a browser with and without JavaScript.
import { type Browser, expect } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { E2E_BASE_URL, test } from "./fixtures";

// Each case signs in, so each comes from a documentation address of its own (2001:db8::/32), one
// range per worker process (Playwright starts a new one after a failure): the per-address limit
// is not what is tested here. The server trusts X-Forwarded-For (playwright.config.ts).
let signIns = 0;
const nextAddress = () => `2001:db8:${process.pid.toString(16)}::${(++signIns).toString(16)}`;

const LEAVING = [
  "/.//evil.example",
  "/admin/..//evil.example",
  "/admin/../..//evil.example",
  "/%2e%2e//evil.example",
  "/admin/.%2e//evil.example",
  "//evil.example",
  "/\\evil.example",
  "/%5Cevil.example",
  "https:evil.example",
  "/\t/evil.example",
];

const signInForm = (redirectTo: string) => ({
  email: E2E_ADMIN.email,
  password: E2E_ADMIN.password,
  redirectTo,
});

test.describe("redirectTo stays on the site", () => {
  for (const redirectTo of LEAVING) {
    test(`POST /login with ${JSON.stringify(redirectTo)}`, async ({ request }) => {
      const response = await request.post("/login", {
        form: signInForm(redirectTo),
        headers: { Origin: E2E_BASE_URL, "X-Forwarded-For": nextAddress() },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      const location = response.headers().location ?? "";
      // Where a browser goes from the login page: this host, a path of its own.
      expect(new URL(location, `${E2E_BASE_URL}/login`).origin).toBe(E2E_BASE_URL);
      expect(location).toMatch(/^\/(?![/\\])/);
    });
  }

  test("POST /login.data (the form with JavaScript) is told to go to a page on this site", async ({
    request,
  }) => {
    for (const redirectTo of ["/.//evil.example", "/admin/..//evil.example"]) {
      const response = await request.post("/login.data", {
        form: signInForm(redirectTo),
        headers: { Origin: E2E_BASE_URL, "X-Forwarded-For": nextAddress() },
        maxRedirects: 0,
      });
      // React Router answers a redirect from a .data request with 202 and the target in the body.
      expect(response.status()).toBe(202);
      const body = await response.text();
      expect(body).toContain('"/admin/painel"');
      expect(body).not.toContain("evil.example");
    }
  });

  test("a safe redirectTo is still honoured, after normalising", async ({ request }) => {
    const response = await request.post("/login", {
      form: signInForm("/admin/./imoveis/../usuarios?filtro=1"),
      headers: { Origin: E2E_BASE_URL, "X-Forwarded-For": nextAddress() },
      maxRedirects: 0,
    });
    expect(response.headers().location).toBe("/admin/usuarios?filtro=1");
  });

  test("GET /login does not put an address off the site in the form", async ({ request }) => {
    for (const redirectTo of ["/.//evil.example", "/admin/..//evil.example"]) {
      const html = await (await request.get(`/login?${new URLSearchParams({ redirectTo })}`)).text();
      expect(html).toMatch(/<form[^>]*method="post"/);
      expect(html).not.toMatch(/name="redirectTo"[^>]*evil\.example|evil\.example[^<]*name="redirectTo"/);
      expect(html).not.toContain('value="/.//evil.example"');
      expect(html).not.toContain('value="//evil.example"');
    }
  });

  async function signInThroughForm(browser: Browser, javaScriptEnabled: boolean, redirectTo: string) {
    const context = await browser.newContext({
      javaScriptEnabled,
      extraHTTPHeaders: { "X-Forwarded-For": nextAddress() },
    });
    const page = await context.newPage();
    // Any request to another host would be the redirect escaping: it is recorded and refused.
    const offSite: string[] = [];
    await page.route(
      (url) => url.origin !== E2E_BASE_URL,
      (route) => {
        offSite.push(route.request().url());
        return route.abort();
      },
    );
    await page.goto(`${E2E_BASE_URL}/login?${new URLSearchParams({ redirectTo })}`);
    if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
    await page.getByLabel("Senha", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/admin/painel`);
    await expect(page.getByRole("heading", { level: 1, name: "Painel" })).toBeVisible();
    expect(offSite).toEqual([]);
    await context.close();
  }

  for (const javaScriptEnabled of [true, false]) {
    test(`a browser ${javaScriptEnabled ? "with" : "without"} JavaScript lands on the panel`, async ({
      browser,
    }) => {
      for (const redirectTo of ["/.//evil.example", "/admin/..//evil.example"]) {
        await signInThroughForm(browser, javaScriptEnabled, redirectTo);
      }
    });
  }
});
