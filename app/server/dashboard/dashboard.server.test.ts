import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertLead, insertProperty, propertyFormData } from "../../../tests/support/factories";
import { maceioClock } from "../../lib/maceio-time";
import type { ProposalStatus } from "../../lib/vocabulary";
import { createTestUser } from "../auth/test-context.server";
import type { Database } from "../db/client.server";
import { leads, propertyPhotos, propertyViewsDaily, proposals } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import type { Actor } from "../properties/access.server";
import { createProperty, setStatus, updateProperty } from "../properties/admin.server";
import { getDashboard, getListingNumbers } from "./dashboard.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const now = new Date("2026-03-20T15:00:00.000Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
/** A listing of the dashboard's: last edited yesterday unless the test says otherwise. */
const listing = (overrides: Parameters<typeof insertProperty>[1]) =>
  insertProperty(database.db, { titulo: "Apartamento", updatedAt: daysAgo(1), ...overrides });

async function photos(propertyId: number, count: number) {
  for (let i = 0; i < count; i++) {
    await database.db.insert(propertyPhotos).values({
      propertyId,
      position: i,
      isCover: i === 0,
      width: 10,
      height: 10,
      placeholderColor: "#000",
      hash: `h${propertyId}-${i}`,
      variants: [],
    });
  }
}

describe("dashboard", () => {
  it("counts, flags listings needing attention, charts 30 days, and scopes a corretor to their own", async () => {
    const admin = await createTestUser(database, { role: "admin" });
    const mine = await createTestUser(database);
    const other = await createTestUser(database);
    const { db } = database;
    const complete = await listing({ corretorId: mine.id });
    const noPhotos = await listing({ corretorId: mine.id });
    const fewPhotos = await listing({ corretorId: mine.id });
    const noPrice = await listing({ corretorId: mine.id, precoVenda: null });
    const stale = await listing({ corretorId: mine.id, updatedAt: daysAgo(100) });
    const sold = await listing({
      corretorId: mine.id,
      status: "vendido",
      statusChangedAt: daysAgo(2),
      updatedAt: daysAgo(2),
    });
    const draft = await listing({ publicacao: "rascunho", corretorId: mine.id });
    const othersListing = await listing({
      corretorId: other.id,
      precoVenda: null,
      precoSobConsulta: true,
    });
    await photos(complete.id, 5);
    await photos(fewPhotos.id, 2);
    await photos(noPrice.id, 5);
    await photos(stale.id, 5);
    await photos(draft.id, 5);
    await photos(othersListing.id, 5);
    await db.insert(propertyViewsDaily).values([
      { propertyId: complete.id, day: maceioClock(daysAgo(0)).day, views: 7, whatsappClicks: 2 },
      { propertyId: othersListing.id, day: maceioClock(daysAgo(0)).day, views: 5 },
      { propertyId: stale.id, day: maceioClock(daysAgo(3)).day, views: 1, whatsappClicks: 4 },
      { propertyId: complete.id, day: maceioClock(daysAgo(40)).day, views: 99, whatsappClicks: 50 },
    ]);
    await db.insert(leads).values([
      { name: "Lead A", origin: "formulario_imovel", propertyId: complete.id, createdAt: daysAgo(0) },
      { name: "Lead B", origin: "whatsapp", propertyId: othersListing.id, createdAt: daysAgo(1) },
      {
        name: "Lead C",
        origin: "telefone",
        assigneeId: mine.id,
        status: "em_atendimento",
        createdAt: daysAgo(1),
      },
      // About mine's listing, but handed to another agent: theirs, not mine's (the inbox's rule).
      {
        name: "Lead D",
        origin: "formulario_imovel",
        propertyId: complete.id,
        assigneeId: other.id,
        createdAt: daysAgo(2),
      },
    ]);

    const all = await getDashboard(db, { id: admin.id, role: "admin" }, now);
    expect(all.counts).toEqual({
      publicados: 7,
      rascunhos: 1,
      vendidosNoMes: 1,
      alugadosNoMes: 0,
      leadsNovos: 3,
      propostasAbertas: 0,
      propostasVencidas: 0,
    });
    expect(all.daily).toHaveLength(30);
    expect(all.daily.at(-1)).toEqual({ day: "2026-03-20", views: 12, whatsapp: 2, leads: 1 });
    expect(all.daily.reduce((s, d) => s + d.views, 0)).toBe(13);
    expect(all.daily.reduce((s, d) => s + d.whatsapp, 0)).toBe(6);
    // Per listing, over the 30 days: WhatsApp taps first, then views.
    expect(all.topListings.map((t) => [t.id, t.views, t.whatsapp, t.leads])).toEqual([
      [stale.id, 1, 4, 0],
      [complete.id, 7, 2, 2],
      [othersListing.id, 5, 0, 1],
    ]);
    // B and C arrived at the same moment: the one recorded last comes first.
    expect(all.recentLeads.map((l) => l.name)).toEqual(["Lead A", "Lead C", "Lead B", "Lead D"]);

    const reasons = Object.fromEntries(all.attention.map((a) => [a.id, a.reasons]));
    expect(reasons[noPhotos.id]).toEqual(["sem-fotos"]);
    expect(reasons[fewPhotos.id]).toEqual(["poucas-fotos"]);
    expect(reasons[noPrice.id]).toEqual(["sem-preco"]);
    expect(reasons[stale.id]).toEqual(["desatualizado"]);
    expect(reasons[complete.id]).toBeUndefined();
    expect(reasons[othersListing.id]).toBeUndefined(); // sob consulta is a price choice
    expect(reasons[sold.id]).toBeUndefined(); // sold listings need nothing

    const own = await getDashboard(db, { id: mine.id, role: "corretor" }, now);
    expect(own.counts).toEqual({
      publicados: 6,
      rascunhos: 1,
      vendidosNoMes: 1,
      alugadosNoMes: 0,
      leadsNovos: 1,
      propostasAbertas: 0,
      propostasVencidas: 0,
    });
    expect(own.daily.at(-1)).toEqual({ day: "2026-03-20", views: 7, whatsapp: 2, leads: 1 });
    expect(own.topListings.map((t) => t.id)).toEqual([stale.id, complete.id]);
    expect(await getListingNumbers(db, complete.id, now)).toEqual({ views: 7, whatsapp: 2, leads: 2 });
    expect(await getListingNumbers(db, draft.id, now)).toEqual({ views: 0, whatsapp: 0, leads: 0 });
    expect(own.recentLeads.map((l) => l.name).sort()).toEqual(["Lead A", "Lead C"]);
    expect(own.attention.some((a) => a.id === othersListing.id)).toBe(false);
  });
});

