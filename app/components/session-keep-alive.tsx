// The session's keep-alive (decision 004): while an admin page is open, check the
// session every `intervalMs` (30 s, see sessionCheckIntervalMs); when fewer than 3 checks remain
// before the idle expiry, refresh it, so
// open work is never lost to a timeout. When the session is gone, go to /login and come back
// here after signing in.
import { useEffect } from "react";
import { loginUrl } from "../lib/redirect-to";
import { needsRefresh, SESSION_ENDPOINT, type SessionStatus } from "../lib/session-constants";

function sendToLogin() {
  window.location.assign(loginUrl(`${window.location.pathname}${window.location.search}`));
}

async function checkSession(intervalMs: number): Promise<void> {
  const init: RequestInit = {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
    cache: "no-store",
  };
  let response: Response;
  try {
    response = await fetch(SESSION_ENDPOINT, init);
  } catch {
    return; // offline for a moment: the next check tries again
  }
  if (response.status === 401) return sendToLogin();
  if (!response.ok) return;
  if (!needsRefresh((await response.json()) as SessionStatus, intervalMs)) return;
  try {
    const refreshed = await fetch(SESSION_ENDPOINT, { ...init, method: "POST" });
    if (refreshed.status === 401) sendToLogin();
  } catch {
    // The next check retries while there is still time.
  }
}

export function SessionKeepAlive({ intervalMs }: { intervalMs: number }) {
  useEffect(() => {
    const timer = window.setInterval(() => void checkSession(intervalMs), intervalMs);
    // Background tabs get their timers slowed down: check as soon as the tab is seen again.
    const onVisible = () => {
      if (document.visibilityState === "visible") void checkSession(intervalMs);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [intervalMs]);
  return null;
}
