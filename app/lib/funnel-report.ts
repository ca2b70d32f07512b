// The funnel report's vocabulary, shared by /admin/relatorios (its form and tables), its CSV and
// the SQL that computes it (app/server/reports/funnel.server.ts): the report sources a lead is
// attributed to, the stages, the period in the URL and the pt-BR formats of rates, durations and
// months. Decision 030 says how a lead is counted.
import { MONTH_NAMES } from "./format";
import { LEAD_ORIGINS, type LeadOrigin } from "./vocabulary";

// ------------------------------------------------------------------------------------------------
// Sources: a card's first contact decides it (decision 030)

/**
 * The report's sources: the site's forms, WhatsApp, each portal, manual entry. An integration
 * (and a portal Grupo ZAP does not name) is a source of its own for each name it sends
 * (`lead_contacts.source_label`): its key is `integracao:Chaves na Mão`.
 */
export const REPORT_SOURCES = {
  site: "Site",
  whatsapp: "WhatsApp",
  zap: LEAD_ORIGINS.zap,
  vivareal: LEAD_ORIGINS.vivareal,
  olx: LEAD_ORIGINS.olx,
  portal: "Outros portais",
  integracao: LEAD_ORIGINS.integracao,
  manual: "Ligação ou visita",
} as const;
export type ReportSourceGroup = keyof typeof REPORT_SOURCES;

/** Which lead origins each source groups (the origins the SQL maps; labelled ones add their name). */
export const SOURCE_ORIGINS: Record<ReportSourceGroup, readonly LeadOrigin[]> = {
  site: ["formulario_imovel", "formulario_contato"],
  whatsapp: ["whatsapp"],
  zap: ["zap"],
  vivareal: ["vivareal"],
  olx: ["olx"],
  portal: ["portal"],
  integracao: ["integracao"],
  manual: ["telefone", "visita"],
};

/** Sources whose contacts carry a name of their own (an integration's `source`). */
export const LABELLED_SOURCES = ["portal", "integracao"] as const;
const SOURCE_LABEL_MAX = 120;

/** A source key as the URL carries it: a group, or a labelled group and its name. */
export function isSourceKey(value: string): boolean {
  if (Object.hasOwn(REPORT_SOURCES, value)) return true;
  const colon = value.indexOf(":");
  if (colon < 0) return false;
  const group = value.slice(0, colon);
  const label = value.slice(colon + 1);
  return (
    (LABELLED_SOURCES as readonly string[]).includes(group) &&
    label.trim() === label &&
    label.length > 0 &&
    label.length <= SOURCE_LABEL_MAX
  );
}

/** What a reader sees for a source key: "Site", "ZAP Imóveis", "Chaves na Mão". */
export function sourceName(key: string): string {
  const colon = key.indexOf(":");
  if (colon >= 0) return key.slice(colon + 1);
  return Object.hasOwn(REPORT_SOURCES, key) ? REPORT_SOURCES[key as ReportSourceGroup] : key;
}

const SOURCE_ORDER = Object.keys(REPORT_SOURCES);

/** Sources in the order of REPORT_SOURCES (an integration's names A–Z within it). */
export function compareSources(a: string, b: string): number {
  const group = (key: string) => SOURCE_ORDER.indexOf(key.split(":")[0] ?? key);
  return group(a) - group(b) || a.localeCompare(b, "pt-BR");
}

// ------------------------------------------------------------------------------------------------
// Stages

/** The funnel after "received", in order; each counts the leads that ever got there (decision 030). */
export const FUNNEL_STAGES = {
  contatados: "Contatados",
  visitas: "Visita",
  propostas: "Proposta",
  fechados: "Fechado",
} as const;
export type FunnelStage = keyof typeof FUNNEL_STAGES;
export const FUNNEL_STAGE_KEYS = Object.keys(FUNNEL_STAGES) as FunnelStage[];

/** One row of the funnel: counts per stage and the first-response times (seconds, wall time). */
export interface FunnelCounts {
  leads: number;
  contatados: number;
  visitas: number;
  propostas: number;
  fechados: number;
  /** Leads whose first response is counted in the times (not those an agent recorded). */
  respondidos: number;
  medianaRespostaSegundos: number | null;
  p90RespostaSegundos: number | null;
}

/** A stage's share of the stage before it (contatados of leads, visitas of contatados…), or null. */
export function stageRate(row: FunnelCounts, stage: FunnelStage): number | null {
  const index = FUNNEL_STAGE_KEYS.indexOf(stage);
  const before = index === 0 ? row.leads : row[FUNNEL_STAGE_KEYS[index - 1] as FunnelStage];
  return ratio(row[stage], before);
}

/** Fechados of all the leads received. */
export function overallRate(row: FunnelCounts): number | null {
  return ratio(row.fechados, row.leads);
}

function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

// ------------------------------------------------------------------------------------------------
// The period: whole months in Maceió time, in the URL as YYYY-MM

export const REPORT_DEFAULT_MONTHS = 6;
export const REPORT_MAX_MONTHS = 36;

/** YYYY-MM. */
export type Month = string;

export interface FunnelQuery {
  de: Month;
  ate: Month;
  /** An agent's id (the admin's filter; a corretor always sees only their own leads). */
  corretor?: number;
  /** A source key (isSourceKey). */
  origem?: string;
}

