// A visit's own link (/visita/:token), sent to the visitor: see, cancel or reschedule it without an
// account or JavaScript. The token is the visit's id signed with HMAC-SHA256 under a key made of
// the visit's random link_key and SESSION_SECRET when set: unguessable without the database, and
// with SESSION_SECRET not forgeable from a copy of it either.
import { createHmac, timingSafeEqual } from "node:crypto";

function signature(id: number, linkKey: string, secret: string | undefined): Buffer {
  return createHmac("sha256", `${secret ?? ""}:${linkKey}`)
    .update(`visita:${id}`)
    .digest()
    .subarray(0, 18);
}

export function visitToken(id: number, linkKey: string, secret: string | undefined): string {
  return `${id}.${signature(id, linkKey, secret).toString("base64url")}`;
}

/** The visit id a token names (its signature still to be checked against that visit's key). */
export function tokenVisitId(token: string): number | null {
  const match = /^(\d{1,10})\.[A-Za-z0-9_-]{24}$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

export function isValidVisitToken(
  token: string,
  id: number,
  linkKey: string,
  secret: string | undefined,
): boolean {
  const given = Buffer.from(token.slice(token.indexOf(".") + 1), "base64url");
  const expected = signature(id, linkKey, secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const visitLinkPath = (token: string) => `/visita/${token}`;
