// Inputs for the fuzz suite (server/input-fuzz.test.ts), as fast-check arbitraries. A "raw"
// value is already percent-encoded, as it goes on the wire: it can carry what a browser never
// sends (a lone "%", bytes that are not UTF-8).
import fc from "fast-check";
import type { FormField, HtmlForm } from "./html-forms";

/** The administrator the fuzzed server creates on its first start. */
import { TEST_ADMIN as ADMIN } from "./server";

export { ADMIN };

/** Well-formed on the wire, odd once decoded: control characters, separators, markup. */
const ODD_PIECES = [
  "%00",
  "%01",
  "%07",
  "%08",
  "%0B",
  "%0C",
  "%1B",
  "%1F",
  "%7F",
  "%09",
  "%0A",
  "%0D%0A",
  "%C2%85",
  "%EF%BF%BF",
  "%EF%BB%BF",
  "%E2%80%AE",
  "%F0%9F%8F%A0",
  "%25",
  "%2500",
  "+",
  "%2B",
  "%26",
  "%3D",
  "%2F",
  "%5C",
  "%2E%2E",
  "%22",
  "%27",
  "%3C",
  "%3E",
];
/** What no browser sends: malformed escapes and bytes that are not UTF-8. */
const MALFORMED_PIECES = [
  "%C3%28",
  "%E0%A4%A",
  "%FF",
  "%C0%80",
  "%ED%A0%80",
  "%F4%90%80%80",
  "%",
  "%2",
  "%G0",
];

export const oddArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_PIECES) },
  { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_PIECES) },
);
const wordArb = fc.string({ unit: "grapheme", maxLength: 12 }).map(encodeURIComponent);
export const piecesArb = fc.array(fc.oneof(oddArb, wordArb), { maxLength: 6 }).map((p) => p.join(""));
/** For an address: long, but within what a server takes in its request line (16 KiB). */
export const rawUrlTextArb = fc.oneof(
  { weight: 8, arbitrary: piecesArb },
  { weight: 1, arbitrary: fc.constantFrom(400, 3_001).map((n) => "a".repeat(n)) },
);
/** For a form field: past every field's limit. */
const rawTextArb = fc.oneof(
  { weight: 8, arbitrary: piecesArb },
  { weight: 1, arbitrary: fc.constantFrom(400, 3_001, 20_000).map((n) => "a".repeat(n)) },
);

/** What a person would type in a field with this name (when the page offers no value). */
const PLAUSIBLE: Record<string, string[]> = {
  name: ["Joana Bezerra"],
  email: ["joana@exemplo.com.br", ADMIN.email],
  phone: ["(82) 99999-8888"],
  message: ["Olá,\r\ntenho interesse no imóvel."],
  password: ["Uma senha comprida de teste 2031"],
  confirmation: ["Uma senha comprida de teste 2031"],
  titulo: ["Casa ampla com quintal em Maceió"],
  referencia: ["CA1234"],
  descricao: ["Casa arejada, perto da praia."],
  precoVenda: ["850.000"],
  contato: ["joana@exemplo.com.br", "(82) 99999-8888"],
  body: ["Ligar amanhã de manhã."],
  altText: ["Fachada da casa"],
  creci: ["12345-F"],
  q: ["casa praia", '"vista mar" -cobertura'],
  cidade: ["Maceió"],
  bairro: ["Ponta Verde"],
  cep: ["57035-000"],
  uf: ["AL"],
  latitude: ["-9.6658"],
  longitude: ["-35.7353"],
};
const BY_KIND: Record<string, string[]> = {
  email: ["ana@exemplo.com.br"],
  tel: ["82999998888"],
  url: ["https://www.exemplo.com.br/pagina"],
  date: ["2024-05-01"],
};

/** The values worth trying in a field: what the page offers, what a person would type. */
export function plausible(field: FormField): string[] {
  const values = field.values.filter((v) => v !== "");
  values.push(...(PLAUSIBLE[field.name] ?? BY_KIND[field.kind] ?? []));
  return values.length > 0 ? values : [""];
}

/** The form as a person would send it from the page: what is there, blanks filled in, a box of each group ticked. */
function asSubmitted(form: HtmlForm): [FormField, string][] {
  return form.fields
    .filter((f) => f.kind !== "file")
    .flatMap((f): [FormField, string][] => {
      if (f.kind === "hidden") return f.values.map((v) => [f, v]);
      if (f.current.some((v) => v !== "")) return f.current.map((v) => [f, v]);
      return [[f, plausible(f)[0] ?? ""]];
    });
}

