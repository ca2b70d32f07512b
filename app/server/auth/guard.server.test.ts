// requireUser against a real database with real Request objects, for every way in and out.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoadContext, requestContext } from "../context.server";
import type { Database } from "../db/client.server";
import { sessions } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { type GuardArgs, getOptionalUser, requireUser } from "./guard.server";
import { readSessionToken, serializeSessionCookie, sessionCookieName } from "./session-cookie.server";
import { createSession, sessionPolicy } from "./sessions.server";
import { createTestUser, TEST_ORIGIN, testContext } from "./test-context.server";

let database: Database;
let context: LoadContext;
beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database);
});
afterAll(async () => {
  await database.close();
});

async function signedIn(role: "admin" | "corretor") {
  const user = await createTestUser(database, { role });
  const { token, session } = await createSession(
    database.db,
    sessionPolicy(context.get(requestContext).services.config),
    {
      userId: user.id,
    },
  );
  return {
    user,
    token,
    session,
    cookie: `${sessionCookieName(context.get(requestContext).services.config)}=${token}`,
  };
}

function request(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`${TEST_ORIGIN}${path}`, { ...init, headers });
}

/** What React Router hands a loader: on a document request the URL is the request's own. */
function guard(request: Request, url = new URL(request.url)): GuardArgs {
  return { request, context, url };
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected requireUser to throw a Response");
}

describe("requireUser", () => {
  it("redirects a page request without a cookie to /login with redirectTo", async () => {
    const response = await thrown(requireUser(guard(request("/admin/imoveis?p=2"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fimoveis%3Fp%3D2");
  });

  it("sends a client-side navigation back to the page, not to React Router's data URL", async () => {
    // With future.v8_passThroughRequests the request is the raw one React Router received.
    const dataRequest = request("/admin/imoveis.data?p=2&_routes=routes%2Fadmin%2Flayout");
    const response = await thrown(
      requireUser(guard(dataRequest, new URL(`${TEST_ORIGIN}/admin/imoveis?p=2`))),
    );
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fimoveis%3Fp%3D2");
  });

  it("answers 401 JSON to a fetch that asks for JSON", async () => {
    const response = await thrown(
      requireUser(guard(request("/admin/sessao", { headers: { Accept: "application/json" } }))),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: expect.stringContaining("sessão") });
  });

  it("returns the user for a valid session and touches it", async () => {
    const { user, session, cookie } = await signedIn("corretor");
    await database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, session.id));
    const result = await requireUser(guard(request("/admin/painel", { cookie })));
    expect(result).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      role: "corretor",
      creci: null,
      phone: null,
    });
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(5_000);
  });

  it("treats an idle-expired session as none and clears the cookie", async () => {
    const { session, cookie } = await signedIn("admin");
    const idleMs = context.get(requestContext).services.config.SESSION_IDLE_MINUTES * 60_000;
    await database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - idleMs - 1000) })
      .where(eq(sessions.id, session.id));
    const response = await thrown(requireUser(guard(request("/admin/painel", { cookie }))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toMatch(/^sessao=; .*Max-Age=0/);
  });

  it("treats an absolutely expired session as none", async () => {
    const { session, cookie } = await signedIn("admin");
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    const response = await thrown(requireUser(guard(request("/admin/painel", { cookie }))));
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });

  it("refuses a forged or malformed cookie", async () => {
    for (const cookie of [
      "sessao=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "sessao=<script>",
      "outro=abc",
    ]) {
      const response = await thrown(requireUser(guard(request("/admin/painel", { cookie }))));
      expect(response.status).toBe(302);
    }
  });

  it("answers 403 to a corretor on an admin-only screen, and lets an admin in", async () => {
    const corretor = await signedIn("corretor");
    const response = await thrown(
      requireUser(guard(request("/admin/usuarios", { cookie: corretor.cookie })), { role: "admin" }),
    );
    expect(response.status).toBe(403);
    const admin = await signedIn("admin");
    const user = await requireUser(guard(request("/admin/usuarios", { cookie: admin.cookie })), {
      role: "admin",
    });
    expect(user.role).toBe("admin");
  });

  it("refuses a cross-origin POST with 403 even with a valid session", async () => {
    const { cookie } = await signedIn("admin");
    const byOrigin = await thrown(
      requireUser(
        guard(
          request("/admin/usuarios", { method: "POST", cookie, headers: { Origin: "https://evil.example" } }),
        ),
      ),
    );
    expect(byOrigin.status).toBe(403);
    const bySite = await thrown(
      requireUser(
        guard(
          request("/admin/usuarios", { method: "POST", cookie, headers: { "Sec-Fetch-Site": "cross-site" } }),
        ),
      ),
    );
    expect(bySite.status).toBe(403);
    const nullOrigin = await thrown(
      requireUser(guard(request("/admin/usuarios", { method: "POST", cookie, headers: { Origin: "null" } }))),
    );
    expect(nullOrigin.status).toBe(403);
  });

  it("accepts a same-origin POST", async () => {
    const { cookie, user } = await signedIn("admin");
    const result = await requireUser(
      guard(
        request("/admin/usuarios", {
          method: "POST",
          cookie,
          headers: { Origin: TEST_ORIGIN, "Sec-Fetch-Site": "same-origin" },
        }),
      ),
    );
    expect(result.id).toBe(user.id);
  });

  it("refuses an inactive user's session", async () => {
    const { cookie } = await signedIn("admin");
    const inactive = await createTestUser(database, { active: false });
    const { token } = await createSession(
      database.db,
      sessionPolicy(context.get(requestContext).services.config),
      {
        userId: inactive.id,
      },
    );
    await expect(requireUser(guard(request("/admin/painel", { cookie })))).resolves.toBeTruthy();
    const response = await thrown(
      requireUser(guard(request("/admin/painel", { cookie: `sessao=${token}` }))),
    );
    expect(response.status).toBe(302);
  });
});

describe("getOptionalUser", () => {
  it("returns null without a session and the user with one", async () => {
    expect(await getOptionalUser(request("/login"), context)).toBeNull();
    const { cookie, user } = await signedIn("corretor");
    expect((await getOptionalUser(request("/login", { cookie }), context))?.id).toBe(user.id);
  });
});

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax; Secure with the __Host- prefix behind https", async () => {
    const plain = serializeSessionCookie("tok", context.get(requestContext).services.config);
    expect(plain).toMatch(/^sessao=tok; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);
    const tls = testContext(database, { PUBLIC_URL: "https://www.exemplo.com.br" }).get(requestContext)
      .services.config;
    const secure = serializeSessionCookie("tok", tls);
    expect(secure).toMatch(/^__Host-sessao=tok; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(secure).not.toMatch(/Domain=/);
    const token = "abcdefghijklmnopqrstuvwxyz012345";
    const read = readSessionToken(
      new Request("https://www.exemplo.com.br/", { headers: { Cookie: `sessao=x; __Host-sessao=${token}` } }),
      tls,
    );
    expect(read).toBe(token);
  });
});
