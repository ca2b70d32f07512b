// Optional feed protection: when the agency sets a feed token, the portals must put it in the
// URL (?token=…). Compared in constant time so response timing says nothing about the token.
import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

export function tokenMatches(given: string | null, expected: string): boolean {
  // Hashing first gives equal-length buffers whatever the lengths of the inputs.
  return given !== null && timingSafeEqual(digest(given), digest(expected));
}

/** null when the request may read the feed; otherwise the response to send. */
export function checkFeedAccess(request: Request, feedToken: string | null): Response | null {
  const expected = feedToken?.trim();
  if (!expected) return null;
  const given = new URL(request.url).searchParams.get("token");
  if (tokenMatches(given, expected)) return null;
  return new Response("Acesso negado: o endereço do feed precisa do token correto (?token=…).", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** The URL to paste into a portal, with the token when one is set. */
export function feedUrl(publicUrl: string, path: string, feedToken: string | null): string {
  const token = feedToken?.trim();
  return `${publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
}
