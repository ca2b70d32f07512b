// `redirectTo` comes from the address bar, so it is attacker-controlled: only a path on this
// site is accepted ("/admin/imoveis?p=2"), never "//evil.com", "/\evil.com" or a full URL.
export const DEFAULT_AFTER_LOGIN = "/admin/painel";

const PROBE_ORIGIN = "http://interno.invalid";

/** Screens that make no sense to come back to after signing in (a loop, or a sign-out). */
const NOT_A_DESTINATION = new Set(["/login", "/sair"]);

/**
 * A path a browser resolves on this site whatever page it is on: one leading "/", not followed
 * by "/" or "\" (browsers read "//host" and "/\host" as another host), and no character the URL
 * parser drops or reads as a separator (tab, newline, other controls, "\").
 */
function isSitePath(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  return /^\/(?![/\\])/.test(path) && !/[\\\u0000-\u001f\u007f]/.test(path);
}

export function safeRedirectTo(value: unknown, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!isSitePath(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  // What is returned is checked, not only what came in: dot segments collapse, plain or encoded,
  // so "/.//evil.example", "/admin/..//evil.example" and "/%2e%2e//evil.example" all normalise
  // to "//evil.example".
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!isSitePath(path)) return fallback;
  if (NOT_A_DESTINATION.has(url.pathname.replace(/(?<=.)\/+$/, ""))) return fallback;
  return path;
}

/** /login?redirectTo=… for the page a visitor was sent away from. */
export function loginUrl(redirectTo: string): string {
  const safe = safeRedirectTo(redirectTo, "");
  return safe ? `/login?${new URLSearchParams({ redirectTo: safe })}` : "/login";
}
