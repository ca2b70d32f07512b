// The funnel report on a dataset small enough to count by hand (the expected figures are worked out
// in the comments): sources, agents, months in Maceió time (UTC−3), stages reached through the
// history even when the lead was lost later, response times, closings per month, a corretor's own
// figures, and the CSV.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertLead, insertProperty, insertUser } from "../../../tests/support/factories";
import { type FunnelQuery, parseFunnelQuery } from "../../lib/funnel-report";
import type { LeadOrigin, LeadStatus } from "../../lib/vocabulary";
import type { Database } from "../db/client.server";
import { leadContacts, leadStatusChanges } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { type FunnelReport, getFunnelReport } from "./funnel.server";
import { funnelCsv } from "./funnel-csv.server";

let database: Database;
let ana: { id: number; role: "corretor" };
let bruno: { id: number; role: "corretor" };
const admin = { id: 0, role: "admin" as const };

/** Mid-June 2026: the default period is January to June 2026. */
const now = new Date("2026-06-15T12:00:00.000Z");
const at = (iso: string) => new Date(iso);
const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

interface LeadSpec {
  origin: LeadOrigin;
  label?: string;
  createdAt: Date;
  assigneeId: number | null;
  propertyId?: number | null;
  status: LeadStatus;
  /** Seconds after createdAt; omitted: no response yet. */
  respondedAfter?: number;
  /** Every move, in order. */
  moves?: [LeadStatus, Date][];
  /** Later contacts from other sources (they do not change the card's source). */
  laterContacts?: { origin: LeadOrigin; label?: string; at: Date }[];
}

