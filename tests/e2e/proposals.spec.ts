// Proposals (decision 048): an agent records a buyer's proposal on the lead's screen (errors before
// sending with JavaScript, at the field from the server without it), the lead moves on to
// "Proposta", the owner's contraproposta and acceptance are recorded, and the listing's admin
// screen lists the proposal with its buyer; the screens pass axe.
import { expect } from "@playwright/test";
import { maceioClock } from "../../app/lib/maceio-time";
import { addDays } from "../../app/lib/rental";
import { adminIdOf, expectNoAxeViolations, hydrated, listingLead, loginAs, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const today = () => maceioClock(new Date()).day;

test("com JavaScript: proposta registrada, contraproposta e aceite; o imóvel lista a proposta", async ({
  page,
}) => {
  const buyer = `Comprador da Proposta ${stamp}`;
  const lead = await listingLead(page.request, buyer, "finalidade=venda&ordem=recentes");
  await loginAs(page, "admin");
  await page.goto(`/admin/leads/${lead.id}`);
  await hydrated(page);
  const section = page.locator("section.lead-proposals");
  await expect(section).toContainText("Nenhuma proposta registrada.");

  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts += 1;
  });
  await section.locator("summary", { hasText: "Registrar proposta" }).click();
  await expect(section.getByLabel("Referência do imóvel")).toHaveValue(lead.referencia);
  await expect(section.getByLabel("Válida até")).toHaveValue(addDays(today(), 5));
  await section.getByRole("button", { name: "Registrar proposta" }).click();
  await expect(page.locator("#proposta-valor-erro")).toHaveText("Informe o valor proposto.");
  await expect(page.locator("#proposta-pagamento-erro")).toHaveText("Escolha a forma de pagamento.");
  await expect(page.locator("#proposta-valor")).toBeFocused();
  expect(posts, "nada foi enviado").toBe(0);
  await expectNoAxeViolations(page);

  await section.getByLabel("Valor proposto (R$)").fill("R$ 150.000");
  await section
    .getByLabel("Forma de pagamento (só compra)")
    .selectOption({ label: "Financiamento com FGTS" });
  await section.getByLabel("Condições (opcional)").fill("Entrada de 20% com FGTS; escritura em 60 dias.");
  await section.getByRole("button", { name: "Registrar proposta" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Proposta registrada." })).toBeVisible();
  await expect(page.locator(".leads-heading .lead-status")).toHaveText("Proposta");
  // The form starts over, closed.
  await expect(section.getByLabel("Valor proposto (R$)")).toBeHidden();
  const proposal = section.getByTestId("proposta");
  await expect(proposal).toContainText(`${lead.referencia}: R$ 150.000`);
  await expect(proposal).toContainText("abaixo do pedido");
  await expect(proposal).toContainText("Financiamento com FGTS");
  await expect(proposal).toContainText("Com o proprietário");
  await expect(proposal).toContainText("Entrada de 20% com FGTS");
  await expectNoAxeViolations(page);

  // The owner answers 160 000 (a typo first, refused at the field); the buyer accepts it.
  await proposal.getByLabel("Contraproposta do proprietário (R$)").fill("160 mil");
  await proposal.getByRole("button", { name: "Registrar contraproposta" }).click();
  await expect(proposal.getByLabel("Contraproposta do proprietário (R$)")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(proposal.locator(".form-field__error")).toContainText("informe o valor em reais");
  await proposal.getByLabel("Contraproposta do proprietário (R$)").fill("160.000");
  await proposal.getByRole("button", { name: "Registrar contraproposta" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Resposta da proposta registrada." }),
  ).toBeVisible();
  await expect(proposal).toContainText("Contraproposta do proprietário: R$ 160.000");
  await expect(proposal.getByRole("button", { name: "Proprietário aceitou" })).toHaveCount(0);
  await proposal.getByRole("button", { name: "Cliente aceitou a contraproposta" }).click();
  await expect(proposal.locator(".proposal-status")).toHaveText("Aceita");
  await expect(proposal.getByRole("button")).toHaveCount(0);

  await page.goto(`/admin/imoveis/${await adminIdOf(page, lead.referencia)}`);
  const listed = page.getByTestId("propostas-do-imovel");
  const row = listed.getByRole("row").filter({ hasText: buyer });
  await expect(row).toContainText("R$ 150.000");
  await expect(row).toContainText("Aceita (contraproposta de R$ 160.000)");
  await expect(row.getByRole("link", { name: buyer })).toHaveAttribute("href", `/admin/leads/${lead.id}`);
  await expectNoAxeViolations(page);
});

test("sem JavaScript: o servidor responde o erro no campo e nada é registrado", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const lead = await listingLead(
    page.request,
    `Comprador sem JS ${stamp}`,
    "finalidade=venda&ordem=recentes",
  );
  await loginAs(page, "admin");
  await page.goto(`/admin/leads/${lead.id}`);
  const section = page.locator("section.lead-proposals");
  await section.locator("summary", { hasText: "Registrar proposta" }).click();
  await section.getByLabel("Valor proposto (R$)").fill("150.000");
  await section.getByLabel("Forma de pagamento (só compra)").selectOption({ label: "À vista" });
  await section.getByLabel("Válida até").fill(addDays(today(), -1));
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await section.getByRole("button", { name: "Registrar proposta" }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.locator("#proposta-validade-erro")).toHaveText(
    "A validade não pode ser uma data passada.",
  );
  await expect(page.locator("#proposta-validade")).toHaveAttribute("aria-invalid", "true");
  // What was typed is still there, and no proposal was recorded.
  await expect(section.getByLabel("Valor proposto (R$)")).toHaveValue("150.000");
  await expect(section).toContainText("Nenhuma proposta registrada.");
  await context.close();
});