describe("vendidos/alugados no mês", () => {
  // `now` is 20 March 2026 in Maceió; the listings are created, sold and edited through the
  // admin's own domain functions, at the instants given.
  const march = (day: number) => new Date(`2026-03-${String(day).padStart(2, "0")}T14:00:00.000Z`);
  const rental = (overrides: Parameters<typeof propertyFormData>[0] = {}) =>
    propertyFormData({
      finalidades: ["aluguel"],
      precoVenda: "",
      precoAluguel: "3500",
      periodoAluguel: "mensal",
      ...overrides,
    });

  async function closedThisMonth(corretor: Actor) {
    const { counts } = await getDashboard(database.db, { id: corretor.id, role: "corretor" }, now);
    return { vendidos: counts.vendidosNoMes, alugados: counts.alugadosNoMes };
  }

  it("counts a listing sold this month (quick action) and one rented this month (edit form)", async () => {
    const { db } = database;
    const corretor = await createActor(db, "corretor");
    const sold = await createProperty(db, corretor, propertyFormData());
    const rented = await createProperty(db, corretor, rental());
    await createProperty(db, corretor, propertyFormData()); // still on offer
    await setStatus(db, corretor, sold.id, "vendido", march(10));
    await updateProperty(db, corretor, rented.id, rental({ status: "alugado" }), march(12));
    expect(await closedThisMonth(corretor)).toEqual({ vendidos: 1, alugados: 1 });
  });

  it("does not count a listing sold last month and edited this month", async () => {
    const { db } = database;
    const corretor = await createActor(db, "corretor");
    const sold = await createProperty(db, corretor, propertyFormData());
    const rented = await createProperty(db, corretor, rental());
    await setStatus(db, corretor, sold.id, "vendido", new Date("2026-02-12T14:00:00.000Z"));
    await setStatus(db, corretor, rented.id, "alugado", new Date("2026-01-30T14:00:00.000Z"));
    // This month the price and the rent are corrected; the situação stays as it was.
    await updateProperty(
      db,
      corretor,
      sold.id,
      propertyFormData({ status: "vendido", precoVenda: "820000" }),
      march(15),
    );
    await updateProperty(
      db,
      corretor,
      rented.id,
      rental({ status: "alugado", precoAluguel: "3300" }),
      march(16),
    );
    await setStatus(db, corretor, sold.id, "vendido", march(17)); // the quick action, clicked again
    expect(await closedThisMonth(corretor)).toEqual({ vendidos: 0, alugados: 0 });
  });

  it("does not count a sale undone this month, and counts it once when sold again", async () => {
    const { db } = database;
    const corretor = await createActor(db, "corretor");
    const { id } = await createProperty(db, corretor, propertyFormData());
    await setStatus(db, corretor, id, "vendido", march(5));
    await setStatus(db, corretor, id, "disponivel", march(8));
    expect(await closedThisMonth(corretor)).toEqual({ vendidos: 0, alugados: 0 });
    await updateProperty(db, corretor, id, propertyFormData({ status: "vendido" }), march(18));
    expect(await closedThisMonth(corretor)).toEqual({ vendidos: 1, alugados: 0 });
  });

  it("starts the month at midnight in Alagoas, not in UTC", async () => {
    const { db } = database;
    const corretor = await createActor(db, "corretor");
    const lateFebruary = await createProperty(db, corretor, propertyFormData());
    const earlyMarch = await createProperty(db, corretor, propertyFormData());
    // 1 March 02:59 UTC is still 28 February, 23:59 in Maceió.
    await setStatus(db, corretor, lateFebruary.id, "vendido", new Date("2026-03-01T02:59:00.000Z"));
    await setStatus(db, corretor, earlyMarch.id, "vendido", new Date("2026-03-01T03:00:00.000Z"));
    expect(await closedThisMonth(corretor)).toEqual({ vendidos: 1, alugados: 0 });
  });
});

