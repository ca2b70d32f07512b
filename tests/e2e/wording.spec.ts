// Words a visitor reads: the search page's line under the title follows the filters, the contact
// form's "telefone ou e-mail" rule sits with the phone and e-mail, not under Nome, and a listing
// says nothing about furniture or pets its agent did not state.
import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations, loginAs, test } from "./fixtures";

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

test("mobiliado and aceita pet left as não informado say nothing on the listing page; Não says no", async ({
  page,
}) => {
  await loginAs(page, "admin");
  const titulo = `Casa sem informação de mobília ${Date.now().toString(36)}`;
  const created = await page.request.post("/admin/imoveis/novo", {
    form: {
      titulo,
      tipo: "casa",
      finalidades: "venda",
      precoVenda: "480.000",
      bairro: "Farol",
      cidade: "Maceió",
      uf: "AL",
      publicacao: "publicado",
    },
  });
  expect(created.status()).toBe(200);
  const edit = new URL(created.url()).pathname;
  try {
    await checkFurnitureAndPets(page, edit);
  } finally {
    // A published listing without photos would trouble the other suites (sitemap, feeds).
    await page.request.post(edit, { form: { intent: "excluir", confirmar: "sim" } });
  }
});

async function checkFurnitureAndPets(page: Page, edit: string) {
  await page.goto(edit);
  const referencia = (await page.locator(".listing-header__ref").textContent())?.trim();

  // The form starts at "Não informado" for both, not at an unticked "no".
  const mobiliado = page.getByRole("group", { name: "Mobiliado" });
  const pet = page.getByRole("group", { name: "Aceita pet" });
  await expect(mobiliado.getByLabel("Não informado")).toBeChecked();
  await expect(pet.getByLabel("Não informado")).toBeChecked();
  await expectNoAxeViolations(page);

  const listing = await page.request.get(`/casas/${referencia}`);
  const before = await listing.text();
  for (const text of ["Sem mobília", "Não aceita pet", ">Mobiliado<", ">Aceita pet<"]) {
    expect(before, text).not.toContain(text);
  }

  await pet.getByLabel("Não", { exact: true }).check();
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  // Saved (the page comes back with its notice) before the listing is opened.
  await expect(page).toHaveURL(/\?ok=salvo$/);
  await expect(
    page.getByRole("group", { name: "Aceita pet" }).getByLabel("Não", { exact: true }),
  ).toBeChecked();
  await page.goto(`/casas/${referencia}`);
  const facts = page.getByRole("region", { name: "Características" });
  await expect(facts).toContainText("Não aceita pet");
  await expect(facts).not.toContainText("mobília");
  await expect(facts).not.toContainText("Mobiliado");
}
