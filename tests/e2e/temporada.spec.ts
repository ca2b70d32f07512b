// Temporada (decision 037): a Maragogi holiday listing's rates set on its admin page, a quote for
// 27/12–03/01 with 6 guests across the réveillon, the booking request as a lead, the agent's
// confirmation on the lead page, the nights booked on the listing's calendar and in its published
// .ics (decision 039). The year is the next 27 December from today in Maceió (the site quotes no
// past dates).
import { expect } from "@playwright/test";
import { adminIdOf, expectNoAxeViolations, loginAs, test, uniquePhone } from "./fixtures";

/** The coming réveillon's year (Maceió is UTC−3 all year). */
function reveillonYear(): number {
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  return today <= `${year}-12-27` ? year : year + 1;
}

// The walk's start (decision 040): the search by dates finds the stay's listings with their
// totals, and the card carries the dates into the listing's quote and calendar.
test("busca por datas: Maragogi, 27/12 a 03/01, 6 hóspedes → cards com o total → o imóvel com as datas", async ({
  page,
}) => {
  const y = reveillonYear();
  await page.goto("/todos-os-imoveis?finalidade=temporada&cidade=Maragogi");
  await page.getByLabel("Chegada").fill(`${y}-12-27`);
  await page.getByLabel("Saída").fill(`${y + 1}-01-03`);
  await page.getByLabel("Hóspedes").fill("6");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(
    new RegExp(`\\?finalidade=temporada&cidade=Maragogi&chegada=${y}-12-27&saida=${y + 1}-01-03&hospedes=6$`),
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/todos-os-imoveis\?finalidade=temporada&cidade=Maragogi$/,
  );
  const card = page
    .locator(".property-card")
    .filter({ hasText: /por 7 noites/ })
    .first();
  await expect(card.locator(".property-card__stay")).toHaveText(/^R\$ [\d.]+ por 7 noites$/);
  const total = (await card.locator(".property-card__stay").textContent())?.replace(" por 7 noites", "");
  await expectNoAxeViolations(page);
  await card.locator(".property-card__link").click();
  await expect(page).toHaveURL(
    new RegExp(`\\?estadia=1&chegada=${y}-12-27&saida=${y + 1}-01-03&hospedes=6#temporada$`),
  );
  await expect(page.getByTestId("cotacao").getByRole("heading")).toHaveText(
    `7 noites, 6 hóspedes: total ${total}`,
  );
  await expect(page.getByRole("table", { name: `dezembro de ${y}` })).toBeVisible();
});

