import type { Services } from "./services.server";

/** What server.js hands every loader and action. */
export interface RequestContext {
  services: Services;
  /** Per-request CSP nonce for inline scripts. */
  cspNonce: string;
  /** Client IP (honours X-Forwarded-For only when TRUST_PROXY is set). */
  ip: string;
  requestId: string;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
