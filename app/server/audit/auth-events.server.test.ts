// The audit log's auth events, driven through the real route actions (sign-in, keep-alive,
// other sessions, users screen, recovery, sign-out) on a real database: each leaves a row with
// its time, its user and the request's IP and user agent.
import { and, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as sessionAction } from "../../routes/admin/sessao";
import { action as usersAction } from "../../routes/admin/usuarios";
import { action as loginAction } from "../../routes/public/login";
import { action as recoveryAction } from "../../routes/public/recuperar-senha";
import { action as signOutAction } from "../../routes/sair";
import { sessionCookieName } from "../auth/session-cookie.server";
import { createTestUser, TEST_ORIGIN, testContext } from "../auth/test-context.server";
import { type LoadContext, requestContext } from "../context.server";
import type { Database } from "../db/client.server";
import { auditLog } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";

let database: Database;
let context: LoadContext;
beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database);
});
afterAll(async () => {
  await database.close();
});

const USER_AGENT = "Mozilla/5.0 (teste de auditoria)";
const PASSWORD = "uma senha bem comprida";

function post(path: string, form: Record<string, string>, cookie?: string): Request {
  const headers = new Headers({ Origin: TEST_ORIGIN, "User-Agent": USER_AGENT });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

/** Runs a route action the way React Router does; a thrown Response is the answer too. */
async function run(
  action: (args: never) => unknown,
  request: Request,
): Promise<{ status: number; headers: Headers }> {
  try {
    const result = (await action({
      request,
      context,
      url: new URL(request.url),
      params: {},
    } as never)) as unknown;
    if (result instanceof Response) return result;
    const init = (result as { init?: ResponseInit | null } | null)?.init;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers) };
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

async function entries(action: string, since: Date) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), gte(auditLog.at, since)));
}

function expectStamped(entry: typeof auditLog.$inferSelect | undefined, userId: number | null, since: Date) {
  expect(entry).toBeDefined();
  expect(entry?.userId).toBe(userId);
  expect(entry?.ip).toBe(context.get(requestContext).ip);
  expect(entry?.userAgent).toBe(USER_AGENT);
  expect(entry?.at.getTime()).toBeGreaterThanOrEqual(since.getTime());
  expect(entry?.at.getTime()).toBeLessThanOrEqual(Date.now());
}

describe("auth events in the audit log", () => {
  it("records a failed sign-in, the sign-in, a refresh, ending other sessions and the sign-out", async () => {
    const since = new Date(Date.now() - 1000);
    const user = await createTestUser(database, { role: "admin", password: PASSWORD });

    const failed = await run(loginAction, post("/login", { email: user.email, password: "senha errada" }));
    expect(failed.status).toBe(401);
    const unknown = await run(loginAction, post("/login", { email: "ninguem@teste.com.br", password: "x" }));
    expect(unknown.status).toBe(401);
    const failures = await entries("sign-in-failed", since);
    expectStamped(
      failures.find((e) => e.userId === user.id),
      user.id,
      since,
    );
    expectStamped(
      failures.find((e) => e.details?.reason === "unknown-email"),
      null,
      since,
    );

    const signedIn = await run(loginAction, post("/login", { email: user.email, password: PASSWORD }));
    expect(signedIn.status).toBe(302);
    const name = sessionCookieName(context.get(requestContext).services.config);
    const token = signedIn.headers.get("Set-Cookie")?.match(new RegExp(`${name}=([^;]+)`))?.[1];
    expect(token).toBeTruthy();
    const cookie = `${name}=${token}`;
    expectStamped(
      (await entries("signed-in", since)).find((e) => e.userId === user.id),
      user.id,
      since,
    );

    expect((await run(sessionAction, post("/admin/sessao", {}, cookie))).status).toBe(200);
    expectStamped((await entries("token-refreshed", since))[0], user.id, since);

    const ended = await run(sessionAction, post("/admin/sessao", { intent: "encerrar-outras" }, cookie));
    expect(ended.status).toBe(200);
    const otherSessions = (await entries("user-updated", since)).find(
      (e) => e.details?.change === "other-sessions-ended",
    );
    expectStamped(otherSessions, user.id, since);

    expect((await run(signOutAction, post("/sair", {}, cookie))).status).toBe(302);
    expectStamped((await entries("signed-out", since))[0], user.id, since);
  });

  it("records a change made on the users screen and a password-recovery request", async () => {
    const since = new Date(Date.now() - 1000);
    const admin = await createTestUser(database, { role: "admin", password: PASSWORD });
    const corretor = await createTestUser(database, { role: "corretor" });
    const signedIn = await run(loginAction, post("/login", { email: admin.email, password: PASSWORD }));
    const name = sessionCookieName(context.get(requestContext).services.config);
    const cookie = `${name}=${signedIn.headers.get("Set-Cookie")?.match(new RegExp(`${name}=([^;]+)`))?.[1]}`;

    const updated = await run(
      usersAction,
      post(
        "/admin/usuarios",
        { intent: "update", id: String(corretor.id), name: corretor.name, role: "corretor", creci: "9876-F" },
        cookie,
      ),
    );
    expect(updated.status).toBe(200);
    const change = (await entries("user-updated", since)).find((e) => e.entityId === String(corretor.id));
    expectStamped(change, admin.id, since);

    expect((await run(recoveryAction, post("/recuperar-senha", { email: corretor.email }))).status).toBe(200);
    const recovery = (await entries("password-recovery", since)).find((e) => e.userId === corretor.id);
    expectStamped(recovery, corretor.id, since);
    expect(recovery?.details).toEqual({ stage: "requested" });
  });
});
