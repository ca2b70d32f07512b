// Sign-in helpers for browser tests. `loginAs(page, role)` signs in over HTTP (POST /login with
// the form fields and a same-origin Origin header), not through the UI, and reuses a session
// while it is still alive: the sign-in rate limit (10 attempts per minute per IP) would
// otherwise trip over a fast suite. The corretor account is created once through the admin
// users action, idempotently (and repaired if a test deactivated it or changed its password).
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
  request as playwrightRequest,
} from "@playwright/test";
import { E2E_ADMIN, E2E_PORT } from "../../playwright.config";

export type Role = "admin" | "corretor";

export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export const E2E_CORRETOR = {
  name: "Corretora de Teste",
  email: "corretora.e2e@teste.com.br",
  password: "senha-da-corretora-e2e-456",
  creci: "54321-F",
  phone: "(82) 99876-5432",
} as const;

let phones = 0;

/**
 * A mobile number no other lead of this run (or of an earlier run on a reused data folder) has:
 * the same phone within 30 days joins that person's card (app/server/leads/record.server.ts), so
 * a test that looks for its own row needs a person of its own.
 */
export function uniquePhone(): string {
  phones += 1;
  const digits = String((Date.now() * 10 + phones) % 100_000_000).padStart(8, "0");
  return `(82) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
}

export const CREDENTIALS: Record<Role, { email: string; password: string }> = {
  admin: E2E_ADMIN,
  corretor: E2E_CORRETOR,
};

interface SessionCookie {
  name: string;
  value: string;
}

/** Live session cookies by base URL and role (module state lives as long as the worker). */
const sessions = new Map<string, SessionCookie>();

function cookieFromSetCookie(header: string | undefined): SessionCookie {
  const match = header?.match(/(?:^|\n)((?:__Host-)?sessao)=([^;]+)/);
  if (!match?.[1] || !match[2]) throw new Error(`login sem cookie de sessão: ${header}`);
  return { name: match[1], value: match[2] };
}

let helperSignIns = 0;

/**
 * A documentation address (TEST-NET-3) of its own for each sign-in the helpers make to get a
 * session: they are plumbing, not what a test is about, and the per-IP limit (10 a minute) would
 * otherwise count them against the tests that sign in through the form from 127.0.0.1. The
 * main test server trusts X-Forwarded-For (TRUST_PROXY in playwright.config.ts).
 */
function helperAddress(): string {
  helperSignIns += 1;
  return `203.0.113.${(helperSignIns % 254) + 1}`;
}

/** POST /login over HTTP; returns the session cookie, or null when the credentials fail. */
export async function signInOverHttp(
  api: APIRequestContext,
  baseURL: string,
  credentials: { email: string; password: string },
  from?: { forwardedFor: string },
): Promise<SessionCookie | null> {
  const response = await api.post(`${baseURL}/login`, {
    form: { email: credentials.email, password: credentials.password },
    headers: { Origin: baseURL, ...(from ? { "X-Forwarded-For": from.forwardedFor } : {}) },
    maxRedirects: 0,
  });
  if (response.status() === 401) return null;
  expect(response.status(), `login de ${credentials.email}: ${await response.text()}`).toBe(302);
  return cookieFromSetCookie(response.headers()["set-cookie"]);
}

async function isAlive(api: APIRequestContext, baseURL: string, cookie: SessionCookie): Promise<boolean> {
  const response = await api.get(`${baseURL}/admin/sessao`, {
    headers: { Accept: "application/json", Cookie: `${cookie.name}=${cookie.value}` },
    maxRedirects: 0,
  });
  return response.status() === 200;
}

/** POST to an admin action with a session cookie and a same-origin Origin. */
export async function postAs(
  api: APIRequestContext,
  baseURL: string,
  cookie: SessionCookie,
  path: string,
  form: Record<string, string>,
) {
  return api.post(`${baseURL}${path}`, {
    form,
    headers: { Origin: baseURL, Cookie: `${cookie.name}=${cookie.value}` },
    maxRedirects: 0,
  });
}

async function adminCookie(api: APIRequestContext, baseURL: string): Promise<SessionCookie> {
  return sessionFor(api, baseURL, "admin");
}

/** Creates the fixture corretor if missing; reactivates it and resets its password if needed. */
async function ensureCorretor(api: APIRequestContext, baseURL: string): Promise<SessionCookie> {
  const admin = await adminCookie(api, baseURL);
  const created = await postAs(api, baseURL, admin, "/admin/usuarios", {
    intent: "create",
    name: E2E_CORRETOR.name,
    email: E2E_CORRETOR.email,
    role: "corretor",
    creci: E2E_CORRETOR.creci,
    phone: E2E_CORRETOR.phone,
    password: E2E_CORRETOR.password,
  });
  expect([200, 400]).toContain(created.status());
  const signedIn = await signInOverHttp(api, baseURL, E2E_CORRETOR, { forwardedFor: helperAddress() });
  if (signedIn) return signedIn;
  // It exists but cannot sign in: a test deactivated it or changed its password.
  const page = await api.get(`${baseURL}/admin/usuarios`, {
    headers: { Cookie: `${admin.name}=${admin.value}` },
  });
  const id = (await page.text()).match(
    /data-user-id="(\d+)" data-user-email="corretora\.e2e@teste\.com\.br"/,
  )?.[1];
  if (!id) throw new Error("corretora de teste não encontrada na lista de usuários");
  await postAs(api, baseURL, admin, "/admin/usuarios", { intent: "reactivate", id });
  await postAs(api, baseURL, admin, "/admin/usuarios", {
    intent: "update",
    id,
    name: E2E_CORRETOR.name,
    role: "corretor",
    creci: E2E_CORRETOR.creci,
    phone: E2E_CORRETOR.phone,
  });
  await postAs(api, baseURL, admin, "/admin/usuarios", {
    intent: "set-password",
    id,
    password: E2E_CORRETOR.password,
  });
  const retried = await signInOverHttp(api, baseURL, E2E_CORRETOR, { forwardedFor: helperAddress() });
  if (!retried) throw new Error("não foi possível entrar como a corretora de teste");
  return retried;
}

/** A live session cookie for `role` on `baseURL`, reusing one while it lasts. */
export async function sessionFor(
  api: APIRequestContext,
  baseURL: string,
  role: Role,
): Promise<SessionCookie> {
  const key = `${baseURL} ${role}`;
  const cached = sessions.get(key);
  if (cached && (await isAlive(api, baseURL, cached))) return cached;
  sessions.delete(key);
  const fresh =
    role === "admin"
      ? await signInOverHttp(api, baseURL, CREDENTIALS.admin, { forwardedFor: helperAddress() })
      : await ensureCorretor(api, baseURL);
  if (!fresh) throw new Error(`credenciais de ${role} recusadas`);
  sessions.set(key, fresh);
  return fresh;
}

/**
 * A lead sent through a listing's form, as a visitor would: the first listing of a search (by
 * default the newest), its id (from the admin's inbox) and the listing's referência.
 */
export async function listingLead(
  api: APIRequestContext,
  name: string,
  search = "ordem=recentes",
): Promise<{ id: string; referencia: string }> {
  const listings = await (await api.get(`${E2E_BASE_URL}/todos-os-imoveis?${search}`)).text();
  const referencia = listings.match(/href="\/casas\/([A-Za-z0-9-]+)"/)?.[1];
  if (!referencia) throw new Error("nenhum imóvel publicado");
  const sent = await api.post(`${E2E_BASE_URL}/casas/${referencia}`, {
    form: { name, phone: uniquePhone(), message: "Quero visitar no fim de semana.", consent: "on" },
    headers: { Origin: E2E_BASE_URL },
  });
  if (sent.status() !== 200) throw new Error(`o formulário do imóvel respondeu ${sent.status()}`);
  const admin = await sessionFor(api, E2E_BASE_URL, "admin");
  const inbox = await (
    await api.get(`${E2E_BASE_URL}/admin/leads`, { headers: { Cookie: `${admin.name}=${admin.value}` } })
  ).text();
  const id = inbox.match(new RegExp(`href="/admin/leads/(\\d+)"[^>]*>${name}<`))?.[1];
  if (!id) throw new Error(`o lead ${name} não apareceu na caixa do administrador`);
  return { id, referencia };
}

/** A listing's admin id, found by its referência in the admin list (the page must be signed in). */
export async function adminIdOf(page: Page, referencia: string): Promise<string> {
  await page.goto(`/admin/imoveis?q=${referencia}`);
  const editHref = await page
    .locator(`a[href^="/admin/imoveis/"]`, { hasText: referencia })
    .first()
    .getAttribute("href");
  const id = editHref?.match(/\/admin\/imoveis\/(\d+)/)?.[1];
  if (!id) throw new Error(`sem link de edição para ${referencia}`);
  return id;
}

/**
 * Signs the page's browser context in as `role` (admin: E2E_ADMIN from playwright.config.ts;
 * corretor: E2E_CORRETOR, created on first use). Returns the session cookie.
 */
export async function loginAs(
  page: Page,
  role: Role,
  baseURL: string = E2E_BASE_URL,
): Promise<SessionCookie> {
  const api = await playwrightRequest.newContext();
  try {
    const cookie = await sessionFor(api, baseURL, role);
    await page.context().addCookies([{ name: cookie.name, value: cookie.value, url: baseURL }]);
    return cookie;
  } finally {
    await api.dispose();
  }
}

/** Waits until React has hydrated the page (root.tsx sets html[data-hydrated]): what only
 * JavaScript does (a select that submits on change…) works from then on. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Playwright's `test`, whose `page.goto` returns once an HTML page has hydrated (JavaScript on,
 * and not `waitUntil: "commit"`). The module scripts run after the document is parsed, so a
 * click right after the load event could land before React hydrates: a full page load instead
 * of a client navigation, or a select whose change nothing submits. Tests that look at the page before hydration pass `waitUntil: "commit"`.
 */
let testsStarted = 0;

export const test = base.extend({
  // Each test comes from an address of its own (the server trusts X-Forwarded-For here), so the
  // per-address limits on forms (a listing's lead form: 20 posts in 10 minutes) count one test's
  // posts, not those of every test before it: otherwise a test meets 429 or not depending on how
  // many form-posting tests the suite ran first. A test that sets the header itself still wins.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    testsStarted += 1;
    const address = `10.${testInfo.workerIndex % 256}.${(testsStarted >> 8) & 255}.${testsStarted & 255}`;
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": address });
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const html = (response?.headers()["content-type"] ?? "").startsWith("text/html");
      if (javaScriptEnabled && html && options?.waitUntil !== "commit") await hydrated(page);
      return response;
    };
    await use(page);
  },
});

/** axe (WCAG rules as configured by @axe-core/playwright) finds nothing on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}
