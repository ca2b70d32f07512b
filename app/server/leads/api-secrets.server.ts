// The secrets the lead endpoints accept: /api/portais/grupozap/leads (the password of HTTP Basic,
// agreed with Grupo ZAP) and /api/leads (Bearer or Basic, for other integrations). Each comes from
// its environment variable, which wins, or from /admin/portais, where an administrator makes a new
// one (the old stops working at once). Only a SHA-256 hash is stored and the secret is shown
// once, when made (decision 028): it is pasted into the portal's screen right then, a database
// copy or backup cannot be used to post leads, and a lost secret is replaced, not looked up.
// 32 random bytes need no slow hash: there is nothing to guess.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { audit } from "../audit/audit.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { leadApiSecrets } from "../db/schema.server";
import type { Actor } from "./inbox.server";

export const LEAD_API_SECRETS = {
  grupozap: { env: "GRUPOZAP_LEADS_SECRET", label: "ZAP Imóveis, VivaReal e OLX (Grupo ZAP)" },
  generic: { env: "GENERIC_LEADS_SECRET", label: "Outras origens (/api/leads)" },
} as const;
export type LeadApiSecretName = keyof typeof LEAD_API_SECRETS;
export const LEAD_API_SECRET_NAMES = Object.keys(LEAD_API_SECRETS) as LeadApiSecretName[];

const hash = (secret: string) => createHash("sha256").update(secret, "utf8").digest();

export interface LeadSecretStatus {
  name: LeadApiSecretName;
  label: string;
  /** Where the accepted secret comes from: its environment variable, /admin/portais, or nowhere yet. */
  source: "env" | "admin" | "none";
  env: string;
  /** The last characters of the one made on /admin/portais. */
  hint: string | null;
  createdAt: Date | null;
}

function envSecret(config: Config, name: LeadApiSecretName): string | undefined {
  return config[LEAD_API_SECRETS[name].env];
}

export async function leadSecretStatus(db: Db, config: Config): Promise<LeadSecretStatus[]> {
  const rows = await db.select().from(leadApiSecrets);
  return LEAD_API_SECRET_NAMES.map((name) => {
    const row = rows.find((r) => r.name === name);
    return {
      name,
      label: LEAD_API_SECRETS[name].label,
      env: LEAD_API_SECRETS[name].env,
      source: envSecret(config, name) ? "env" : row ? "admin" : "none",
      hint: row?.hint ?? null,
      createdAt: row?.createdAt ?? null,
    };
  });
}

/** Makes a new secret for `name` (replacing the old one) and returns it: the only time it is seen. */
export async function rotateLeadSecret(db: Db, actor: Actor, name: LeadApiSecretName): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  const values = {
    secretHash: hash(secret).toString("hex"),
    hint: secret.slice(-4),
    createdById: actor.id,
    createdAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(leadApiSecrets)
      .values({ name, ...values })
      .onConflictDoUpdate({ target: leadApiSecrets.name, set: values });
    await audit(tx, {
      userId: actor.id,
      action: "lead-api-secret-rotated",
      entity: "lead_api_secret",
      entityId: name,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
  return secret;
}

/** True when `presented` is the secret `name` accepts now (the environment's, else the admin's). */
export async function isLeadSecret(
  db: Db,
  config: Config,
  name: LeadApiSecretName,
  presented: string | null,
): Promise<boolean> {
  if (!presented) return false;
  const fromEnv = envSecret(config, name);
  let expected: Buffer;
  if (fromEnv) expected = hash(fromEnv);
  else {
    const [row] = await db
      .select({ secretHash: leadApiSecrets.secretHash })
      .from(leadApiSecrets)
      .where(eq(leadApiSecrets.name, name));
    if (!row) return false;
    expected = Buffer.from(row.secretHash, "hex");
  }
  const given = hash(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The secret in an Authorization header: HTTP Basic's password (any user name: Grupo ZAP sends
 * the one agreed with it) or, where `bearer` is allowed, a Bearer token.
 */
export function presentedSecret(header: string | null, options: { bearer: boolean }): string | null {
  if (!header) return null;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!scheme || !value) return null;
  if (options.bearer && scheme.toLowerCase() === "bearer") return value;
  if (scheme.toLowerCase() !== "basic") return null;
  const decoded = Buffer.from(value, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon === -1 ? null : decoded.slice(colon + 1);
}