test("Maragogi, 27/12 a 03/01, 6 hóspedes: cotação, pedido, confirmação, noites reservadas no calendário", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const y = reveillonYear();
  const search = await (await request.get("/todos-os-imoveis?finalidade=temporada&cidade=Maragogi")).text();
  const href = search.match(/\/casas\/[A-Z]{2}\d{4}/)?.[0];
  if (!href) throw new Error("nenhum imóvel de temporada em Maragogi no catálogo");
  const referencia = href.split("/").pop() ?? "";

  // The agency sets the listing's rates: réveillon inside an alta season.
  await loginAs(page, "admin");
  const id = await adminIdOf(page, referencia);
  await page.goto(`/admin/imoveis/${id}`);
  await page.getByRole("link", { name: "Temporada: tarifas, regras, calendário e reservas" }).click();
  await expect(page.getByRole("heading", { name: `Temporada ${referencia}` })).toBeVisible();
  await page.getByLabel("Diária padrão (R$)").fill("700");
  await page.getByLabel("Estadia mínima (noites)").fill("2");
  await page.getByLabel("Hóspedes (máximo)").fill("8");
  await page.getByLabel("Taxa de limpeza (R$)").fill("300");
  await page.getByLabel("Caução (R$)").fill("1000");
  // A bad row first: the message is at its field and nothing is saved.
  await page.getByLabel("Tipo (temporada 1)").selectOption("reveillon");
  await page.getByLabel("Primeira noite (temporada 1)").fill(`${y}-12-29`);
  await page.getByLabel("Última noite (temporada 1)").fill(`${y}-12-20`);
  await page.getByLabel("Diária (R$) (temporada 1)").fill("1500");
  await page.getByLabel("Mínimo de noites (temporada 1)").fill("5");
  await page.getByRole("button", { name: "Salvar tarifas e regras" }).click();
  await expect(page.locator("#season-0-end-erro")).toHaveText(
    "A última noite deve ser igual ou depois da primeira.",
  );
  await page.getByLabel("Última noite (temporada 1)").fill(`${y + 1}-01-01`);
  await page.getByLabel("Tipo (temporada 2)").selectOption("alta");
  await page.getByLabel("Primeira noite (temporada 2)").fill(`${y}-12-15`);
  await page.getByLabel("Última noite (temporada 2)").fill(`${y + 1}-02-28`);
  await page.getByLabel("Diária (R$) (temporada 2)").fill("900");
  await page.getByLabel("Mínimo de noites (temporada 2)").fill("3");
  await page.getByLabel("Regras da casa").fill("Sem festas depois das 22h.");
  await page.getByRole("button", { name: "Salvar tarifas e regras" }).click();
  await expect(page.getByText("Tarifas e regras salvas.")).toBeVisible();

  // A visitor quotes the stay on the listing's page.
  await page.context().clearCookies();
  await page.goto(href);
  const section = page.locator("#temporada");
  await expect(section.getByRole("heading", { name: "Temporada: valores e disponibilidade" })).toBeVisible();
  await section.getByLabel("Chegada").fill(`${y}-12-27`);
  await section.getByLabel("Saída").fill(`${y + 1}-01-03`);
  await section.getByLabel("Hóspedes").fill("6");
  await section.getByRole("button", { name: "Calcular" }).click();
  await expect(page).toHaveURL(
    new RegExp(`\\?estadia=1&chegada=${y}-12-27&saida=${y + 1}-01-03&hospedes=6#temporada$`),
  );
  const quote = page.getByTestId("cotacao");
  // 3 alta nights × 900 + 4 réveillon nights × 1.500 + 300 cleaning.
  await expect(quote.getByRole("heading")).toHaveText("7 noites, 6 hóspedes: total R$ 9.000");
  const nights = quote.getByRole("table").locator("tbody tr");
  await expect(nights).toHaveCount(7);
  await expect(nights.nth(0)).toHaveText(`27/12/${y}Alta temporadaR$ 900`);
  await expect(nights.nth(2)).toHaveText(`29/12/${y}RéveillonR$ 1.500`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${href}$`));
  await expectNoAxeViolations(page);

  // The booking request is a lead.
  const name = `Temporada E2E ${Date.now().toString(36)}`;
  const lead = quote.locator("form");
  await lead.getByLabel("Nome", { exact: true }).fill(name);
  await lead.getByLabel("Telefone ou WhatsApp").fill(uniquePhone());
  await lead.locator("#reserva-email").fill("hospede.e2e@exemplo.com.br");
  await lead.locator("#reserva-consent").check();
  const [sent] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    lead.getByRole("button", { name: "Enviar mensagem" }).click(),
  ]);
  expect(sent.status()).toBe(200);
  await expect(quote.getByRole("status")).toContainText("Mensagem enviada!");

  // The agent confirms it on the lead's page.
  await loginAs(page, "admin");
  await page.goto("/admin/leads");
  await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name }).click();
  const requests = page.locator(".lead-card", {
    has: page.getByRole("heading", { name: "Pedidos de reserva (temporada)" }),
  });
  await expect(requests).toContainText(`${referencia}: 27/12/${y} a 03/01/${y + 1}`);
  await expect(requests).toContainText(
    "7 noites, 6 hóspedes, total R$ 9.000. Situação: aguardando resposta.",
  );
  await expect(page.locator(".lead-history__body").first()).toContainText("Pedido de reserva (temporada)");
  await requests.getByRole("button", { name: "Confirmar reserva" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reserva confirmada" })).toBeVisible();
  await expect(requests).toContainText("Situação: confirmada.");

  // The listing's calendar shows the seven nights booked, in words; the check-out day is free.
  await page.context().clearCookies();
  await page.goto(`${href}?estadia=1&chegada=${y}-12-27&saida=${y + 1}-01-03&hospedes=6`);
  for (const day of [`${y}-12-27`, `${y}-12-31`, `${y + 1}-01-02`])
    await expect(page.locator(`td[data-dia="${day}"]`)).toContainText("reservado");
  await expect(page.locator(`td[data-dia="${y + 1}-01-03"]`)).toContainText("livre");
  await expect(page.locator("#temporada-chegada-erro")).toHaveText(
    "Há noites ocupadas nessas datas: veja o calendário.",
  );
  const december = page.getByRole("table", { name: `dezembro de ${y}` });
  await expect(december).toBeVisible();

  // The listing's published calendar (decision 039) has the stay, for Airbnb and Booking.com.
  await loginAs(page, "admin");
  await page.goto(`/admin/imoveis/${id}/temporada`);
  await expect(page.getByRole("heading", { name: "Sincronizar calendários (iCal)" })).toBeVisible();
  await expectNoAxeViolations(page);
  const exportUrl = await page.getByLabel("Endereço do calendário (.ics)").inputValue();
  expect(exportUrl).toMatch(/\/temporada\/[\w-]+\.ics$/);
  const ics = await request.get(new URL(exportUrl).pathname);
  expect(ics.status()).toBe(200);
  expect(ics.headers()["content-type"]).toMatch(/^text\/calendar/);
  const body = await ics.text();
  expect(body).toMatch(
    new RegExp(`DTSTART;VALUE=DATE:${y}1227\r\nDTEND;VALUE=DATE:${y + 1}0103\r\nSUMMARY:Reservado`),
  );
  expect(body).not.toContain(name);
  expect((await request.get("/temporada/nao-existe-esse-token-aqui.ics")).status()).toBe(404);
});

test("sem JavaScript: reserva de outro canal recusada no campo sem perder o digitado; cancelada sem e-mail, o aviso diz para ligar", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const search = await (await page.request.get("/todos-os-imoveis?finalidade=temporada")).text();
  const referencia = search.match(/\/casas\/([A-Z]{2}\d{4})/)?.[1];
  if (!referencia) throw new Error("nenhum imóvel de temporada");
  await loginAs(page, "admin");
  const id = await adminIdOf(page, referencia);
  await page.goto(`/admin/imoveis/${id}/temporada`);
  // Two years ahead, clear of the other tests' stays.
  const y = reveillonYear() + 2;
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Registrar reserva" }) });
  await form.getByLabel("Chegada").fill(`${y}-03-10`);
  await form.getByLabel("Saída").fill(`${y}-03-13`);
  await form.getByLabel("Hóspedes").fill("2");
  await form.getByLabel("Nome do hóspede").fill("Hóspede do Telefone");
  await form.getByLabel("E-mail do hóspede (opcional)").fill("hospede@gmail");
  await form.getByRole("button", { name: "Registrar reserva" }).click();
  // A blank total is no R$ 0, and a mistyped e-mail is said at its field; what was typed stays.
  await expect(form.getByLabel("Valor total (R$)")).toHaveAccessibleDescription(/Informe o valor total/);
  await expect(form.getByLabel("E-mail do hóspede (opcional)")).toHaveAccessibleDescription(/e-mail válido/);
  await expect(form.getByLabel("Nome do hóspede")).toHaveValue("Hóspede do Telefone");
  await expect(form.getByLabel("Chegada")).toHaveValue(`${y}-03-10`);
  await expect(page.getByText("Reserva registrada.")).toHaveCount(0);

  await form.getByLabel("E-mail do hóspede (opcional)").fill("");
  await form.getByLabel("Valor total (R$)").fill("1.800");
  await form.getByRole("button", { name: "Registrar reserva" }).click();
  await expect(page.getByText("Reserva registrada.")).toBeVisible();
  const stay = page.getByRole("listitem").filter({ hasText: "Hóspede do Telefone" });
  await stay.getByRole("button", { name: /Cancelar reserva/ }).click();
  await expect(page.getByText(/as noites foram liberadas\. .*avise-o por telefone/)).toBeVisible();
  await context.close();
});

test("uma cotação na URL não vai para o cache nem para os buscadores", async ({ request }) => {
  const search = await (await request.get("/todos-os-imoveis?finalidade=temporada")).text();
  const href = search.match(/\/casas\/[A-Z]{2}\d{4}/)?.[0];
  if (!href) throw new Error("nenhum imóvel de temporada");
  const url = `${href}?estadia=1&chegada=2099-01-01&saida=2099-01-05&hospedes=2`;
  const first = await request.get(url);
  expect(first.headers()["x-robots-tag"]).toBe("noindex");
  expect(first.headers()["cache-control"]).toMatch(/private/);
  const again = await request.get(url);
  expect(again.headers()["x-cache"] ?? "").not.toBe("HIT");
});
