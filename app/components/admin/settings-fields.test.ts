import { describe, expect, it } from "vitest";
import { settingsSchema } from "../../lib/settings-schema";
import { BRAND_SETTINGS, SETTINGS_SECTIONS } from "./settings-fields";

describe("the settings form's field list", () => {
  it("asks for every setting the schema validates, each once", () => {
    const names: string[] = SETTINGS_SECTIONS.flatMap((section) => section.fields.map((field) => field.name));
    names.push(...BRAND_SETTINGS);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(settingsSchema.shape).sort());
  });
});
