// CSV export of the inbox. Spreadsheets run cells that start with = + - @ (and TAB/CR, which
// some strip first) as formulas, so such cells get a leading apostrophe; UTF-8 with BOM and
// ";" as separator so Excel in pt-BR opens it with accents and columns right.
import { formatDay, maceioClock } from "../../lib/maceio-time";
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

/**
 * "27/11/2026 14:30" on Maceió's clock: a spreadsheet in pt-BR reads it as a date and time (Intl's
 * "27/11/2026, 14:30" it reads as text). The day alone when there is no time.
 */
function csvMoment(day: string, time: string | null): string {
  return time ? `${formatDay(day)} ${time.slice(0, 5)}` : formatDay(day);
}

const csvInstant = (at: Date) => {
  const clock = maceioClock(at);
  return csvMoment(clock.day, clock.time);
};

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
      csvInstant(lead.createdAt),
      csvInstant(lead.lastContactAt),
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
        (lead.unknownReferencias ? `não encontrado: ${lead.unknownReferencias.join(", ")}` : null),
      lead.assigneeName,
      lead.nextAction,
      lead.nextActionDate ? csvMoment(lead.nextActionDate, lead.nextActionTime) : null,
      lead.message,
    ]),
  ]);
}