export type FunnelQueryErrors = Partial<Record<"de" | "ate", string>>;

/** YYYY-MM of `date` in Alagoas time (UTC−3 all year). */
export function monthOf(date: Date): Month {
  return new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 7);
}

export function addMonths(month: Month, count: number): Month {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Months from `from` to `to`, both included. */
export function monthsBetween(from: Month, to: Month): Month[] {
  const months: Month[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** The instant a month starts in Maceió (no daylight saving: midnight there is 03:00 UTC). */
export function monthStart(month: Month): Date {
  return new Date(`${month}-01T03:00:00.000Z`);
}

/**
 * A month as typed: 2026-03 (what <input type="month"> sends) or 03/2026 (what someone types where
 * the browser shows a plain text box). Null when it is neither.
 */
export function readMonth(value: string): Month | null {
  const text = value.trim();
  const iso = /^(\d{4})-(\d{1,2})$/.exec(text);
  const typed = /^(\d{1,2})\/(\d{4})$/.exec(text);
  const [year, month] = iso ? [iso[1], iso[2]] : typed ? [typed[2], typed[1]] : [];
  if (!year || !month) return null;
  const m = Number(month);
  const y = Number(year);
  if (m < 1 || m > 12 || y < 2000 || y > 2099) return null;
  return `${year}-${String(m).padStart(2, "0")}`;
}

/**
 * The report's filters from the URL. No period means the last REPORT_DEFAULT_MONTHS months, this
 * one included; a month that cannot be read, a start after the end or more than REPORT_MAX_MONTHS
 * months are errors at the field (the screen answers 400). An agent or source that cannot be read
 * is ignored, as the inbox's filters are.
 */
export function parseFunnelQuery(
  params: URLSearchParams,
  now: Date,
): { query: FunnelQuery; errors: FunnelQueryErrors } {
  const read = (key: string) => {
    const value = params.get(key)?.trim();
    return value ? value : undefined;
  };
  const errors: FunnelQueryErrors = {};
  const month = (key: "de" | "ate") => {
    const raw = read(key);
    if (raw === undefined) return undefined;
    const value = readMonth(raw);
    if (!value) errors[key] = "Informe o mês como 03/2026.";
    return value ?? undefined;
  };
  const current = monthOf(now);
  const de = month("de");
  const ate = month("ate");
  const end = ate ?? (de && de > current ? de : current);
  const start = de ?? addMonths(end, -(REPORT_DEFAULT_MONTHS - 1));
  if (!errors.de && !errors.ate) {
    if (start > end) errors.de = "O mês inicial deve vir antes do final (ou ser o mesmo).";
    else if (monthsBetween(start, end).length > REPORT_MAX_MONTHS)
      errors.de = `Escolha no máximo ${REPORT_MAX_MONTHS} meses.`;
  }
  const agent = Number(read("corretor"));
  const source = read("origem");
  return {
    query: {
      de: start,
      ate: end,
      corretor: Number.isSafeInteger(agent) && agent > 0 && agent <= 2_147_483_647 ? agent : undefined,
      origem: source !== undefined && isSourceKey(source) ? source : undefined,
    },
    errors,
  };
}

/** The query as a URL's search ("?de=2026-01&ate=2026-06&origem=site"). */
export function funnelSearch(query: FunnelQuery): string {
  const params = new URLSearchParams({ de: query.de, ate: query.ate });
  if (query.corretor !== undefined) params.set("corretor", String(query.corretor));
  if (query.origem !== undefined) params.set("origem", query.origem);
  return `?${params.toString()}`;
}

// ------------------------------------------------------------------------------------------------
// pt-BR formats (by hand, as app/lib/format.ts does, so the text is the same on server and browser)

/** "março de 2026". */
export function monthName(month: Month): string {
  const [year, m] = month.split("-");
  return `${MONTH_NAMES[Number(m) - 1]} de ${year}`;
}

/** "mar/26", for a chart's axis. */
export function monthShort(month: Month): string {
  const [year, m] = month.split("-");
  return `${MONTH_NAMES[Number(m) - 1]?.slice(0, 3)}/${year?.slice(2)}`;
}

/** "de janeiro a junho de 2026", "de novembro de 2025 a abril de 2026", "em março de 2026". */
export function periodName(from: Month, to: Month): string {
  if (from === to) return `em ${monthName(from)}`;
  const [fromYear] = from.split("-");
  const [toYear] = to.split("-");
  const start =
    fromYear === toYear ? (MONTH_NAMES[Number(from.split("-")[1]) - 1] as string) : monthName(from);
  return `de ${start} a ${monthName(to)}`;
}

/** A number with one decimal and a comma: 41,7. */
export function formatDecimal(value: number): string {
  const [whole, fraction] = (Math.round(value * 10) / 10).toFixed(1).split(".");
  return `${whole},${fraction}`;
}

/** 0.4167 → "41,7%" (as pt-BR writes it); null → "—". */
export function formatPercent(rate: number | null): string {
  return rate === null ? "—" : `${formatDecimal(rate * 100)}%`;
}

/** Wall time, to the minute: "menos de 1 min", "45 min", "2 h 05 min", "3 d 4 h"; null → "—". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "—";
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return "menos de 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}
