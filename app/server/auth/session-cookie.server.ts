// The session cookie: HttpOnly, SameSite=Lax, Path=/. Behind TLS (PUBLIC_URL is https) it is
// Secure and carries the __Host- prefix, which forbids a Domain attribute, so no subdomain
// can plant or read it.
const BASE_NAME = "sessao";

interface CookieConfig {
  publicUrl: string;
  SESSION_ABSOLUTE_HOURS: number;
}

function isSecure(config: CookieConfig): boolean {
  return config.publicUrl.startsWith("https:");
}

export function sessionCookieName(config: CookieConfig): string {
  return isSecure(config) ? `__Host-${BASE_NAME}` : BASE_NAME;
}

/** The raw token from the request's Cookie header, or null. */
export function readSessionToken(request: Request, config: CookieConfig): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const name = sessionCookieName(config);
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    // Tokens are base64url: anything else is not ours.
    return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;
  }
  return null;
}

function attributes(config: CookieConfig, maxAgeSeconds: number): string {
  const parts = ["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (isSecure(config)) parts.push("Secure");
  return parts.join("; ");
}

export function serializeSessionCookie(token: string, config: CookieConfig): string {
  return `${sessionCookieName(config)}=${token}; ${attributes(config, Math.round(config.SESSION_ABSOLUTE_HOURS * 3600))}`;
}

export function clearSessionCookie(config: CookieConfig): string {
  return `${sessionCookieName(config)}=; ${attributes(config, 0)}`;
}
