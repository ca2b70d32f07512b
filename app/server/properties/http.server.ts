// Glue between the property routes and the domain: who is acting, and how domain refusals
// become HTTP answers (403/404 to the error boundary, never a 500 for someone else's property).
import { data } from "react-router";
import type { SessionUser } from "../auth/guard.server";
import { type LoadContext, requestContext } from "../context.server";
import type { Actor } from "./access.server";
import { PropertyAccessError } from "./errors.server";

export function actorFor(user: SessionUser, request: Request, context: LoadContext): Actor {
  return {
    id: user.id,
    role: user.role,
    ip: context.get(requestContext).ip,
    userAgent: request.headers.get("user-agent"),
  };
}

/** Rethrow an access refusal as the route's error response; anything else unchanged. */
export function rethrowAccess(error: unknown): never {
  if (error instanceof PropertyAccessError) {
    throw data(error.message, { status: error.status, headers: { "Cache-Control": "no-store" } });
  }
  throw error;
}

/** Run a loader/action body, turning access refusals into 403/404 responses. */
export async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    rethrowAccess(error);
  }
}
