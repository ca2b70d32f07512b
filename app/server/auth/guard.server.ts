// The server-side guard every admin loader, action and resource route starts with.
// Authorization never lives only in the UI.
import { redirect } from "react-router";
import { loginUrl } from "../../lib/redirect-to";
import { type LoadContext, requestContext } from "../context.server";
import type { User } from "../db/schema.server";
import { clearSessionCookie, readSessionToken } from "./session-cookie.server";
import { type SessionRow, sessionPolicy, type ValidSession, validateSession } from "./sessions.server";

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: "admin" | "corretor";
  creci: string | null;
  phone: string | null;
}

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    creci: user.creci,
    phone: user.phone,
  };
}

const NO_STORE = { "Cache-Control": "no-store" };

function isMutation(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}

/**
 * True when a browser tells us the request was started by another site. Browsers send
 * Origin on every POST; Sec-Fetch-Site too on current ones. A request with neither did not
 * come from a browser form on another site (and SameSite=Lax keeps the cookie off those anyway).
 */
export function isCrossOriginRequest(request: Request, publicUrl: string): boolean {
  return isCrossOrigin((name) => request.headers.get(name), new URL(request.url).origin, publicUrl);
}

/** isCrossOriginRequest on raw headers (the Express layer, before React Router). */
export function isCrossOrigin(
  header: (name: string) => string | null,
  requestOrigin: string,
  publicUrl: string,
): boolean {
  const site = header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = header("origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  const allowed = new Set([requestOrigin, new URL(publicUrl).origin]);
  return !allowed.has(origin);
}

/**
 * Programmatic calls (our keep-alive, uploads) ask for JSON and get a 401 they can act on;
 * page navigations and React Router data requests get a redirect to /login.
 */
function wantsJson(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

/**
 * What a loader or action receives from React Router that the guard reads. `url` is the page's
 * own address: with `future.v8_passThroughRequests` (react-router.config.ts) the request is the
 * raw HTTP one, whose URL on a client navigation is React Router's data URL (`/admin.data?_routes=…`).
 */
export interface GuardArgs {
  request: Request;
  context: LoadContext;
  url: URL;
}

function forbidden(request: Request, message: string): Response {
  if (wantsJson(request)) return Response.json({ error: message }, { status: 403, headers: NO_STORE });
  return new Response(message, {
    status: 403,
    headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });
}

function unauthenticated({ request, context, url }: GuardArgs, hadCookie: boolean): Response {
  const headers = new Headers(NO_STORE);
  // A stale cookie is dropped so the browser stops presenting it.
  if (hadCookie)
    headers.append("Set-Cookie", clearSessionCookie(context.get(requestContext).services.config));
  if (wantsJson(request)) {
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify({ error: "Sua sessão terminou. Entre novamente." }), {
      status: 401,
      headers,
    });
  }
  // A POST's path is still the page it was posted from, so it is a sensible place to return to.
  return redirect(loginUrl(`${url.pathname}${url.search}`), { headers });
}

/** The session behind the request's cookie, if it is live. `touch` records activity. */
export async function getSession(
  request: Request,
  context: LoadContext,
  options: { touch?: boolean; now?: Date } = {},
): Promise<(ValidSession & { token: string }) | null> {
  const { services, requestLog } = context.get(requestContext);
  const { config, db } = services;
  const token = readSessionToken(request, config);
  if (!token) return null;
  const valid = await validateSession(db, sessionPolicy(config), token, options);
  if (!valid) return null;
  // The request's log line names who made it (log/request-log.server.ts).
  if (requestLog) requestLog.userId = valid.user.id;
  return { ...valid, token };
}

/**
 * Loader/action guard: no valid session → redirect to /login?redirectTo=<path> (for document
 * requests) or 401 for fetch/resource requests (those sending `Accept: application/json`);
 * wrong role → 403; for non-GET requests also refuses cross-origin (Origin/Sec-Fetch-Site)
 * with 403. Touches the session (idle timeout).
 */
export async function requireUser(args: GuardArgs, options?: { role?: "admin" }): Promise<SessionUser> {
  return (await requireSession(args, options)).user;
}

/** requireUser, also returning the session row (sign-out, "encerrar outras sessões"). */
export async function requireSession(
  args: GuardArgs,
  options?: { role?: "admin"; touch?: boolean },
): Promise<{ user: SessionUser; session: SessionRow; idleExpiresAt: Date }> {
  const { request, context } = args;
  if (
    isMutation(request.method) &&
    isCrossOriginRequest(request, context.get(requestContext).services.config.publicUrl)
  ) {
    throw forbidden(request, "Requisição de outra origem recusada.");
  }
  const found = await getSession(request, context, { touch: options?.touch ?? true });
  if (!found) {
    throw unauthenticated(
      args,
      readSessionToken(request, context.get(requestContext).services.config) !== null,
    );
  }
  if (options?.role && found.user.role !== options.role) {
    throw forbidden(request, "Você não tem permissão para acessar esta página.");
  }
  return { user: toSessionUser(found.user), session: found.session, idleExpiresAt: found.idleExpiresAt };
}

export async function getOptionalUser(request: Request, context: LoadContext): Promise<SessionUser | null> {
  const found = await getSession(request, context);
  return found ? toSessionUser(found.user) : null;
}
