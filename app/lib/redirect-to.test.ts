import { describe, expect, it } from "vitest";
import { loginUrl, safeRedirectTo } from "./redirect-to";

const SITE = "https://www.imobiliaria.example";

/** Where a browser on `page` goes when told `Location: target`. */
const browserTarget = (target: string, page = `${SITE}/admin/imoveis/12`) => new URL(target, page);

// Values that have been used to leave a site through a "return to" parameter: protocol-relative
// addresses, backslashes (browsers read them as "/"), dot segments and their encodings that
// collapse to "//host", schemes, and characters browsers drop from an address (tab, newline).
const TRICKY = [
  "//evil.example",
  "//evil.example/admin",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/admin/..//evil.example",
  "/admin/../..//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/%2e//evil.example",
  "/admin/.%2e//evil.example",
  "/a/%2e%2e/%2e%2e//evil.example",
  "/%252e%252e//evil.example",
  "/%2F%2Fevil.example",
  "/%252F%252Fevil.example",
  "https:evil.example",
  "https://evil.example/admin",
  "http:/evil.example",
  "javascript:alert(1)",
  "data:text/html,oi",
  "admin/painel",
  "evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\t\\evil.example",
  " //evil.example",
  "/ /evil.example",
  "/\u0000/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/@evil.example",
  "/.evil.example",
  "/admin?next=//evil.example",
  "/admin#//evil.example",
  "/login",
  "/login/",
  "/sair",
];

describe("safeRedirectTo", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectTo("/admin/imoveis?p=2#lista")).toBe("/admin/imoveis?p=2#lista");
    expect(safeRedirectTo("/admin/imoveis/12")).toBe("/admin/imoveis/12");
  });

  it.each(TRICKY)("sends %j to a path on this site", (value) => {
    const target = safeRedirectTo(value);
    // Resolved the way a browser resolves a Location header: the same host, whatever the page.
    expect(browserTarget(target).origin).toBe(SITE);
    expect(browserTarget(target, `${SITE}/`).origin).toBe(SITE);
    // React Router's client navigates to anything matching its absolute-URL test with a full
    // page load to that address (react-router's ABSOLUTE_URL_REGEX).
    expect(target).not.toMatch(/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i);
    expect(target).toMatch(/^\/(?![/\\])/);
    // What it returns is already safe: checking it again changes nothing.
    expect(safeRedirectTo(target)).toBe(target);
  });

  it.each([
    ["/.//evil.example"],
    ["/admin/..//evil.example"],
    ["/%2e%2e//evil.example"],
    ["/admin/.%2e//evil.example"],
  ])("falls back when the normalised %j would be //host", (value) => {
    expect(safeRedirectTo(value)).toBe("/admin/painel");
  });

  it.each([["/login"], ["/login/"], ["/sair"], [""], [undefined], [null], [42]])(
    "falls back for %j",
    (value) => {
      expect(safeRedirectTo(value)).toBe("/admin/painel");
    },
  );

  it("falls back for a path longer than 2000 characters", () => {
    expect(safeRedirectTo(`/admin/${"x".repeat(2000)}`)).toBe("/admin/painel");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectTo("//x", "/")).toBe("/");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeRedirectTo("/admin/../../etc")).toBe("/etc");
    expect(safeRedirectTo("/admin/./imoveis/../usuarios")).toBe("/admin/usuarios");
  });
});

describe("loginUrl", () => {
  it("carries a safe path and drops an unsafe one", () => {
    expect(loginUrl("/admin/usuarios?x=1")).toBe("/login?redirectTo=%2Fadmin%2Fusuarios%3Fx%3D1");
    expect(loginUrl("//evil.com")).toBe("/login");
    expect(loginUrl("/.//evil.com")).toBe("/login");
  });
});
