// The agency's long texts (Sobre nós, Política de privacidade) are plain text with a tiny
// convention: blank lines separate blocks, "## " starts a heading, "- " starts a list item.
// Parsed into data here and rendered as React elements (never as HTML).

export type TextBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; lines: string[] }
  | { kind: "list"; items: string[] };

export function parseRichText(source: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const chunks = source.replace(/\r\n?/g, "\n").split(/\n\s*\n/);
  for (const chunk of chunks) {
    let lines = chunk
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    while (lines.length) {
      const [first, ...rest] = lines as [string, ...string[]];
      if (first.startsWith("## ") || first.startsWith("# ")) {
        blocks.push({ kind: "heading", text: first.replace(/^#+\s+/, "") });
        lines = rest;
      } else if (/^[-*•]\s+/.test(first)) {
        const end = lines.findIndex((l) => !/^[-*•]\s+/.test(l));
        const items = (end === -1 ? lines : lines.slice(0, end)).map((l) => l.replace(/^[-*•]\s+/, ""));
        blocks.push({ kind: "list", items });
        lines = end === -1 ? [] : lines.slice(end);
      } else {
        const end = lines.findIndex((l) => l.startsWith("#") || /^[-*•]\s+/.test(l));
        blocks.push({ kind: "paragraph", lines: end === -1 ? lines : lines.slice(0, end) });
        lines = end === -1 ? [] : lines.slice(end);
      }
    }
  }
  return blocks;
}

/** The first paragraph, shortened for a meta description. */
export function summary(source: string, max = 160): string | undefined {
  const first = parseRichText(source).find((b) => b.kind === "paragraph");
  if (first?.kind !== "paragraph") return undefined;
  const text = first.lines.join(" ");
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}
