import { describe, expect, it } from "vitest";
import { settingsSchema } from "../../lib/settings-schema";
import { SETTINGS_SECTIONS } from "./settings-fields";

describe("the settings form's field list", () => {
  it("asks for every setting the schema validates, each once", () => {
    const names = SETTINGS_SECTIONS.flatMap((section) => section.fields.map((field) => field.name));
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(settingsSchema.shape).sort());
  });
});
