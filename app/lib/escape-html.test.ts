import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html";

describe("escapeHtml", () => {
  it("turns the characters that could open a tag or close an attribute into entities", () => {
    expect(escapeHtml(`<a href="x" title='y'>Maré & Sol</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Maré &amp; Sol&lt;/a&gt;",
    );
  });

  it("leaves everything else, accents and line breaks included", () => {
    expect(escapeHtml("Olá, São Miguel dos Milagres\nR$ 1.000")).toBe(
      "Olá, São Miguel dos Milagres\nR$ 1.000",
    );
  });
});
