// The owner's report (real database): the link an agent makes, replaces and turns off; what the
// owner reads behind it (the last 30 days' numbers and the listing's whole life, its price per m²
// against listings like it); and what it never does (open for a replaced link, count the agent's
// preview, let a corretor make a link for someone else's listing).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createActor,
  insertAgency,
  insertLead,
  insertProperty,
  insertUser,
  TEST_AGENCY,
} from "../../../tests/support/factories";
import { marketSentence } from "../../lib/owner-report";
import type { Database } from "../db/client.server";
import {
  auditLog,
  captacoes,
  ownerReports,
  properties,
  propertyViewsDaily,
  savedSearchDigests,
  savedSearches,
  savedSearchSent,
  visits,
} from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import type { Actor } from "../properties/access.server";
import { PropertyAccessError } from "../properties/errors.server";
import {
  buildOwnerReport,
  createOwnerReportLink,
  openOwnerReport,
  ownerContactOf,
  ownerReportLinkOf,
  revokeOwnerReportLink,
} from "./owner-report.server";

let database: Database;
let admin: Actor;
let corretor: Actor;
const storage = new LocalDiskStorage("/tmp/owner-report-test-media", "/media");
// 20 Nov 2026, 12:00 in Maceió: the report's 30 days run from 22 Oct to 20 Nov.
const NOW = new Date("2026-11-20T15:00:00.000Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAgency(database.db);
  admin = await createActor(database.db, "admin");
  corretor = await createActor(database.db, "corretor");
});
afterAll(async () => {
  await database.close();
});

describe("the report's link", () => {
  it("opens the report and counts the owner's visits; a new link ends the old one, turning it off ends both", async () => {
    const listing = await insertProperty(database.db, { corretorId: corretor.id });
    const { token: first, replaced } = await createOwnerReportLink(database.db, corretor, listing.id);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(replaced).toBe(false);

    const report = await openOwnerReport(database.db, storage, first, { now: NOW });
    expect(report?.listing.referencia).toBe(listing.referencia);
    await openOwnerReport(database.db, storage, first, { now: NOW });
    const preview = await openOwnerReport(database.db, storage, first, { now: new Date(), countOpen: false });
    expect(preview?.listing.referencia, "a link preview sees the report").toBe(listing.referencia);
    expect(await ownerReportLinkOf(database.db, listing.id), "…and is not counted").toMatchObject({
      token: first,
      opens: 2,
      lastOpenedAt: NOW,
    });

    const { token: second, replaced: again } = await createOwnerReportLink(database.db, corretor, listing.id);
    expect(second).not.toBe(first);
    expect(again).toBe(true);
    expect(await openOwnerReport(database.db, storage, first, { now: NOW }), "the replaced link").toBeNull();
    expect(await ownerReportLinkOf(database.db, listing.id), "a new link starts unopened").toMatchObject({
      token: second,
      opens: 0,
      lastOpenedAt: null,
    });

    expect(await revokeOwnerReportLink(database.db, corretor, listing.id)).toBe(true);
    expect(await openOwnerReport(database.db, storage, second, { now: NOW })).toBeNull();
    expect(await revokeOwnerReportLink(database.db, corretor, listing.id), "nothing left to turn off").toBe(
      false,
    );

    const actions = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(listing.id)));
    expect(actions.map((a) => a.action)).toEqual([
      "owner-report-link-created",
      "owner-report-link-replaced",
      "owner-report-link-revoked",
    ]);
  });

  it("answers nothing for a malformed or unknown token", async () => {
    expect(await openOwnerReport(database.db, storage, "curto", { now: NOW })).toBeNull();
    expect(await openOwnerReport(database.db, storage, "A".repeat(32), { now: NOW })).toBeNull();
    expect(
      await openOwnerReport(database.db, storage, "' or 1=1 --aaaaaaaaaaaaaaaaaaaaaa", { now: NOW }),
    ).toBeNull();
  });

  it("is made only by who may edit the listing: another corretor gets 403 and no link", async () => {
    const listing = await insertProperty(database.db, { corretorId: corretor.id });
    const other = await createActor(database.db, "corretor");
    await expect(createOwnerReportLink(database.db, other, listing.id)).rejects.toBeInstanceOf(
      PropertyAccessError,
    );
    await expect(revokeOwnerReportLink(database.db, other, listing.id)).rejects.toBeInstanceOf(
      PropertyAccessError,
    );
    expect(await ownerReportLinkOf(database.db, listing.id)).toBeNull();
    // The admin may, for any listing.
    await createOwnerReportLink(database.db, admin, listing.id);
    expect(await ownerReportLinkOf(database.db, listing.id)).not.toBeNull();
  });

  it("goes with its listing when the listing is deleted", async () => {
    const listing = await insertProperty(database.db);
    const { token } = await createOwnerReportLink(database.db, admin, listing.id);
    await database.db.delete(properties).where(eq(properties.id, listing.id));
    expect(await openOwnerReport(database.db, storage, token, { now: NOW })).toBeNull();
    expect(await database.db.select().from(ownerReports).where(eq(ownerReports.token, token))).toEqual([]);
  });
});

