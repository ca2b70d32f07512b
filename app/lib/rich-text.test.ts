import { describe, expect, it } from "vitest";
import { parseRichText, summary, toggleHeading, toggleList } from "./rich-text";

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

describe("the settings form's Título and Lista buttons", () => {
  const apply = (text: string, edit: { from: number; to: number; insert: string }) =>
    text.slice(0, edit.from) + edit.insert + text.slice(edit.to);

  it("Título turns the cursor's line into a heading the site shows as one, and back", () => {
    const text = "Somos uma imobiliária.\n\nNossos valores\n\nTransparência.";
    const cursor = text.indexOf("valores");
    const edit = toggleHeading(text, cursor);
    const headed = apply(text, edit);
    expect(headed).toBe("Somos uma imobiliária.\n\n## Nossos valores\n\nTransparência.");
    expect(parseRichText(headed)[1]).toEqual({ kind: "heading", text: "Nossos valores" });
    expect(edit.selection).toEqual([headed.indexOf("\n\nTransp"), headed.indexOf("\n\nTransp")]);
    expect(apply(headed, toggleHeading(headed, headed.indexOf("Nossos")))).toBe(text);
    // On an empty line: the mark, then the owner types the title.
    expect(toggleHeading("", 0)).toEqual({ from: 0, to: 0, insert: "## ", selection: [3, 3] });
  });

  it("Lista turns the selected lines into items (a blank line between them stays), and back", () => {
    const text = "Oferecemos:\nVenda\nAluguel\nAvaliação";
    const start = text.indexOf("Venda");
    const edit = toggleList(text, start, text.length);
    const listed = apply(text, edit);
    expect(listed).toBe("Oferecemos:\n- Venda\n- Aluguel\n- Avaliação");
    expect(parseRichText(listed)).toEqual([
      { kind: "paragraph", lines: ["Oferecemos:"] },
      { kind: "list", items: ["Venda", "Aluguel", "Avaliação"] },
    ]);
    expect(listed.slice(...edit.selection)).toBe("- Venda\n- Aluguel\n- Avaliação");
    expect(apply(listed, toggleList(listed, listed.indexOf("Venda"), listed.length))).toBe(text);
    // A selection ending right after a line break leaves the next line alone.
    expect(apply("a\nb\nc", toggleList("a\nb\nc", 0, 2))).toBe("- a\nb\nc");
  });
});
