import { describe, expect, it } from "vitest";
import { changedCount, propertiesUpdatedMessage } from "./live-updates";

describe("live update notice", () => {
  it("counts each listing once, whatever happened to it", () => {
    const events = [
      { type: "property-changed" as const, id: 4 },
      { type: "property-changed" as const, id: 4 },
      { type: "lead-created" as const, id: 9 },
      { type: "property-changed" as const, id: 7 },
    ];
    expect(changedCount(events, "property-changed")).toBe(2);
    expect(changedCount([], "property-changed")).toBe(0);
  });

  it("says it in Portuguese, singular and plural, and nothing for none", () => {
    expect(propertiesUpdatedMessage(1)).toBe("Lista atualizada: 1 imóvel alterado");
    expect(propertiesUpdatedMessage(3)).toBe("Lista atualizada: 3 imóveis alterados");
    expect(propertiesUpdatedMessage(0)).toBe("");
  });
});
