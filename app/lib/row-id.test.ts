import { describe, expect, it } from "vitest";
import { rowIdOf, rowIdSchema } from "./row-id";

describe("rowIdOf", () => {
  it("takes the digits of an id within PostgreSQL's integer, and nothing else", () => {
    expect(rowIdOf("42")).toBe(42);
    expect(rowIdOf("999999999")).toBe(999_999_999);
    for (const raw of ["0", "", "-1", "1.5", "1e3", " 7", "2147483648", "99999999999", undefined, null, 7])
      expect(rowIdOf(raw), String(raw)).toBeNull();
  });
});

describe("rowIdSchema", () => {
  it("refuses an id past PostgreSQL's integer, as a form or a URL filter would send it", () => {
    expect(rowIdSchema.parse("42")).toBe(42);
    for (const raw of ["0", "-1", "1.5", "2147483648", "3000000000"])
      expect(rowIdSchema.safeParse(raw).success, raw).toBe(false);
  });
});
