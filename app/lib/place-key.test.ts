import { describe, expect, it } from "vitest";
import { placeKey, preferredSpelling } from "./place-key";

describe("placeKey", () => {
  it("compares places without case, accents or doubled spaces", () => {
    expect(placeKey(" Barra de  São\u00a0Miguel ")).toBe(placeKey("barra de sao miguel"));
    expect(placeKey("Pajuçara")).toBe("pajucara");
  });
});

describe("preferredSpelling", () => {
  it("takes the spelling most listings use, then one with capitals and accents, whatever the order", () => {
    expect(
      preferredSpelling(
        new Map([
          ["Maceio", 3],
          ["Maceió", 2],
        ]),
      ),
    ).toBe("Maceio");
    expect(
      preferredSpelling(
        new Map([
          ["maceió", 1],
          ["Maceio", 1],
          ["Maceió", 1],
        ]),
      ),
    ).toBe("Maceió");
    expect(
      preferredSpelling(
        new Map([
          ["Maceió", 1],
          ["Maceio", 1],
        ]),
      ),
    ).toBe("Maceió");
    expect(
      preferredSpelling(
        new Map([
          ["Ponta verde", 1],
          ["Ponta Verde", 1],
        ]),
      ),
    ).toBe("Ponta Verde");
  });
});
