import { createContext, RouterContextProvider } from "react-router";
import type { FormLimitVerdict } from "./http/form-limits.server";
import type { RequestLogFields } from "./log/request-log.server";
import type { Services } from "./services.server";

/** What server.js hands every loader and action. */
export interface RequestContext {
  services: Services;
  /** Per-request CSP nonce for inline scripts. */
  cspNonce: string;
  /** Client IP (honours X-Forwarded-For only when TRUST_PROXY is set). */
  ip: string;
  /** This request's id (X-Request-Id; log/request-log.server.ts). */
  requestId: string;
  /** What this request's log line adds (the signed-in user); absent outside the server. */
  requestLog?: RequestLogFields;
  /** A public form's per-IP limit, counted at the edge (http/form-limits.server.ts); absent elsewhere. */
  formLimit?: FormLimitVerdict;
}

/** Where loaders and actions find it: `context.get(requestContext)` (server/app.ts sets it). */
export const requestContext = createContext<RequestContext>();

/** The context React Router hands loaders, actions and the server entry (future.v8_middleware). */
export type LoadContext = Readonly<RouterContextProvider>;

/** The context for one request: what getLoadContext returns (server/app.ts) and tests build. */
export function loadContextOf(value: RequestContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestContext, value);
  return context;
}