describe("propostas em aberto", () => {
  it("counts the proposals waiting on the owner or the buyer of open leads, and those past their day; a corretor, of their own leads", async () => {
    const admin = await createTestUser(database, { role: "admin" });
    const agent = await createTestUser(database, { role: "corretor" });
    const property = await listing({ referencia: "PA0001" });
    const own = await insertLead(database.db, { assigneeId: agent.id });
    const other = await insertLead(database.db);
    const today = maceioClock(now).day;
    const proposal = (leadId: number, status: ProposalStatus, validUntil: string) =>
      database.db.insert(proposals).values({
        leadId,
        propertyId: property.id,
        finalidade: "venda",
        amount: 500_000,
        validUntil,
        status,
      });
    await proposal(own.id, "em_analise", today);
    await proposal(own.id, "contraproposta", "2026-03-19");
    await proposal(own.id, "aceita", "2026-03-01");
    await proposal(other.id, "em_analise", "2026-03-10");
    await proposal(other.id, "recusada", "2026-03-10");
    // A lost lead's unanswered proposal is over with it.
    const lost = await insertLead(database.db, { status: "perdido" });
    await proposal(lost.id, "em_analise", "2026-03-10");

    const admins = (await getDashboard(database.db, admin, now)).counts;
    expect([admins.propostasAbertas, admins.propostasVencidas]).toEqual([3, 2]);
    const agents = (await getDashboard(database.db, agent, now)).counts;
    expect([agents.propostasAbertas, agents.propostasVencidas]).toEqual([2, 1]);
  });
});
