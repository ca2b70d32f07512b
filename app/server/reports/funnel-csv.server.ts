// /admin/relatorios.csv: the report's tables as one sheet, a row per total, source, agent and month
// ("Recorte" says which). Written by the inbox's CSV helpers (formula neutralisation, BOM, ";"), with
// decimal commas so a spreadsheet in pt-BR reads rates and minutes as numbers.
import {
  FUNNEL_STAGE_KEYS,
  FUNNEL_STAGES,
  type FunnelCounts,
  formatDecimal,
  monthName,
  overallRate,
  stageRate,
} from "../../lib/funnel-report";
import { toCsv } from "../leads/csv.server";
import type { FunnelReport } from "./funnel.server";

const STAGE_BEFORE = ["leads", ...FUNNEL_STAGE_KEYS.map((stage) => FUNNEL_STAGES[stage].toLowerCase())];

const percent = (rate: number | null) => (rate === null ? "" : formatDecimal(rate * 100));
const minutes = (seconds: number | null) => (seconds === null ? "" : formatDecimal(seconds / 60));

function cells(row: FunnelCounts): unknown[] {
  return [
    row.leads,
    ...FUNNEL_STAGE_KEYS.map((stage) => row[stage]),
    ...FUNNEL_STAGE_KEYS.map((stage) => percent(stageRate(row, stage))),
    percent(overallRate(row)),
    row.respondidos,
    minutes(row.medianaRespostaSegundos),
    minutes(row.p90RespostaSegundos),
  ];
}

export function funnelCsv(report: FunnelReport): string {
  const { de, ate } = report.query;
  const period = de === ate ? monthName(de) : `${monthName(de)} a ${monthName(ate)}`;
  return toCsv([
    [
      "Recorte",
      "Nome",
      "Leads",
      ...FUNNEL_STAGE_KEYS.map((stage) => FUNNEL_STAGES[stage]),
      ...FUNNEL_STAGE_KEYS.map((stage, i) => `${FUNNEL_STAGES[stage]}/${STAGE_BEFORE[i]} (%)`),
      "Conversão total (%)",
      "Leads com tempo de 1ª resposta",
      "1ª resposta, mediana (min, tempo corrido)",
      "1ª resposta, p90 (min, tempo corrido)",
      "Fechamentos no mês",
    ],
    ["Total", period, ...cells(report.total), ""],
    ...report.bySource.map((row) => ["Origem", row.name, ...cells(row), ""]),
    ...report.byAgent.map((row) => ["Corretor", row.name, ...cells(row), ""]),
    ...report.byMonth.map((row) => ["Mês", monthName(row.month), ...cells(row), row.fechamentos]),
  ]);
}
