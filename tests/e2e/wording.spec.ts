// Words a visitor reads: the search page's line under the title follows the filters, and the
// contact form's "telefone ou e-mail" rule sits with the phone and e-mail, not under Nome.
import { expect } from "@playwright/test";
import { expectNoAxeViolations, test } from "./fixtures";

test("the search page's line under the title says what was filtered", async ({ page }) => {
  await page.goto("/todos-os-imoveis");
  const lead = page.locator(".search-page .page__lead");
  await expect(lead).toContainText("Apartamentos, casas e terrenos");
  await page.goto("/todos-os-imoveis?finalidade=aluguel&quartos=2");
  await expect(lead).toHaveText("Filtros aplicados: Para alugar · 2+ quartos.");
});

test("the contact form's phone-or-e-mail rule heads the phone and e-mail group, away from Nome", async ({
  page,
}) => {
  await page.goto("/sobre-nos");
  const form = page.locator("form.lead-form");
  const group = form.getByRole("group", { name: "Como podemos responder?" });
  await expect(group).toContainText("Informe pelo menos um: telefone ou e-mail.");
  await expect(group.getByLabel("Telefone ou WhatsApp")).toBeVisible();
  await expect(group.getByLabel("E-mail")).toBeVisible();
  await expect(group.getByLabel("Nome")).toHaveCount(0);
  // The rule describes the two fields it is about.
  await expect(group.getByLabel("Telefone ou WhatsApp")).toHaveAccessibleDescription(
    "Informe pelo menos um: telefone ou e-mail.",
  );
  await expectNoAxeViolations(page);
});
