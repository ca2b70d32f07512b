// CSV export of the inbox. Spreadsheets run cells that start with = + - @ (and TAB/CR, which
// some strip first) as formulas, so such cells get a leading apostrophe; UTF-8 with BOM and
// ";" as separator so Excel in pt-BR opens it with accents and columns right.
import { formatDayTime, formatMaceioInstant } from "../../lib/maceio-time";
import { LEAD_ORIGINS, LEAD_STATUSES } from "../../lib/vocabulary";
import type { LeadRow } from "./inbox.server";

export const CSV_SEPARATOR = ";";
const BOM = "\uFEFF";

/** Neutralises formula injection, then quotes per RFC 4180. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[";\r\n,]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  const lines = rows.map((row) => row.map(csvCell).join(CSV_SEPARATOR));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/** A spreadsheet in pt-BR reads "27/11/2026 14:30" as a date and time ("27/11/2026, 14:30" as text). */
const SPREADSHEET_SEPARATOR = " ";

export function leadsCsv(rows: readonly LeadRow[]): string {
  return toCsv([
    [
      "ID",
      "Recebido em",
      "Último contato",
      "Nome",
      "Telefone",
      "E-mail",
      "Origens",
      "Contatos",
      "Etapa",
      "Imóvel",
      "Corretor",
      "Próxima ação",
      "Prazo da próxima ação",
      "Primeira mensagem",
    ],
    ...rows.map((lead) => [
      lead.id,
      formatMaceioInstant(lead.createdAt, SPREADSHEET_SEPARATOR),
      formatMaceioInstant(lead.lastContactAt, SPREADSHEET_SEPARATOR),
      lead.name,
      lead.phone,
      lead.email,
      // Every source the person came through (one card per person: record.server.ts).
      [...lead.origins.map((origin) => LEAD_ORIGINS[origin] ?? origin), ...(lead.sourceLabels ?? [])].join(
        ", ",
      ),
      lead.contactCount,
      LEAD_STATUSES[lead.status],
      lead.referencia ??
        ([
          lead.unknownReferencias ? `não encontrado: ${lead.unknownReferencias.join(", ")}` : null,
          lead.deletedReferencias ? `excluído: ${lead.deletedReferencias.join(", ")}` : null,
        ]
          .filter(Boolean)
          .join("; ") ||
          null),
      lead.assigneeName,
      lead.nextAction,
      lead.nextActionDate
        ? formatDayTime(lead.nextActionDate, lead.nextActionTime, SPREADSHEET_SEPARATOR)
        : null,
      lead.message,
    ]),
  ]);
}