/** `value` with `odd` put in between two of its characters, encoded around it. */
export function withInside(value: string, odd: string, at: number): string {
  const chars = Array.from(value);
  const cut = at % (chars.length + 1);
  return (
    encodeURIComponent(chars.slice(0, cut).join("")) + odd + encodeURIComponent(chars.slice(cut).join(""))
  );
}

const HIDDEN = new Set(["hidden", "submit"]);

export function fieldValueArb(field: FormField, raw = rawTextArb): fc.Arbitrary<string> {
  const values = plausible(field);
  const asIs = fc.constantFrom(...values).map(encodeURIComponent);
  const spoilt = fc
    .tuple(fc.constantFrom(...values), oddArb, fc.nat())
    .map(([value, odd, at]) => withInside(value, odd, at));
  // Hidden fields (intent, ids) keep their value more often, so the actions behind them run.
  return HIDDEN.has(field.kind)
    ? fc.oneof(
        { weight: 6, arbitrary: asIs },
        { weight: 1, arbitrary: spoilt },
        { weight: 1, arbitrary: raw },
      )
    : fc.oneof(
        { weight: 2, arbitrary: asIs },
        { weight: 4, arbitrary: spoilt },
        { weight: 2, arbitrary: raw },
      );
}

export type RawFields = [name: string, raw: string][];

export function formArb(form: HtmlForm): fc.Arbitrary<RawFields> {
  const fields = form.fields.filter((f) => f.kind !== "file");
  return fc
    .tuple(...fields.map((f) => fc.option(fieldValueArb(f), { nil: undefined, freq: 6 })))
    .map((values) =>
      values.flatMap((raw, i) =>
        raw === undefined ? [] : [[encodeURIComponent(fields[i]?.name ?? ""), raw]],
      ),
    ) as fc.Arbitrary<RawFields>;
}

/**
 * The form as a person would send it with a NUL inside one of the values they can change, for
 * each such value, and inside all of them at once. One at a time, so that the other fields
 * stay valid and the NUL reaches the database (an e-mail with a NUL would stop a lead at the
 * e-mail's check; its name would not).
 */
export function nulExamples(form: HtmlForm): RawFields[] {
  const submitted = asSubmitted(form);
  const changeable = submitted.flatMap(([field, value], i) =>
    HIDDEN.has(field.kind) || value === "" ? [] : [i],
  );
  const withNul = (at: number[]): RawFields =>
    submitted.map(([field, value], i) => [
      encodeURIComponent(field.name),
      at.includes(i) ? withInside(value, "%00", 2) : encodeURIComponent(value),
    ]);
  return [...changeable.map((i) => withNul([i])), withNul(changeable)];
}

/** The bytes a raw value stands for: each valid %XX one byte (whatever it decodes to), the rest as typed. */
function bytesOf(raw: string): Buffer {
  const parts: Buffer[] = [];
  for (const piece of raw.split(/(%[0-9A-Fa-f]{2})/)) {
    if (/^%[0-9A-Fa-f]{2}$/.test(piece)) parts.push(Buffer.from([Number.parseInt(piece.slice(1), 16)]));
    else parts.push(Buffer.from(piece.replaceAll("+", " ")));
  }
  return Buffer.concat(parts);
}

export function multipart(
  fields: RawFields,
  file?: { name: string; bytes: Buffer; field?: string },
): { body: Buffer; type: string } {
  const boundary = "----fuzz7d1c0e";
  const parts: Buffer[] = [];
  for (const [name, raw] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`));
    parts.push(bytesOf(name), Buffer.from('"\r\n\r\n'), bytesOf(raw), Buffer.from("\r\n"));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "foto"}"; filename="`,
      ),
    );
    parts.push(
      bytesOf(file.name),
      Buffer.from('"\r\nContent-Type: image/jpeg\r\n\r\n'),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** The data URL client navigation posts to (/casas/AB1234 → /casas/AB1234.data). */
export function dataUrl(path: string): string {
  const url = new URL(path, "http://site.invalid");
  return `${url.pathname === "/" ? "/_root" : url.pathname.replace(/\/$/, "")}.data${url.search}`;
}
