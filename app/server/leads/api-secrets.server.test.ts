// The lead endpoints' secrets: made once and kept only as a hash, a new one stops the old, the
// environment's wins, and the Authorization header is read as Grupo ZAP and webhooks send it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor } from "../../../tests/support/factories";
import { loadConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { auditLog, leadApiSecrets } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { isLeadSecret, leadSecretStatus, presentedSecret, rotateLeadSecret } from "./api-secrets.server";
import type { Actor } from "./inbox.server";

let database: Database;
let admin: Actor;
const config = loadConfig({});

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createActor(database.db, "admin");
});

afterAll(async () => {
  await database?.close();
});

describe("lead API secrets", () => {
  it("nothing is accepted before a secret is made", async () => {
    expect(await isLeadSecret(database.db, config, "grupozap", "qualquer coisa")).toBe(false);
    expect((await leadSecretStatus(database.db, config))[0]).toMatchObject({
      name: "grupozap",
      source: "none",
    });
  });

  it("a made secret is accepted, stored only as a hash, audited, and replaced by the next", async () => {
    const first = await rotateLeadSecret(database.db, admin, "grupozap");
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(await isLeadSecret(database.db, config, "grupozap", first)).toBe(true);
    expect(await isLeadSecret(database.db, config, "generic", first)).toBe(false);
    const stored = JSON.stringify(await database.db.select().from(leadApiSecrets));
    expect(stored).not.toContain(first);
    expect((await leadSecretStatus(database.db, config))[0]).toMatchObject({
      source: "admin",
      hint: first.slice(-4),
    });
    const audits = await database.db.select().from(auditLog);
    expect(audits.some((a) => a.action === "lead-api-secret-rotated" && a.entityId === "grupozap")).toBe(
      true,
    );

    const second = await rotateLeadSecret(database.db, admin, "grupozap");
    expect(await isLeadSecret(database.db, config, "grupozap", first)).toBe(false);
    expect(await isLeadSecret(database.db, config, "grupozap", second)).toBe(true);
  });

  it("the environment's secret wins over the one made on /admin/portais", async () => {
    const made = await rotateLeadSecret(database.db, admin, "generic");
    const withEnv = loadConfig({ GENERIC_LEADS_SECRET: "um-segredo-do-ambiente-com-24-ou-mais" });
    expect(await isLeadSecret(database.db, withEnv, "generic", made)).toBe(false);
    expect(await isLeadSecret(database.db, withEnv, "generic", "um-segredo-do-ambiente-com-24-ou-mais")).toBe(
      true,
    );
    expect((await leadSecretStatus(database.db, withEnv))[1]).toMatchObject({ source: "env" });
  });

  it("a short secret in the environment stops the boot, naming the variable", () => {
    expect(() => loadConfig({ GRUPOZAP_LEADS_SECRET: "curto" })).toThrow(/GRUPOZAP_LEADS_SECRET/);
  });

  it("reads Basic's password (any user, colons allowed) and, where allowed, a Bearer token", () => {
    const basic = (s: string) => `Basic ${Buffer.from(s).toString("base64")}`;
    expect(presentedSecret(basic("grupozap:a:b"), { bearer: false })).toBe("a:b");
    expect(presentedSecret(basic(":só-senha"), { bearer: false })).toBe("só-senha");
    expect(presentedSecret(basic("sem-dois-pontos"), { bearer: false })).toBeNull();
    expect(presentedSecret("Bearer xyz", { bearer: false })).toBeNull();
    expect(presentedSecret("Bearer xyz", { bearer: true })).toBe("xyz");
    expect(presentedSecret(null, { bearer: true })).toBeNull();
  });
});