describe("the owner's contact", () => {
  it("comes from the captação the listing was made from, for the admin and the corretor it is assigned to", async () => {
    const listing = await insertProperty(database.db, { corretorId: corretor.id });
    const other = await createActor(database.db, "corretor");
    await database.db.insert(captacoes).values({
      name: "Dona Lúcia Tavares",
      phone: "(82) 98877-6655",
      email: "lucia@exemplo.com.br",
      bairro: "Pajuçara",
      cidade: "Maceió",
      tipo: "apartamento",
      finalidade: "venda",
      consentVersion: "1",
      consentAt: NOW,
      status: "convertida",
      assigneeId: corretor.id,
      propertyId: listing.id,
      convertedAt: NOW,
    });
    const lucia = { name: "Dona Lúcia Tavares", phone: "(82) 98877-6655", email: "lucia@exemplo.com.br" };
    expect(await ownerContactOf(database.db, admin, listing.id)).toEqual(lucia);
    expect(await ownerContactOf(database.db, corretor, listing.id)).toEqual(lucia);
    expect(await ownerContactOf(database.db, other, listing.id), "not their captação").toBeNull();
  });
});

describe("the report's numbers", () => {
  it("sums the last 30 days (Alagoas days) and the listing's whole life, leaving out cancelled visits", async () => {
    const listing = await insertProperty(database.db, {
      corretorId: corretor.id,
      views: 500,
      publishedAt: new Date("2026-09-21T15:00:00.000Z"),
    });
    await database.db.insert(propertyViewsDaily).values([
      { propertyId: listing.id, day: "2026-10-21", views: 40, whatsappClicks: 4 }, // a day too early
      { propertyId: listing.id, day: "2026-10-22", views: 10, whatsappClicks: 1 },
      { propertyId: listing.id, day: "2026-11-20", views: 7, whatsappClicks: 2 },
    ]);
    // Contacts: one before the 30 days (02:59 UTC on 22 Oct is still 21 Oct in Maceió), two within.
    await insertLead(database.db, {
      propertyId: listing.id,
      createdAt: new Date("2026-10-22T02:59:00.000Z"),
    });
    await insertLead(database.db, {
      propertyId: listing.id,
      createdAt: new Date("2026-10-22T03:00:00.000Z"),
    });
    await insertLead(database.db, {
      propertyId: listing.id,
      createdAt: new Date("2026-11-19T12:00:00.000Z"),
    });
    const visit = (createdAt: string, status: "agendada" | "cancelada") => ({
      propertyId: listing.id,
      startsAt: new Date("2026-11-25T12:00:00.000Z"),
      endsAt: new Date("2026-11-25T13:00:00.000Z"),
      name: "Visitante",
      phone: "(82) 99999-0000",
      email: "visitante@exemplo.com.br",
      status,
      linkKey: "k",
      createdAt: new Date(createdAt),
    });
    await database.db.insert(visits).values([
      visit("2026-11-10T12:00:00.000Z", "agendada"),
      visit("2026-11-11T12:00:00.000Z", "cancelada"),
      {
        ...visit("2026-09-30T12:00:00.000Z", "agendada"),
        startsAt: new Date("2026-10-02T12:00:00.000Z"),
        endsAt: new Date("2026-10-02T13:00:00.000Z"),
      },
    ]);
    const [search] = await database.db
      .insert(savedSearches)
      .values({
        email: "comprador@exemplo.com.br",
        path: "/todos-os-imoveis",
        query: "cidade=Macei%C3%B3",
        title: "Imóveis em Maceió",
        frequency: "diario",
        token: `t-${listing.id}`,
        consentVersion: "1",
        consentAt: NOW,
        confirmedAt: NOW,
      })
      .returning();
    const [digest] = await database.db
      .insert(savedSearchDigests)
      .values({ savedSearchId: search!.id, period: "d:2026-11-18" })
      .returning();
    await database.db.insert(savedSearchSent).values({
      savedSearchId: search!.id,
      propertyId: listing.id,
      reason: "nova",
      price: 500_000,
      digestId: digest!.id,
      createdAt: new Date("2026-11-18T11:00:00.000Z"),
    });

    const report = await buildOwnerReport(database.db, storage, listing.id, NOW);
    expect(report.views).toHaveLength(30);
    expect(report.views[0]).toEqual({ day: "2026-10-22", value: 10 });
    expect(report.views.at(-1)).toEqual({ day: "2026-11-20", value: 7 });
    expect(report.whatsapp.at(-1)).toEqual({ day: "2026-11-20", value: 2 });
    expect(report.recent).toEqual({ views: 17, whatsapp: 3, contacts: 2, visits: 1, alerts: 1 });
    expect(report.overall).toEqual({ views: 500, contacts: 3, visits: 2 });
    expect(report.listing).toMatchObject({
      daysOnline: 60,
      publicUrl: `/casas/${listing.referencia}`,
      price: "R$ 500.000",
    });
  });

  it("counts the days online as Maceió's calendar does: published yesterday evening is 1 day", async () => {
    // 21:30 in Maceió on the 19th (already the 20th in UTC); the report is read at 12:00 on the 20th.
    const listing = await insertProperty(database.db, { publishedAt: new Date("2026-11-20T00:30:00.000Z") });
    const report = await buildOwnerReport(database.db, storage, listing.id, NOW);
    expect(report.listing.daysOnline).toBe(1);
  });

  it("names the listing's corretor (reached on the agency's WhatsApp without a cell phone), or the agency", async () => {
    const agent = await insertUser(database.db, {
      name: "Joana Lins",
      creci: "CRECI/AL 9876",
      phone: "(82) 98888-1111",
    });
    const withAgent = await insertProperty(database.db, { corretorId: agent.id });
    const withoutAgent = await insertProperty(database.db, { corretorId: null });
    const noPhone = await insertUser(database.db, { name: "Carlos Sem Celular", creci: null, phone: null });
    const withAgentNoPhone = await insertProperty(database.db, { corretorId: noPhone.id });
    expect(
      (await buildOwnerReport(database.db, storage, withAgentNoPhone.id, NOW)).agent,
      "the agency's WhatsApp",
    ).toEqual({
      name: "Carlos Sem Celular",
      creci: null,
      phone: TEST_AGENCY.whatsapp,
    });
    expect((await buildOwnerReport(database.db, storage, withAgent.id, NOW)).agent).toEqual({
      name: "Joana Lins",
      creci: "CRECI/AL 9876",
      phone: "(82) 98888-1111",
    });
    expect((await buildOwnerReport(database.db, storage, withoutAgent.id, NOW)).agent).toEqual({
      name: TEST_AGENCY.name,
      creci: TEST_AGENCY.creci,
      phone: TEST_AGENCY.whatsapp,
    });
  });
});

