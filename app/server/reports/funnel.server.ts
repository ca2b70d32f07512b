// The funnel report (/admin/relatorios and its CSV): the leads received in a period of whole months
// (Maceió time), per source, per agent and per month, and how far each got — contacted, visit,
// proposal, closed — with the first-response times; and the closings of each month. Everything is
// aggregated in the database (one pass over the period's leads, grouped four ways); a corretor sees
// the figures of their own leads only (visibleLeads, as in the inbox). Decision 030 says what
// counts as what.
import { type SQL, sql } from "drizzle-orm";
import {
  addMonths,
  compareSources,
  type FunnelCounts,
  type FunnelQuery,
  LABELLED_SOURCES,
  type Month,
  monthStart,
  monthsBetween,
  type ReportSourceGroup,
  SOURCE_ORIGINS,
  sourceName,
} from "../../lib/funnel-report";
import { MACEIO_TIME_ZONE } from "../../lib/maceio-time";
import type { LeadStatus } from "../../lib/vocabulary";
import type { Db } from "../db/client.server";
import { leadContacts, leadStatusChanges, leads, properties, users } from "../db/schema.server";
import { type Viewer, visibleLeads } from "../leads/inbox.server";

export interface SourceRow extends FunnelCounts {
  /** A source key (app/lib/funnel-report.ts): "site", "zap", "integracao:Chaves na Mão". */
  key: string;
  name: string;
}

export interface AgentRow extends FunnelCounts {
  /** The lead's current assignee; null: nobody yet. */
  agentId: number | null;
  name: string;
}

export interface MonthRow extends FunnelCounts {
  month: Month;
  /** Leads (of any month) whose first move to fechado happened in this month. */
  fechamentos: number;
}

export interface FunnelReport {
  query: FunnelQuery;
  months: Month[];
  total: FunnelCounts;
  bySource: SourceRow[];
  byAgent: AgentRow[];
  byMonth: MonthRow[];
  /** The filter's choices: every source group and the named ones of the period's leads. */
  sources: { key: string; name: string }[];
}

const ZONE = sql.raw(`'${MACEIO_TIME_ZONE}'`);

/** How far along the pipeline a status is; perdido ends it without moving it (0, as novo). */
const STAGE_RANK: Partial<Record<LeadStatus, number>> = {
  em_atendimento: 1,
  visita_agendada: 2,
  proposta: 3,
  fechado: 4,
};

function rankOf(status: SQL): SQL {
  const cases = Object.entries(STAGE_RANK).map(
    ([key, rank]) => sql`when ${key} then ${sql.raw(String(rank))}`,
  );
  return sql`(case ${status} ${sql.join(cases, sql` `)} else 0 end)`;
}

function originList(origins: readonly string[]): SQL {
  return sql.raw(origins.map((origin) => `'${origin}'`).join(", "));
}

/** The name a card's first contact came with (an integration's `source`), or null. */
const firstLabel = sql`(select nullif(btrim(c.source_label), '') from ${leadContacts} c
  where c.lead_id = ${leads.id} order by c.received_at, c.id limit 1)`;

const UNLABELLED_GROUPS = (Object.entries(SOURCE_ORIGINS) as [ReportSourceGroup, readonly string[]][]).filter(
  ([group]) => !(LABELLED_SOURCES as readonly string[]).includes(group),
);

/**
 * The source a card is attributed to: its first contact's (leads.origin is that contact's origin,
 * record.server.ts); a portal Grupo ZAP did not name and an integration add the name that contact
 * came with.
 */
const sourceOf: SQL = sql`(case ${sql.join(
  UNLABELLED_GROUPS.map(
    ([group, origins]) => sql`when ${leads.origin} in (${originList(origins)}) then ${group}`,
  ),
  sql` `,
)}
  when ${leads.origin} in (${originList(LABELLED_SOURCES)}) then ${leads.origin} || coalesce(':' || ${firstLabel}, '')
  else ${leads.origin} end)`;

/**
 * The leads of one source, as a condition on the card: an origin test, which reads the first
 * contact only for a named source.
 */
