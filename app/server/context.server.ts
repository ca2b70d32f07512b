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

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