async function lead(spec: LeadSpec) {
  const { db } = database;
  const row = await insertLead(db, {
    origin: spec.origin,
    createdAt: spec.createdAt,
    lastContactAt: spec.createdAt,
    assigneeId: spec.assigneeId,
    assignedAt: spec.assigneeId === null ? null : spec.createdAt,
    propertyId: spec.propertyId ?? null,
    status: spec.status,
    firstResponseAt: spec.respondedAfter === undefined ? null : plus(spec.createdAt, spec.respondedAfter),
  });
  await db.insert(leadContacts).values([
    { leadId: row.id, origin: spec.origin, sourceLabel: spec.label ?? null, receivedAt: spec.createdAt },
    ...(spec.laterContacts ?? []).map((c) => ({
      leadId: row.id,
      origin: c.origin,
      sourceLabel: c.label ?? null,
      receivedAt: c.at,
    })),
  ]);
  let from: LeadStatus = "novo";
  for (const [to, moved] of spec.moves ?? []) {
    await db.insert(leadStatusChanges).values({ leadId: row.id, fromStatus: from, toStatus: to, at: moved });
    from = to;
  }
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const anaRow = await insertUser(db, { name: "Ana Lima" });
  const brunoRow = await insertUser(db, { name: "Bruno Souza" });
  ana = { id: anaRow.id, role: "corretor" };
  bruno = { id: brunoRow.id, role: "corretor" };
  const anasListing = await insertProperty(db, { corretorId: ana.id });

  // L1 site, Ana, 00:00 on 1 March in Maceió (03:00 UTC): March. Reached fechado (in April).
  // Contacted 2 h after it came.
  const l1 = at("2026-03-01T03:00:00.000Z");
  await lead({
    origin: "formulario_imovel",
    createdAt: l1,
    assigneeId: ana.id,
    status: "fechado",
    respondedAfter: 7200,
    moves: [
      ["em_atendimento", plus(l1, 7200)],
      ["visita_agendada", at("2026-03-05T15:00:00.000Z")],
      ["proposta", at("2026-03-10T15:00:00.000Z")],
      ["fechado", at("2026-04-02T12:00:00.000Z")],
    ],
  });
  // L2 site, Ana, 23:59:59 on 28 February in Maceió: February. Jumped to proposta (so it reached
  // visita too), then was lost: proposta still counts. Answered after 30 min.
  const l2 = at("2026-03-01T02:59:59.000Z");
  await lead({
    origin: "formulario_contato",
    createdAt: l2,
    assigneeId: ana.id,
    status: "perdido",
    respondedAfter: 1800,
    moves: [
      ["em_atendimento", plus(l2, 1800)],
      ["proposta", at("2026-03-10T12:00:00.000Z")],
      ["perdido", at("2026-03-20T12:00:00.000Z")],
    ],
  });
  // L3 ZAP, Bruno, April; in atendimento after 1 h.
  const l3 = at("2026-04-10T15:00:00.000Z");
  await lead({
    origin: "zap",
    createdAt: l3,
    assigneeId: bruno.id,
    status: "em_atendimento",
    respondedAfter: 3600,
    moves: [["em_atendimento", plus(l3, 3600)]],
  });
  // L4 Chaves na Mão (an integration), unassigned on Ana's listing (so Ana sees it), 20:00 on
  // 30 April in Maceió: April. Came back later through the site: still Chaves na Mão. No answer.
  await lead({
    origin: "integracao",
    label: "Chaves na Mão",
    createdAt: at("2026-04-30T23:00:00.000Z"),
    assigneeId: null,
    propertyId: anasListing.id,
    status: "novo",
    laterContacts: [{ origin: "formulario_imovel", at: at("2026-05-03T12:00:00.000Z") }],
  });
  // L5 Imovelweb (an integration), Bruno, 23:00 on 30 April in Maceió (02:00 UTC on 1 May):
  // April. Straight to visita after 10 min.
  const l5 = at("2026-05-01T02:00:00.000Z");
  await lead({
    origin: "integracao",
    label: "Imovelweb",
    createdAt: l5,
    assigneeId: bruno.id,
    status: "visita_agendada",
    respondedAfter: 600,
    moves: [["visita_agendada", plus(l5, 600)]],
  });
  // L6 a call Ana recorded, May: answered as it was made (contacted; no response time).
  await lead({
    origin: "telefone",
    createdAt: at("2026-05-15T13:00:00.000Z"),
    assigneeId: ana.id,
    status: "novo",
    respondedAfter: 0,
  });
  // L7 WhatsApp, Bruno, 00:00 on 1 June in Maceió: June. Lost after 4 h: contacted (its first
  // response), nothing further.
  const l7 = at("2026-06-01T03:00:00.000Z");
  await lead({
    origin: "whatsapp",
    createdAt: l7,
    assigneeId: bruno.id,
    status: "perdido",
    respondedAfter: 14_400,
    moves: [["perdido", plus(l7, 14_400)]],
  });
  // L8 site, Ana, January. Closed at 23:59:59 on 31 May in Maceió (a May closing), reopened and
  // closed again in June: only its first closing counts as one.
  const l8 = at("2026-01-10T12:00:00.000Z");
  await lead({
    origin: "formulario_imovel",
    createdAt: l8,
    assigneeId: ana.id,
    status: "fechado",
    respondedAfter: 300,
    moves: [
      ["em_atendimento", plus(l8, 300)],
      ["visita_agendada", at("2026-01-15T12:00:00.000Z")],
      ["proposta", at("2026-01-20T12:00:00.000Z")],
      ["fechado", at("2026-06-01T02:59:59.000Z")],
      ["proposta", at("2026-06-02T12:00:00.000Z")],
      ["fechado", at("2026-06-05T12:00:00.000Z")],
    ],
  });
  // L9 site, Ana, 20:00 on 31 December 2025 in Maceió: outside the period, but its closing (10
  // February) is one of February's.
  const l9 = at("2025-12-31T23:00:00.000Z");
  await lead({
    origin: "formulario_imovel",
    createdAt: l9,
    assigneeId: ana.id,
    status: "fechado",
    respondedAfter: 60,
    moves: [["fechado", at("2026-02-10T12:00:00.000Z")]],
  });
  // L10 VivaReal, Bruno, 00:00 on 1 July in Maceió: after the period.
  await lead({
    origin: "vivareal",
    createdAt: at("2026-07-01T03:00:00.000Z"),
    assigneeId: bruno.id,
    status: "novo",
  });
  // L11 a portal Grupo ZAP did not name, nobody's (no listing): February; only an admin sees it.
  await lead({
    origin: "portal",
    createdAt: at("2026-02-15T12:00:00.000Z"),
    assigneeId: null,
    status: "novo",
  });
});

afterAll(async () => {
  await database.close();
});

function query(params: Record<string, string> = {}): FunnelQuery {
  const { query, errors } = parseFunnelQuery(new URLSearchParams(params), now);
  expect(errors).toEqual({});
  return query;
}

/** A row's stages as [leads, contatados, visitas, propostas, fechados]. */
const stages = (row: FunnelReport["total"] | undefined) =>
  row ? [row.leads, row.contatados, row.visitas, row.propostas, row.fechados] : null;
const times = (row: FunnelReport["total"] | undefined) =>
  row ? [row.respondidos, row.medianaRespostaSegundos, row.p90RespostaSegundos] : null;

