// The product's client-side session rule (decision 004): check every 30 s and refresh the
// session when fewer than 3 checks remain before it would expire.
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_REFRESH_WHEN_CHECKS_REMAIN = 3;
/** Refresh when idle expiry − now is below this (at the usual 30 s interval). */
export const SESSION_REFRESH_THRESHOLD_MS = SESSION_CHECK_INTERVAL_MS * SESSION_REFRESH_WHEN_CHECKS_REMAIN;

/**
 * How often an open admin page checks its session: every 30 s, or four times per idle timeout
 * when that is shorter (an idle timeout of seconds, as the browser tests set), so the checks
 * always come before the session could lapse. At least once a second.
 */
export function sessionCheckIntervalMs(idleMs: number): number {
  return Math.min(SESSION_CHECK_INTERVAL_MS, Math.max(1_000, Math.floor(idleMs / 4)));
}
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
export function needsRefresh(
  status: Pick<SessionStatus, "idleExpiresAt" | "now">,
  intervalMs = SESSION_CHECK_INTERVAL_MS,
): boolean {
  const left = Date.parse(status.idleExpiresAt) - Date.parse(status.now);
  return left < intervalMs * SESSION_REFRESH_WHEN_CHECKS_REMAIN;
}
