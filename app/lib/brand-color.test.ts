import { describe, expect, it } from "vitest";
import {
  brandContrast,
  brandCssVariables,
  contrastRatio,
  DEFAULT_BRAND_COLOR,
  darkerPassingShade,
  normalizeHex,
  passesContrast,
} from "./brand-color";

describe("brand colour", () => {
  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // Today's sea blue passes on white and on the sand background.
    expect(contrastRatio(DEFAULT_BRAND_COLOR, "#ffffff")).toBeGreaterThan(5.5);
    expect(passesContrast(DEFAULT_BRAND_COLOR)).toBe(true);
  });

  it("reads what the owner types", () => {
    expect(normalizeHex("#0B6E8A")).toBe("#0b6e8a");
    expect(normalizeHex("06c")).toBe("#0066cc");
    for (const bad of ["", "#12345", "azul", "#ggg000", "#0b6e8a0"]) expect(normalizeHex(bad)).toBeNull();
  });

  it("suggests the lightest darker shade of the same hue that passes", () => {
    for (const colour of ["#4fb3d9", "#ffd700", "#ff69b4", "#ffffff", "#2ecc71"]) {
      const shade = darkerPassingShade(colour);
      expect(passesContrast(shade), `${colour} → ${shade}`).toBe(true);
      expect(brandContrast(shade)).toBeLessThan(5.2); // not needlessly dark
    }
    expect(darkerPassingShade(DEFAULT_BRAND_COLOR)).toBe(DEFAULT_BRAND_COLOR);
  });

  it("overrides base.css only for a colour of the agency's own", () => {
    expect(brandCssVariables(DEFAULT_BRAND_COLOR)).toBeUndefined();
    expect(brandCssVariables("#7a1f5c")).toEqual({
      "--color-primary": "#7a1f5c",
      "--color-primary-dark": "#591743",
      "--color-primary-light": "#7a1f5c",
    });
  });
});