function ofSource(key: string): SQL {
  const colon = key.indexOf(":");
  const group = (colon < 0 ? key : key.slice(0, colon)) as ReportSourceGroup;
  if (!(LABELLED_SOURCES as readonly string[]).includes(group))
    return sql`${leads.origin} in (${originList(SOURCE_ORIGINS[group] ?? [])})`;
  return colon < 0
    ? sql`${leads.origin} = ${group} and ${firstLabel} is null`
    : sql`${leads.origin} = ${group} and ${firstLabel} = ${key.slice(colon + 1)}`;
}

/** Leads an agent records (a call, a walk-in) are answered as they are made: not a response time. */
const RECORDED_ORIGINS = originList(SOURCE_ORIGINS.manual);

interface Scope {
  from: string;
  to: string;
  visible: SQL | undefined;
  agent: number | undefined;
  source: string | undefined;
}

function scopeOf(viewer: Viewer, query: FunnelQuery): Scope {
  return {
    from: monthStart(query.de).toISOString(),
    to: monthStart(addMonths(query.ate, 1)).toISOString(),
    visible: visibleLeads(viewer),
    // A corretor's own leads are their whole report: another agent's id would only empty it.
    agent: viewer.role === "admin" ? query.corretor : undefined,
    source: query.origem,
  };
}

