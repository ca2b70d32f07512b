// The owner's report as the owner reads it, for the cases the e2e test's listing does not meet: a
// listing off the site (no link to its 404 page) and a market with too few listings to compare.
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import type { OwnerReport } from "../../lib/owner-report";
import { OwnerReportView } from "./owner-report-view";

const days = (value: number) =>
  Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, "0")}`, value }));

const report: OwnerReport = {
  listing: {
    referencia: "CA0042",
    url: "/casas/CA0042",
    titulo: "Casa com quintal no Pinheiro",
    tipoLabel: "Casa",
    finalidades: ["Venda"],
    price: "R$ 480.000",
    secondaryPrice: null,
    priceDrop: null,
    pricePerM2: "R$ 4.000/m²",
    monthlyTotal: null,
    bairro: "Pinheiro",
    cidade: "Maceió",
    quartos: 3,
    suites: 1,
    banheiros: 2,
    vagas: 2,
    area: 120,
    status: "disponivel",
    statusLabel: "Disponível",
    destaque: false,
    cover: null,
    daysOnline: null,
    publishedAt: null,
    publicUrl: null,
  },
  views: days(3),
  whatsapp: days(0),
  recent: { views: 90, whatsapp: 0, contacts: 2, visits: 1, alerts: 4 },
  overall: { views: 400, contacts: 9, visits: 3 },
  market: {
    scope: "casas à venda em Pinheiro, Maceió",
    count: 2,
    medianPerM2: null,
    ownPerM2: 4_000,
    unit: "",
  },
  agent: { name: "Joana Lins", creci: "9876-F", phone: "(82) 98888-1111" },
  agencyName: "Imobiliária Maré Alta",
  generatedAt: "2026-11-30T15:00:00.000Z",
};

it("a listing off the site says so and links nowhere; too few listings to compare gives no median's note", () => {
  const html = renderToStaticMarkup(<OwnerReportView report={report} />);
  expect(html).toContain("Fora do site no momento: o anúncio não está publicado.");
  expect(html).toContain("Casa com quintal no Pinheiro");
  expect(html).not.toContain('href="/casas/');
  expect(html).toContain(
    "Há só 2 imóveis parecidos anunciados: poucos para comparar o preço do m² com segurança.",
  );
  expect(html).not.toContain("mediana");
  expect(html).toContain("CRECI 9876-F");
  expect(html).toContain("https://wa.me/5582988881111?text=");
});

it("the agent's preview leaves out the contact block (the agent is the contact)", () => {
  const html = renderToStaticMarkup(<OwnerReportView report={report} preview headingLevel={3} />);
  expect(html).not.toContain("Quem cuida do seu imóvel");
  expect(html).toContain("<h3");
});
