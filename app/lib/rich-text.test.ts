import { describe, expect, it } from "vitest";
import { parseRichText, summary } from "./rich-text";

describe("parseRichText", () => {
  it("splits paragraphs on blank lines and reads headings and lists", () => {
    const text =
      "Somos uma imobiliária.\nDesde 2010.\n\n## Nossos valores\n\n- Transparência\n- Agilidade\n\n## Contato\nFale com a gente.";
    expect(parseRichText(text)).toEqual([
      { kind: "paragraph", lines: ["Somos uma imobiliária.", "Desde 2010."] },
      { kind: "heading", text: "Nossos valores" },
      { kind: "list", items: ["Transparência", "Agilidade"] },
      { kind: "heading", text: "Contato" },
      { kind: "paragraph", lines: ["Fale com a gente."] },
    ]);
  });

  it("keeps markup as plain text (rendered by React, never as HTML)", () => {
    expect(parseRichText("<script>alert(1)</script>")).toEqual([
      { kind: "paragraph", lines: ["<script>alert(1)</script>"] },
    ]);
    expect(parseRichText("\r\n\r\n  ")).toEqual([]);
  });

  it("summarises the first paragraph for a description", () => {
    expect(summary("## Título\n\nPrimeiro parágrafo.\n\nSegundo.")).toBe("Primeiro parágrafo.");
    expect(summary("palavra ".repeat(50), 30)).toBe("palavra palavra palavra…");
    expect(summary("## Só título")).toBeUndefined();
  });
});