/** The viewer's leads and the filters, after a `where`. */
function leadConditions(scope: Scope, options: { source?: boolean } = {}): SQL {
  const conditions: SQL[] = [];
  if (scope.visible) conditions.push(scope.visible);
  if (scope.agent !== undefined) conditions.push(sql`${leads.assigneeId} = ${scope.agent}`);
  if (scope.source !== undefined && options.source !== false) conditions.push(ofSource(scope.source));
  return conditions.length > 0 ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

interface GroupedRow {
  grouping_id: number;
  source: string | null;
  agent_id: number | null;
  month: string | null;
  leads: number;
  contatados: number;
  visitas: number;
  propostas: number;
  fechados: number;
  respondidos: number;
  mediana: number | string | null;
  p90: number | string | null;
}

// grouping(source, agent_id, month) has a bit set for each column the row is NOT grouped by.
const BY_SOURCE = 0b011;
const BY_AGENT = 0b101;
const BY_MONTH = 0b110;

async function funnelRows(db: Db, scope: Scope): Promise<GroupedRow[]> {
  const reached = sql`greatest(${rankOf(sql`${leads.status}`)}, coalesce((select max(${rankOf(sql`s.to_status`)})
    from ${leadStatusChanges} s where s.lead_id = ${leads.id}), 0))`;
  const result = await db.execute(sql`with base as (
      select ${leads.assigneeId} as agent_id,
        ${sourceOf} as source,
        to_char(${leads.createdAt} at time zone ${ZONE}, 'YYYY-MM') as month,
        ${reached} as reached,
        ${leads.firstResponseAt} is not null as responded,
        case when ${leads.origin} not in (${RECORDED_ORIGINS}) and ${leads.firstResponseAt} is not null
          then greatest(0, extract(epoch from ${leads.firstResponseAt} - ${leads.createdAt}))::float8 end
          as response_seconds
      from ${leads} left join ${properties} on ${properties.id} = ${leads.propertyId}
      where ${leads.createdAt} >= ${scope.from}::timestamptz and ${leads.createdAt} < ${scope.to}::timestamptz
        ${leadConditions(scope)}
    )
    select grouping(source, agent_id, month)::int as grouping_id, source, agent_id, month,
      count(*)::int as leads,
      count(*) filter (where reached >= 1 or responded)::int as contatados,
      count(*) filter (where reached >= 2)::int as visitas,
      count(*) filter (where reached >= 3)::int as propostas,
      count(*) filter (where reached >= 4)::int as fechados,
      count(response_seconds)::int as respondidos,
      percentile_cont(0.5) within group (order by response_seconds) as mediana,
      percentile_cont(0.9) within group (order by response_seconds) as p90
    from base
    group by grouping sets ((source), (agent_id), (month), ())`);
  return rowsOf<GroupedRow>(result);
}

/** Per month of the period: leads whose first move to fechado happened in it. */
async function closingsPerMonth(db: Db, scope: Scope): Promise<Map<Month, number>> {
  const result = await db.execute(sql`select to_char(s.at at time zone ${ZONE}, 'YYYY-MM') as month,
      count(*)::int as n
    from ${leadStatusChanges} s
      join ${leads} on ${leads.id} = s.lead_id
      left join ${properties} on ${properties.id} = ${leads.propertyId}
    where s.to_status = 'fechado' and s.at >= ${scope.from}::timestamptz and s.at < ${scope.to}::timestamptz
      and not exists (select 1 from ${leadStatusChanges} e where e.lead_id = s.lead_id
        and e.to_status = 'fechado' and (e.at < s.at or (e.at = s.at and e.id < s.id)))
      ${leadConditions(scope)}
    group by 1`);
  return new Map(rowsOf<{ month: Month; n: number }>(result).map((row) => [row.month, row.n]));
}

/**
 * The filter's choices: every source group, and each name a portal or an integration came with in
 * the period (whatever source is chosen now, so the others stay there to choose).
 */
async function sourceChoices(db: Db, scope: Scope): Promise<string[]> {
  const result = await db.execute(sql`select distinct source from (select ${sourceOf} as source
    from ${leads} left join ${properties} on ${properties.id} = ${leads.propertyId}
    where ${leads.createdAt} >= ${scope.from}::timestamptz and ${leads.createdAt} < ${scope.to}::timestamptz
      and ${leads.origin} in (${originList(LABELLED_SOURCES)})
      ${leadConditions(scope, { source: false })}) named`);
  const named = rowsOf<{ source: string }>(result).map((row) => row.source);
  return [...UNLABELLED_GROUPS.map(([group]) => group), ...named];
}

async function agentNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result =
    await db.execute(sql`select ${users.id} as id, ${users.name} as name, ${users.active} as active
    from ${users} where ${users.id} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(
    rowsOf<{ id: number; name: string; active: boolean }>(result).map((row) => [
      row.id,
      row.active ? row.name : `${row.name} (inativo)`,
    ]),
  );
}

const EMPTY: FunnelCounts = {
  leads: 0,
  contatados: 0,
  visitas: 0,
  propostas: 0,
  fechados: 0,
  respondidos: 0,
  medianaRespostaSegundos: null,
  p90RespostaSegundos: null,
};

function seconds(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

function countsOf(row: GroupedRow): FunnelCounts {
  return {
    leads: row.leads,
    contatados: row.contatados,
    visitas: row.visitas,
    propostas: row.propostas,
    fechados: row.fechados,
    respondidos: row.respondidos,
    medianaRespostaSegundos: seconds(row.mediana),
    p90RespostaSegundos: seconds(row.p90),
  };
}

export async function getFunnelReport(db: Db, viewer: Viewer, query: FunnelQuery): Promise<FunnelReport> {
  const scope = scopeOf(viewer, query);
  const [rows, closings, choices] = await Promise.all([
    funnelRows(db, scope),
    closingsPerMonth(db, scope),
    sourceChoices(db, scope),
  ]);
  const bySource = rows
    .filter((row) => row.grouping_id === BY_SOURCE && row.source !== null)
    .map((row) => ({ key: row.source as string, name: sourceName(row.source as string), ...countsOf(row) }))
    .sort((a, b) => compareSources(a.key, b.key));
  const agentRows = rows.filter((row) => row.grouping_id === BY_AGENT);
  const names = await agentNames(
    db,
    agentRows.flatMap((row) => (row.agent_id === null ? [] : [row.agent_id])),
  );
  const byAgent = agentRows
    .map((row) => ({
      agentId: row.agent_id,
      name: row.agent_id === null ? "Sem corretor" : (names.get(row.agent_id) ?? "Usuário removido"),
      ...countsOf(row),
    }))
    // Agents A–Z, then the leads nobody has yet.
    .sort((a, b) =>
      a.agentId === null ? 1 : b.agentId === null ? -1 : a.name.localeCompare(b.name, "pt-BR"),
    );
  const monthRows = new Map(
    rows.filter((row) => row.grouping_id === BY_MONTH).map((row) => [row.month as string, countsOf(row)]),
  );
  const months = monthsBetween(query.de, query.ate);
  const totalRow = rows.find((row) => row.grouping_id === 0b111);
  return {
    query,
    months,
    total: totalRow ? countsOf(totalRow) : EMPTY,
    bySource,
    byAgent,
    byMonth: months.map((month) => ({
      month,
      ...(monthRows.get(month) ?? EMPTY),
      fechamentos: closings.get(month) ?? 0,
    })),
    sources: [...new Set(choices)].sort(compareSources).map((key) => ({ key, name: sourceName(key) })),
  };
}
