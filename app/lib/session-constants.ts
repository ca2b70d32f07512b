// The product's client-side session rule (decision 004): check every 30 s and refresh the
// session when fewer than 3 checks remain before it would expire.
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_REFRESH_WHEN_CHECKS_REMAIN = 3;
/** Refresh when idle expiry − now is below this. */
export const SESSION_REFRESH_THRESHOLD_MS = SESSION_CHECK_INTERVAL_MS * SESSION_REFRESH_WHEN_CHECKS_REMAIN;
/** The resource route that answers the checks (GET) and refreshes (POST). */
export const SESSION_ENDPOINT = "/admin/sessao";

/** What GET /admin/sessao answers (times as ISO strings; `now` is the server's clock). */
export interface SessionStatus {
  expiresAt: string;
  idleExpiresAt: string;
  now: string;
}

/**
 * Whether a check's answer calls for a refresh: fewer than 3 checks left before the idle
 * expiry. Both times come from the server's clock, so a wrong clock on the phone does not matter.
 */
export function needsRefresh(status: Pick<SessionStatus, "idleExpiresAt" | "now">): boolean {
  return Date.parse(status.idleExpiresAt) - Date.parse(status.now) < SESSION_REFRESH_THRESHOLD_MS;
}
