import { describe, expect, it } from "vitest";
import { loginUrl, safeRedirectTo } from "./redirect-to";

describe("safeRedirectTo", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectTo("/admin/imoveis?p=2#lista")).toBe("/admin/imoveis?p=2#lista");
    expect(safeRedirectTo("/admin/imoveis/12")).toBe("/admin/imoveis/12");
  });

  it.each([
    ["//evil.com"],
    ["//evil.com/admin"],
    ["/\\evil.com"],
    ["\\\\evil.com"],
    ["https://evil.com/admin"],
    ["javascript:alert(1)"],
    ["admin/painel"],
    ["/\t/evil.com"],
    ["/%0a/evil.com".replace("%0a", "\n")],
    [""],
    [undefined],
    [null],
    [42],
    ["/login"],
    ["/sair"],
  ])("falls back for %j", (value) => {
    expect(safeRedirectTo(value)).toBe("/admin/painel");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectTo("//x", "/")).toBe("/");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeRedirectTo("/admin/../../etc")).toBe("/etc");
  });
});

describe("loginUrl", () => {
  it("carries a safe path and drops an unsafe one", () => {
    expect(loginUrl("/admin/usuarios?x=1")).toBe("/login?redirectTo=%2Fadmin%2Fusuarios%3Fx%3D1");
    expect(loginUrl("//evil.com")).toBe("/login");
  });
});