describe("the price per m² against the market", () => {
  const like = (overrides: Parameters<typeof insertProperty>[1]) =>
    insertProperty(database.db, { tipo: "cobertura", cidade: "Arapiraca", bairro: "Centro", ...overrides });

  it("compares with listings like it on offer in its bairro, else its city, and says how far it is", async () => {
    // In the bairro: 8 000, 10 000, 12 000 a m² (median 10 000); a sold one and a rent do not count.
    await like({ precoVenda: 800_000, areaUtil: 100 });
    await like({ precoVenda: 1_000_000, areaUtil: 100 });
    await like({ precoVenda: 1_200_000, areaUtil: 100 });
    await like({ precoVenda: 9_000_000, areaUtil: 100, status: "vendido" });
    await like({ finalidades: ["aluguel"], precoVenda: null, precoAluguel: 5_000, areaUtil: 100 });
    const own = await like({ precoVenda: 1_250_000, areaUtil: 100 });
    const { market } = await buildOwnerReport(database.db, storage, own.id, NOW);
    expect(market).toEqual({
      scope: "coberturas à venda em Centro, Arapiraca",
      count: 3,
      medianPerM2: 10_000,
      ownPerM2: 12_500,
      unit: "",
    });
    expect(marketSentence(market!)).toBe("O preço do m² está 25% acima do típico (R$ 10.000/m²).");

    // Another bairro of the same city has too few: the city's listings are the measure.
    const elsewhere = await like({ bairro: "Baixa Grande", precoVenda: 950_000, areaUtil: 100 });
    const city = (await buildOwnerReport(database.db, storage, elsewhere.id, NOW)).market!;
    // 8 000, 10 000, 12 000 and 12 500 a m²: median 11 000, and 9 500 is 14 % below it.
    expect(city).toMatchObject({
      scope: "coberturas à venda em Arapiraca",
      count: 4,
      medianPerM2: 11_000,
      ownPerM2: 9_500,
    });
    expect(marketSentence(city)).toBe("O preço do m² está 14% abaixo do típico (R$ 11.000/m²).");
  });

  it("leaves out drafts, hidden prices and listings without an area", async () => {
    const place = { tipo: "flat" as const, cidade: "Piranhas", bairro: "Centro" };
    await insertProperty(database.db, { ...place, precoVenda: 300_000, areaUtil: 30 });
    await insertProperty(database.db, { ...place, precoVenda: 300_000, areaUtil: 30 });
    await insertProperty(database.db, {
      ...place,
      precoVenda: 900_000,
      areaUtil: 30,
      publicacao: "rascunho",
    });
    await insertProperty(database.db, {
      ...place,
      precoVenda: 900_000,
      areaUtil: 30,
      precoSobConsulta: true,
    });
    await insertProperty(database.db, { ...place, precoVenda: 900_000, areaUtil: null, areaTotal: null });
    const own = await insertProperty(database.db, { ...place, precoVenda: 300_000, areaUtil: 30 });
    const { market } = await buildOwnerReport(database.db, storage, own.id, NOW);
    expect(market).toMatchObject({ count: 2, medianPerM2: null });
    expect(marketSentence(market!)).toBe(
      "Há só 2 imóveis parecidos anunciados: poucos para comparar o preço do m² com segurança.",
    );
  });

  it("says when there is too little to compare, and leaves temporada out", async () => {
    const lonely = await insertProperty(database.db, {
      tipo: "galpao",
      cidade: "Penedo",
      precoVenda: 2_000_000,
      areaUtil: 1_000,
    });
    const { market } = await buildOwnerReport(database.db, storage, lonely.id, NOW);
    expect(market).toMatchObject({
      scope: "galpões e depósitos à venda em Penedo",
      count: 0,
      medianPerM2: null,
      ownPerM2: 2_000,
    });
    expect(marketSentence(market!)).toBe(
      "Ainda não há imóveis parecidos anunciados para comparar o preço do m².",
    );

    const holiday = await insertProperty(database.db, {
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: 800,
      periodoAluguel: "diaria",
    });
    expect((await buildOwnerReport(database.db, storage, holiday.id, NOW)).market).toBeNull();
  });

  it("compares a monthly rent per m² a month", async () => {
    const rent = (precoAluguel: number) =>
      like({ cidade: "Coruripe", finalidades: ["aluguel"], precoVenda: null, precoAluguel, areaUtil: 100 });
    await rent(2_000);
    await rent(3_000);
    await rent(4_000);
    const own = await rent(2_500);
    const { market } = await buildOwnerReport(database.db, storage, own.id, NOW);
    expect(market).toMatchObject({
      scope: "coberturas para alugar em Centro, Coruripe",
      medianPerM2: 30,
      ownPerM2: 25,
      unit: "/mês",
    });
    expect(marketSentence(market!)).toBe("O preço do m² está 17% abaixo do típico (R$ 30,00/m²/mês).");
  });
});
