// The financing simulator on the server: which listings offer it, a simulation sent in the URL
// (the listing page's loader, without JavaScript), and the lead that carries one through the
// single lead path; and the listing's corretor shown with their CRECI.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgency, insertProperty, insertUser } from "../../../tests/support/factories";
import { setUserActive, updateUser } from "../auth/users.server";
import { openDataVersionSource } from "../cache/data-version.server";
import { loadConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { agencySettings, leadContacts, leads, properties } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { INVALID_SIMULATION_MESSAGE, submitLeadForm } from "../leads/capture.server";
import { LocalDiskStorage } from "../media/storage.server";
import { financingOffer } from "./financing.server";
import { type ListingPageResult, loadListingPage } from "./listing-page.server";

let database: Database;
let services: Parameters<typeof loadListingPage>[0];
let corretorId: number;
const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const get = (path: string) => new Request(`http://x${path}`, { headers: { "user-agent": browser } });

beforeAll(async () => {
  database = await createTestDatabase();
  services = {
    db: database.db,
    storage: new LocalDiskStorage("/tmp/nao-usado", "/media"),
    config: loadConfig({ PUBLIC_URL: "https://www.exemplo.com.br" }),
  };
  await insertAgency(database.db, { financingRateBp: 1090 });
  corretorId = (
    await insertUser(database.db, { name: "Mariana Albuquerque", creci: "12345-F", phone: "82998112345" })
  ).id;
  await insertProperty(database.db, { referencia: "FN0001", precoVenda: 500_000, corretorId });
  await insertProperty(database.db, {
    referencia: "FN0002",
    finalidades: ["aluguel"],
    precoVenda: null,
    precoAluguel: 3_000,
  });
  await insertProperty(database.db, { referencia: "FN0003", precoSobConsulta: true });
});

afterAll(async () => {
  await database?.close();
});

async function page(path: string): Promise<Extract<ListingPageResult, { kind: "found" }>> {
  const referencia = path.split("?")[0]!.split("/").pop()!;
  const result = await loadListingPage(services, referencia, get(path));
  if (result.kind !== "found") throw new Error(`${path}: ${result.kind}`);
  return result;
}

async function views(referencia: string) {
  const [row] = await database.db.select().from(properties).where(eq(properties.referencia, referencia));
  return row?.views ?? -1;
}

describe("financingOffer", () => {
  const sale = { finalidades: ["venda" as const], precoVenda: 850_000, precoSobConsulta: false };
  it("only a sale listing with a price shown, not sold or rented", () => {
    expect(financingOffer({ ...sale, status: "disponivel" }, 1150)).toEqual({
      price: 850_000,
      defaults: { preco: "850.000", entrada: "170.000", prazo: "360", taxa: "11,5", sistema: "sac" },
    });
    expect(financingOffer({ ...sale, status: "reservado" }, 1150)).not.toBeNull();
    expect(financingOffer({ ...sale, status: "vendido" }, 1150)).toBeNull();
    expect(financingOffer({ ...sale, status: "alugado" }, 1150)).toBeNull();
    expect(financingOffer({ ...sale, precoSobConsulta: true, status: "disponivel" }, 1150)).toBeNull();
    expect(financingOffer({ ...sale, precoVenda: null, status: "disponivel" }, 1150)).toBeNull();
    expect(financingOffer({ ...sale, finalidades: ["aluguel"], status: "disponivel" }, 1150)).toBeNull();
  });
});

describe("the listing page's loader", () => {
  it("offers the simulator on a sale listing, starting at the agency's rate", async () => {
    const result = await page("/casas/FN0001");
    expect(result.financing).toEqual({
      price: 500_000,
      defaults: { preco: "500.000", entrada: "100.000", prazo: "360", taxa: "10,9", sistema: "sac" },
    });
    expect(result.simulation).toBeNull();
    expect((await page("/casas/FN0002")).financing).toBeNull();
    expect((await page("/casas/FN0003")).financing).toBeNull();
  });

  it("answers a simulation sent in the URL, without counting another view", async () => {
    const before = await views("FN0001");
    const result = await page(
      "/casas/FN0001?simular=1&preco=500.000&entrada=100.000&prazo=360&taxa=11%2C5&sistema=price",
    );
    expect(result.simulation).toEqual({
      values: { preco: "500.000", entrada: "100.000", prazo: "360", taxa: "11,5", sistema: "price" },
      input: { price: 500_000, entrada: 100_000, prazo: 360, taxa: 11.5, sistema: "price" },
      fieldErrors: {},
    });
    expect(await views("FN0001")).toBe(before);
  });

  it("answers a wrong simulation with a Portuguese message at each field", async () => {
    const result = await page(
      "/casas/FN0001?simular=1&preco=500.000&entrada=600.000&prazo=500&taxa=31&sistema=sac",
    );
    expect(result.simulation?.input).toBeNull();
    expect(result.simulation?.fieldErrors).toEqual({
      entrada: "A entrada deve ser menor que o valor do imóvel.",
      prazo: "O prazo vai de 12 a 420 meses.",
      taxa: "A taxa vai de 0 a 30 % ao ano.",
    });
    // What was typed comes back, bounded.
    expect(result.simulation?.values.entrada).toBe("600.000");
  });

  it("ignores a simulation on a listing without the simulator", async () => {
    expect((await page("/casas/FN0002?simular=1&entrada=1")).simulation).toBeNull();
  });
});

describe("the listing's corretor", () => {
  it("is shown with their CRECI and WhatsApp when active; else the agency answers", async () => {
    expect((await page("/casas/FN0001")).agent).toEqual({
      name: "Mariana Albuquerque",
      creci: "CRECI 12345-F",
      whatsapp: "82998112345",
    });
    expect((await page("/casas/FN0002")).agent).toBeNull(); // no corretor

    const inactive = await insertUser(database.db, { creci: "999-F", active: false });
    await insertProperty(database.db, { referencia: "FN0010", corretorId: inactive.id });
    expect((await page("/casas/FN0010")).agent).toBeNull();

    const withoutCreci = await insertUser(database.db, { creci: null, phone: "82999990000" });
    await insertProperty(database.db, { referencia: "FN0011", corretorId: withoutCreci.id });
    expect((await page("/casas/FN0011")).agent).toBeNull();

    const withoutPhone = await insertUser(database.db, { name: "Rafael Tenório", creci: "CRECI/AL 23456-F" });
    await insertProperty(database.db, { referencia: "FN0012", corretorId: withoutPhone.id });
    expect((await page("/casas/FN0012")).agent).toEqual({
      name: "Rafael Tenório",
      creci: "CRECI/AL 23456-F",
      whatsapp: null,
    });
  });

  it("an admin setting a corretor's CRECI, or deactivating them, shows at the next request", async () => {
    const source = await openDataVersionSource(database);
    try {
      const user = await insertUser(database.db, { name: "Sem Registro", creci: null });
      await insertProperty(database.db, { referencia: "FN0020", corretorId: user.id });
      expect((await page("/casas/FN0020")).agent).toBeNull();
      const result = await updateUser(
        database.db,
        { id: user.id, name: user.name, role: "corretor", creci: "54321-F", phone: null },
        { userId: null },
      );
      expect(result.ok).toBe(true);
      await expect.poll(async () => (await page("/casas/FN0020")).agent?.creci).toBe("CRECI 54321-F");
      // Deactivated, they leave their listings' pages at once: the agency answers.
      expect((await setUserActive(database.db, user.id, false, { userId: null })).ok).toBe(true);
      await expect.poll(async () => (await page("/casas/FN0020")).agent).toBeNull();
    } finally {
      await source.close();
    }
  });
});

describe("a lead about a simulation", () => {
  const lead = {
    name: "Joana Prado",
    phone: "(82) 98877-6655",
    message: "Posso usar o FGTS?",
    consent: "on",
    website: "",
  };
  const formOf = (values: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.set(key, value);
    return form;
  };

  it("goes through the lead path with the simulation heading the message", async () => {
    const form = formOf({
      ...lead,
      simular: "1",
      preco: "500.000",
      entrada: "100.000",
      prazo: "360",
      taxa: "11,5",
      sistema: "sac",
    });
    const result = await submitLeadForm(database.db, form, { referencia: "FN0001" });
    expect(result).toEqual({ status: 200, body: { ok: true } });
    const [row] = await database.db.select().from(leads).where(eq(leads.name, "Joana Prado"));
    expect(row?.assigneeId).toBe(corretorId);
    expect(row?.consentVersion).toBeTruthy();
    expect(row?.message).toBe(
      [
        "Simulação de financiamento (SAC), feita no site:",
        "Valor do imóvel R$ 500.000,00; entrada R$ 100.000,00; valor financiado R$ 400.000,00; prazo 360 meses; juros 11,5 % a.a.",
        "Primeira parcela R$ 4.756,10; última parcela R$ 1.121,24; total pago R$ 1.057.920,22; total de juros R$ 657.920,22; renda mínima R$ 15.853,66.",
        "Estimativa sem seguros (MIP e DFI) e tarifas.",
        "",
        "Posso usar o FGTS?",
      ].join("\n"),
    );
    const [contact] = await database.db.select().from(leadContacts).where(eq(leadContacts.leadId, row!.id));
    expect(contact?.extra).toMatchObject({
      simulacao: { sistema: "sac", preco: 500_000, entrada: 100_000, prazoMeses: 360, taxaAnual: 11.5 },
    });
  });

  it("a price other than the asking one (an offer) is said so", async () => {
    const form = formOf({
      ...lead,
      name: "Oferta Menor",
      phone: "(82) 98877-0001",
      simular: "1",
      preco: "450.000",
      entrada: "90.000",
      prazo: "360",
      taxa: "11,5",
      sistema: "price",
    });
    expect((await submitLeadForm(database.db, form, { referencia: "FN0001" })).status).toBe(200);
    const [row] = await database.db.select().from(leads).where(eq(leads.name, "Oferta Menor"));
    expect(row?.message).toContain(
      "Simulação de financiamento (Price), feita no site:\nValor simulado R$ 450.000,00 (anunciado por R$ 500.000); entrada R$ 90.000,00; valor financiado R$ 360.000,00;",
    );
  });

  it("a simulation whose hidden fields were changed stores nothing", async () => {
    const count = async () => (await database.db.select().from(leads)).length;
    const before = await count();
    for (const changed of [{ entrada: "500.000" }, { prazo: "1000" }, { sistema: "outro" }]) {
      const form = formOf({
        ...lead,
        phone: "(82) 98000-0001",
        simular: "1",
        preco: "500.000",
        entrada: "100.000",
        prazo: "360",
        taxa: "11,5",
        sistema: "sac",
        ...changed,
      });
      const result = await submitLeadForm(database.db, form, { referencia: "FN0001" });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ ok: false, formError: INVALID_SIMULATION_MESSAGE });
    }
    // A listing without the simulator has no simulation to carry.
    const rent = formOf({
      ...lead,
      simular: "1",
      preco: "500.000",
      entrada: "1",
      prazo: "360",
      taxa: "1",
      sistema: "sac",
    });
    expect((await submitLeadForm(database.db, rent, { referencia: "FN0002" })).status).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe("the settings' rate", () => {
  it("is the simulator's first rate", async () => {
    await database.db.update(agencySettings).set({ financingRateBp: 999 });
    expect((await page("/casas/FN0001")).financing?.defaults.taxa).toBe("9,99");
  });
});
