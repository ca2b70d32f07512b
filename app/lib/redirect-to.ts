// `redirectTo` comes from the address bar, so it is attacker-controlled: only a path on this
// site is accepted ("/admin/imoveis?p=2"), never "//evil.com", "/\evil.com" or a full URL.
export const DEFAULT_AFTER_LOGIN = "/admin/painel";

const PROBE_ORIGIN = "http://interno.invalid";

export function safeRedirectTo(value: unknown, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  // Browsers treat "\" like "/" and drop tabs/newlines, so "/\evil.com" would leave the site.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  // Going back to the sign-in or sign-out screens after signing in would be a loop.
  if (url.pathname === "/login" || url.pathname === "/sair") return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login?redirectTo=… for the page a visitor was sent away from. */
export function loginUrl(redirectTo: string): string {
  const safe = safeRedirectTo(redirectTo, "");
  return safe ? `/login?${new URLSearchParams({ redirectTo: safe })}` : "/login";
}
