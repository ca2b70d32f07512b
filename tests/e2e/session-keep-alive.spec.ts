// The keep-alive holds an open admin page signed in past the idle timeout, and a page left
// alone loses its session and comes back after signing in. On a server of its own whose idle
// timeout is IDLE_SECONDS (SESSION_IDLE_MINUTES takes fractions): the page then checks every
// quarter of it (sessionCheckIntervalMs in app/lib/session-constants.ts), so the test waits
// seconds, not minutes, and waits for what happens rather than for a fixed time.
import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { type ServerProcess, startServer } from "../support/server";
import { test } from "./fixtures";

const IDLE_SECONDS = 8;

let server: ServerProcess | undefined;
const baseURL = () => server?.url ?? "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer({
    admin: E2E_ADMIN,
    env: { SESSION_IDLE_MINUTES: String(IDLE_SECONDS / 60), TRUST_PROXY: "true" },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, path = "/login") {
  await page.goto(`${baseURL()}${path}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Senha", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

test("an open admin page stays signed in past the idle timeout; one left alone goes to /login and back", async ({
  browser,
}) => {
  const open = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.10" } });
  const openPage = await open.newPage();
  await signIn(openPage);
  await expect(openPage).toHaveURL(`${baseURL()}/admin/painel`);
  const refreshes: number[] = [];
  openPage.on("response", (response) => {
    if (response.url() === `${baseURL()}/admin/sessao` && response.request().method() === "POST") {
      refreshes.push(response.status());
    }
  });

  // Another browser signs in, opens a screen and is then left alone (a laptop lid closed):
  // its timers stand still, so nothing keeps its session alive past the timeout.
  const idle = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.11" } });
  await idle.clock.install();
  const idlePage = await idle.newPage();
  await signIn(idlePage);
  await expect(idlePage).toHaveURL(`${baseURL()}/admin/painel`);
  await idlePage.goto(`${baseURL()}/admin/imoveis?ordem=recentes`);
  await idlePage.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await idle.clock.pauseAt(Date.now() + 1_000);
  const leftAloneAt = Date.now();

  // Twice the idle timeout goes by with no navigation: only the checks keep the open page alive.
  await expect
    .poll(() => Date.now() - leftAloneAt > 2 * IDLE_SECONDS * 1000 && refreshes.length >= 2, {
      timeout: 6 * IDLE_SECONDS * 1000,
    })
    .toBe(true);
  expect(refreshes.every((status) => status === 200)).toBe(true);
  await openPage.reload();
  await expect(openPage).toHaveURL(`${baseURL()}/admin/painel`);
  await expect(openPage.getByRole("heading", { level: 1, name: "Painel" })).toBeVisible();

  const gone = await idle.request.get(`${baseURL()}/admin/painel`, { maxRedirects: 0 });
  expect(gone.status()).toBe(302);
  expect(gone.headers().location).toBe("/login?redirectTo=%2Fadmin%2Fpainel");

  // The lid opens: the next check finds the session gone, sends the page to /login, and
  // signing in brings it back to the same screen.
  await idle.clock.fastForward(IDLE_SECONDS * 1000);
  await expect(idlePage).toHaveURL(`${baseURL()}/login?redirectTo=%2Fadmin%2Fimoveis%3Fordem%3Drecentes`);
  await idle.clock.resume();
  await idlePage.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await idlePage.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await idlePage.getByLabel("Senha", { exact: true }).fill(E2E_ADMIN.password);
  await idlePage.getByRole("button", { name: "Entrar" }).click();
  await expect(idlePage).toHaveURL(`${baseURL()}/admin/imoveis?ordem=recentes`);
  await open.close();
  await idle.close();
});