describe("funnel report", () => {
  it("counts the period's leads per source, agent and month, as an admin sees them", async () => {
    const report = await getFunnelReport(database.db, admin, query());
    expect(report.months).toEqual(["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06"]);
    // L1–L8 and L11. Contacted: all but L4 and L11. Visita: L1, L2 (via proposta), L5, L8.
    // Proposta: L1, L2, L8. Fechado: L1, L8.
    expect(stages(report.total)).toEqual([9, 7, 4, 3, 2]);
    // Response times 300, 600, 1800, 3600, 7200, 14400 (L6, recorded by Ana, has none): the median
    // is halfway between 1800 and 3600; p90 sits at 4.5 of 0–5, halfway between 7200 and 14400.
    expect(times(report.total)).toEqual([6, 2700, 10_800]);

    expect(report.bySource.map((row) => [row.key, row.name, ...(stages(row) ?? [])])).toEqual([
      ["site", "Site", 3, 3, 3, 3, 2],
      ["whatsapp", "WhatsApp", 1, 1, 0, 0, 0],
      ["zap", "ZAP Imóveis", 1, 1, 0, 0, 0],
      ["portal", "Outros portais", 1, 0, 0, 0, 0],
      ["integracao:Chaves na Mão", "Chaves na Mão", 1, 0, 0, 0, 0],
      ["integracao:Imovelweb", "Imovelweb", 1, 1, 1, 0, 0],
      ["manual", "Ligação ou visita", 1, 1, 0, 0, 0],
    ]);
    // Site: 300, 1800, 7200 → median 1800; p90 at 1.8 of 0–2: 1800 + 0.8 × 5400.
    expect(times(report.bySource.find((row) => row.key === "site"))).toEqual([3, 1800, 6120]);
    expect(times(report.bySource.find((row) => row.key === "manual"))).toEqual([0, null, null]);
    expect(times(report.bySource.find((row) => row.key === "whatsapp"))).toEqual([1, 14_400, 14_400]);

    expect(report.byAgent.map((row) => [row.name, ...(stages(row) ?? [])])).toEqual([
      ["Ana Lima", 4, 4, 3, 3, 2],
      ["Bruno Souza", 3, 3, 1, 0, 0],
      ["Sem corretor", 2, 0, 0, 0, 0],
    ]);
    // Bruno: 600, 3600, 14400 → median 3600; p90 3600 + 0.8 × 10800.
    expect(times(report.byAgent[1])).toEqual([3, 3600, 12_240]);

    expect(report.byMonth.map((row) => [row.month, ...(stages(row) ?? []), row.fechamentos])).toEqual([
      ["2026-01", 1, 1, 1, 1, 1, 0],
      // L2 and L11; L9's closing.
      ["2026-02", 2, 1, 1, 1, 0, 1],
      ["2026-03", 1, 1, 1, 1, 1, 0],
      // L3, L4, L5; L1's closing.
      ["2026-04", 3, 2, 1, 0, 0, 1],
      // L6; L8's first closing (23:59:59 on 31 May).
      ["2026-05", 1, 1, 0, 0, 0, 1],
      ["2026-06", 1, 1, 0, 0, 0, 0],
    ]);
    // The filter offers every source group, and the named sources of the period.
    expect(report.sources.map((s) => s.key)).toEqual([
      "site",
      "whatsapp",
      "zap",
      "vivareal",
      "olx",
      "portal",
      "integracao:Chaves na Mão",
      "integracao:Imovelweb",
      "manual",
    ]);
  });

  it("filters by source and by agent, keeping every source to choose from", async () => {
    const site = await getFunnelReport(database.db, admin, query({ origem: "site" }));
    expect(stages(site.total)).toEqual([3, 3, 3, 3, 2]);
    expect(site.bySource.map((row) => row.key)).toEqual(["site"]);
    expect(site.byMonth.map((row) => row.fechamentos)).toEqual([0, 1, 0, 1, 1, 0]);
    expect(site.sources).toHaveLength(9);

    const chaves = await getFunnelReport(database.db, admin, query({ origem: "integracao:Chaves na Mão" }));
    expect(stages(chaves.total)).toEqual([1, 0, 0, 0, 0]);
    expect(chaves.byAgent.map((row) => row.name)).toEqual(["Sem corretor"]);

    // A portal Grupo ZAP did not name, without a name of its own: L11.
    const portal = await getFunnelReport(database.db, admin, query({ origem: "portal" }));
    expect(portal.bySource.map((row) => [row.key, row.leads])).toEqual([["portal", 1]]);

    const brunos = await getFunnelReport(database.db, admin, query({ corretor: String(bruno.id) }));
    expect(stages(brunos.total)).toEqual([3, 3, 1, 0, 0]);
    expect(brunos.byAgent.map((row) => row.name)).toEqual(["Bruno Souza"]);
    expect(brunos.byMonth.map((row) => row.fechamentos)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("counts months in Maceió time", async () => {
    // April: L3, L4 (20:00 on 30 April) and L5 (23:00 on 30 April, 1 May in UTC); not L10.
    const april = await getFunnelReport(database.db, admin, query({ de: "2026-04", ate: "2026-04" }));
    expect(april.months).toEqual(["2026-04"]);
    expect(stages(april.total)).toEqual([3, 2, 1, 0, 0]);
    // December 2025: L9 alone (23:00 UTC on 31 December); its closing is February's.
    const december = await getFunnelReport(database.db, admin, query({ de: "2025-12", ate: "2025-12" }));
    expect(stages(december.total)).toEqual([1, 1, 1, 1, 1]);
    expect(december.byMonth).toMatchObject([{ month: "2025-12", fechamentos: 0 }]);
    // July 2026: L10 (00:00 on 1 July in Maceió).
    const july = await getFunnelReport(database.db, admin, query({ de: "2026-07", ate: "2026-07" }));
    expect(july.bySource.map((row) => [row.key, row.leads])).toEqual([["vivareal", 1]]);
  });

  it("shows a corretor only their own leads, whatever agent the URL names", async () => {
    // Ana: L1, L2, L6, L8 (hers) and L4 (unassigned, on her listing); not Bruno's nor L11.
    for (const params of [{}, { corretor: String(bruno.id) }] as Record<string, string>[]) {
      const report = await getFunnelReport(database.db, ana, query(params));
      expect(stages(report.total)).toEqual([5, 4, 3, 3, 2]);
      expect(times(report.total)).toEqual([3, 1800, 6120]);
      expect(report.byAgent.map((row) => [row.name, row.leads])).toEqual([
        ["Ana Lima", 4],
        ["Sem corretor", 1],
      ]);
      expect(report.bySource.map((row) => [row.key, row.leads])).toEqual([
        ["site", 3],
        ["integracao:Chaves na Mão", 1],
        ["manual", 1],
      ]);
      // L9 (hers, closed in February), L1 (April), L8 (May).
      expect(report.byMonth.map((row) => row.fechamentos)).toEqual([0, 1, 0, 1, 1, 0]);
    }
    const brunos = await getFunnelReport(database.db, bruno, query());
    expect(stages(brunos.total)).toEqual([3, 3, 1, 0, 0]);
    expect(brunos.byAgent.map((row) => row.name)).toEqual(["Bruno Souza"]);
    expect(brunos.sources.map((s) => s.key)).toEqual([
      "site",
      "whatsapp",
      "zap",
      "vivareal",
      "olx",
      "integracao:Imovelweb",
      "manual",
    ]);
  });

  it("answers an empty period with zeros and no rates", async () => {
    const report = await getFunnelReport(database.db, admin, query({ de: "2024-01", ate: "2024-03" }));
    expect(stages(report.total)).toEqual([0, 0, 0, 0, 0]);
    expect(times(report.total)).toEqual([0, null, null]);
    expect(report.bySource).toEqual([]);
    expect(report.byMonth.map((row) => row.leads)).toEqual([0, 0, 0]);
  });

  it("writes the CSV with a BOM, decimal commas and formulas neutralised", async () => {
    // A source name that a spreadsheet would run as a formula, alone in March 2024.
    await lead({
      origin: "integracao",
      label: '=HYPERLINK("http://exemplo.com")',
      createdAt: at("2024-03-10T12:00:00.000Z"),
      assigneeId: null,
      status: "novo",
    });
    const march = await getFunnelReport(database.db, admin, query({ de: "2024-03", ate: "2024-03" }));
    expect(march.bySource.map((row) => row.name)).toEqual(['=HYPERLINK("http://exemplo.com")']);
    const marchCsv = funnelCsv(march);
    expect(marchCsv).toContain("Total;março de 2024;1;");
    expect(marchCsv).toContain(`Origem;"'=HYPERLINK(""http://exemplo.com"")";1;0;0;0;0;"0,0";;;;"0,0";0;;;`);

    const csv = funnelCsv(await getFunnelReport(database.db, admin, query()));
    expect(csv.startsWith("\uFEFFRecorte;Nome;Leads;Contatados;Visita;Proposta;Fechado;")).toBe(true);
    const lines = csv.trimEnd().split("\r\n");
    // 1 header, 1 total, 7 sources, 3 agents, 6 months.
    expect(lines).toHaveLength(18);
    const q = (cells: string) =>
      cells
        .split(";")
        .map((cell) => `"${cell}"`)
        .join(";");
    // (A cell with a comma is quoted: "77,8" is still a number to a spreadsheet in pt-BR.)
    // 9 leads, 7 contacted (77,8 %), 4 visits (57,1 %), 3 proposals (75 %), 2 closed (66,7 %; 22,2 %
    // overall); 6 timed responses, median 45 min, p90 180 min.
    expect(lines[1]).toBe(
      `Total;janeiro de 2026 a junho de 2026;9;7;4;3;2;${q("77,8;57,1;75,0;66,7;22,2")};6;${q("45,0;180,0")};`,
    );
    expect(lines).toContain(`Corretor;Sem corretor;2;0;0;0;0;"0,0";;;;"0,0";0;;;`);
    expect(lines).toContain(`Mês;maio de 2026;1;1;0;0;0;${q("100,0;0,0")};;;"0,0";0;;;1`);
  });
});
