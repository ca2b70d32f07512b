// The financing simulator's default rate on /admin/configuracoes: read as typed in Brazil, kept in
// basis points, and what the listing pages' simulator starts with.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgency, insertUser } from "../../../tests/support/factories";
import { settingsSchema } from "../../lib/settings-schema";
import { getDataVersion } from "../cache/data-version.server";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { getAgencySettings, getFinancingRate } from "./settings.server";
import { updateAgencySettings } from "./update-settings.server";

let database: Database;
let adminId: number;
const base = { name: "Maré Alta", creci: "1234-J" };

beforeAll(async () => {
  database = await createTestDatabase();
  adminId = (await insertUser(database.db, { role: "admin" })).id;
});

afterAll(async () => {
  await database?.close();
});

describe("the simulator's rate in the settings", () => {
  it("reads 11,5 or 11.5 as 1150 basis points, and refuses what a bank never asks", () => {
    expect(settingsSchema.parse({ ...base, financingRate: "11,5" }).financingRate).toBe(1150);
    expect(settingsSchema.parse({ ...base, financingRate: "9.99 %" }).financingRate).toBe(999);
    expect(settingsSchema.parse({ ...base, financingRate: "0" }).financingRate).toBe(0);
    // A form from before the field existed keeps the saved rate.
    expect(settingsSchema.parse(base).financingRate).toBeNull();
    for (const bad of ["31", "", "onze", "-2"]) {
      const parsed = settingsSchema.safeParse({ ...base, financingRate: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Taxa de juros: de 0 a 30 % ao ano, ex.: 11,5.");
    }
  });

  it("is saved with the rest, bumping the data version, and kept when the form leaves it out", async () => {
    // No settings row yet (a script's database): the simulator still has its default.
    expect(await getFinancingRate(database.db)).toBe(1150);
    await insertAgency(database.db);
    const before = await getDataVersion(database.db);
    await updateAgencySettings(database.db, settingsSchema.parse({ ...base, financingRate: "10,49" }), {
      userId: adminId,
    });
    expect(await getDataVersion(database.db)).toBeGreaterThan(before);
    expect(await getFinancingRate(database.db)).toBe(1049);
    await updateAgencySettings(database.db, settingsSchema.parse(base), { userId: adminId });
    expect((await getAgencySettings(database.db)).financingRateBp).toBe(1049);
  });
});
