import { describe, expect, it } from "vitest";
import { cardsApiUrl, MAX_FAVORITES, parseFavorites, referenciaToSave } from "./favorites";

describe("parseFavorites", () => {
  it("keeps valid referências, upper-cased and unique, in order", () => {
    expect(parseFavorites(JSON.stringify(["ap0001", "CA0002", "AP0001", 3, "<b>", ""]))).toEqual([
      "AP0001",
      "CA0002",
    ]);
  });

  it("survives anything else stored under the key", () => {
    expect(parseFavorites(null)).toEqual([]);
    expect(parseFavorites("não é json")).toEqual([]);
    expect(parseFavorites('{"a":1}')).toEqual([]);
  });

  it("caps the list", () => {
    const many = Array.from({ length: 80 }, (_, i) => `AP${String(i).padStart(4, "0")}`);
    expect(parseFavorites(JSON.stringify(many))).toHaveLength(MAX_FAVORITES);
  });

  it("builds the cards API URL", () => {
    expect(cardsApiUrl(["AP0001", "CA0002"])).toBe("/api/cartoes?refs=AP0001%2CCA0002");
  });
});

describe("referenciaToSave", () => {
  it("reads /favoritos?salvar=…, upper-cased, and ignores anything that is not a referência", () => {
    expect(referenciaToSave(new URLSearchParams("salvar=ap0042"))).toBe("AP0042");
    expect(referenciaToSave(new URLSearchParams(""))).toBeNull();
    expect(referenciaToSave(new URLSearchParams("salvar=%3Cb%3E"))).toBeNull();
    expect(referenciaToSave(new URLSearchParams(`salvar=${"A".repeat(21)}`))).toBeNull();
  });
});
