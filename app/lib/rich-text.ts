// The agency's long texts (Sobre nós, Política de privacidade) are plain text with a tiny
// convention: blank lines separate blocks, "## " starts a heading, "- " starts a list item.
// Parsed into data here and rendered as React elements (never as HTML). The settings form's
// Título and Lista buttons write the convention for the owner (toggleHeading, toggleList), and
// its preview shows the result (app/components/admin/rich-text-field.tsx).

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

// ---------------------------------------------------------------------------------------------
// The settings form's buttons: each turns the lines under the cursor into a heading or a list
// (or back), so nobody has to know the convention.

/** Replace text[from, to) with `insert`, then select [selection[0], selection[1]). */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  selection: [number, number];
}

const HEADING_MARK = /^##? +/;
const ITEM_MARK = /^[-*•] +/;

/** The whole lines that the selection [start, end) touches, as [first line's start, last line's end). */
function linesAround(text: string, start: number, end: number): [number, number] {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  // A selection that ends just after a line break does not reach into the next line.
  const last = end > start && text[end - 1] === "\n" ? end - 1 : end;
  const to = text.indexOf("\n", last);
  return [from, to === -1 ? text.length : to];
}

/** The cursor's line becomes a heading, or a heading goes back to a plain line. */
export function toggleHeading(text: string, start: number): TextEdit {
  // A heading is one line: the one where the selection starts.
  const [from, to] = linesAround(text, start, start);
  const line = text.slice(from, to);
  const insert = HEADING_MARK.test(line)
    ? line.replace(HEADING_MARK, "")
    : `## ${line.replace(ITEM_MARK, "").trimStart()}`;
  return { from, to, insert, selection: [from + insert.length, from + insert.length] };
}

/** The selected lines become list items, or, when they all are, plain lines again. */
export function toggleList(text: string, start: number, end: number): TextEdit {
  const [from, to] = linesAround(text, start, end);
  const lines = text.slice(from, to).split("\n");
  const filled = lines.filter((line) => line.trim() !== "");
  const allItems = filled.length > 0 && filled.every((line) => ITEM_MARK.test(line));
  const insert = lines
    .map((line) => {
      if (allItems) return line.replace(ITEM_MARK, "");
      if (lines.length > 1 && line.trim() === "") return line;
      return ITEM_MARK.test(line) ? line : `- ${line.replace(HEADING_MARK, "").trimStart()}`;
    })
    .join("\n");
  return {
    from,
    to,
    insert,
    selection: lines.length > 1 ? [from, from + insert.length] : [from + insert.length, from + insert.length],
  };
}
