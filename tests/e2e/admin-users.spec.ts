// The users screen (/admin/usuarios, admin only) past creation: an admin changes a
// user's role, CRECI and phone, sets a temporary password, and the person signs in with it in a
// browser of their own; now a corretor, they are refused the screen.
import { expect, type Locator, type Page } from "@playwright/test";
import { E2E_BASE_URL, hydrated, loginAs, signInOverHttp, test } from "./fixtures";

/** The form inside `scope` that the button named `submit` sends. */
function formWith(page: Page, scope: Locator, submit: string): Locator {
  return scope.locator("form").filter({ has: page.getByRole("button", { name: submit }) });
}

test("an admin edits a user's role, CRECI and phone, sets a temporary password, and the user signs in with it", async ({
  page,
  browser,
}) => {
  const email = `editada.${Date.now().toString(36)}@teste.com.br`;
  const firstPassword = "primeira senha da pessoa editada";
  const temporary = "outra senha temporária bem longa";

  await loginAs(page, "admin");
  await page.goto("/admin/usuarios");
  await hydrated(page);

  // Created as an administrator, with neither CRECI nor phone.
  await page.getByText("Novo usuário").click();
  const create = formWith(page, page.locator("main"), "Criar usuário");
  await create.getByLabel("Nome").fill("Pessoa Editada");
  await create.getByLabel("E-mail").fill(email);
  await create.getByLabel("Papel").selectOption({ label: "Administrador" });
  await create.getByLabel("Senha temporária").fill(firstPassword);
  await create.getByRole("button", { name: "Criar usuário" }).click();
  await expect(page.getByRole("status")).toContainText("Usuário criado.");
  const card = page.locator(`[data-user-email="${email}"]`);
  await expect(card.locator(".user-card__head")).toContainText("Administrador");
  const facts = card.locator(".user-card__facts");
  await expect(facts).toContainText("CRECI—");

  // Edited: corretor, with CRECI and a phone typed any way; the card shows the phone formatted.
  await card.getByText("Editar ou definir senha de Pessoa Editada").click();
  const edit = formWith(page, card, "Salvar alterações");
  await edit.getByLabel("Papel").selectOption({ label: "Corretor" });
  await edit.getByLabel("CRECI").fill("98765-F");
  await edit.getByLabel("Telefone").fill("82 98123 4567");
  await edit.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByRole("status")).toContainText("Alterações salvas.");
  await expect(card.locator(".user-card__head")).toContainText("Corretor");
  await expect(facts).toContainText("CRECI98765-F");
  await expect(facts).toContainText("Telefone(82) 98123-4567");

  // Kept on the server: a reload shows the same, in the card and in the edit form.
  await page.reload();
  await hydrated(page);
  await expect(card.locator(".user-card__head")).toContainText("Corretor");
  await card.getByText("Editar ou definir senha de Pessoa Editada").click();
  await expect(edit.getByLabel("Papel")).toHaveValue("corretor");
  await expect(edit.getByLabel("CRECI")).toHaveValue("98765-F");
  await expect(edit.getByLabel("Telefone")).toHaveValue("(82) 98123-4567");

  // A weak temporary password is refused at the field; a good one is set.
  const reset = formWith(page, card, "Definir senha temporária");
  await reset.getByLabel("Nova senha temporária").fill("senha12345");
  await reset.getByRole("button", { name: "Definir senha temporária" }).click();
  await expect(reset.getByText(/^Senha fraca:/)).toBeVisible();
  // The person's own name and a year: refused too, naming it.
  await reset.getByLabel("Nova senha temporária").fill("PessoaEditada2024");
  await reset.getByRole("button", { name: "Definir senha temporária" }).click();
  await expect(reset.getByText(/^Senha fraca: não use o seu nome na senha\./)).toBeVisible();
  await reset.getByLabel("Nova senha temporária").fill(temporary);
  await reset.getByRole("button", { name: "Definir senha temporária" }).click();
  await expect(page.getByRole("status")).toContainText("Senha temporária definida.");

  // The person, in a browser of their own: the old password no longer opens the panel, the
  // temporary one does.
  const context = await browser.newContext();
  const own = await context.newPage();
  expect(await signInOverHttp(context.request, E2E_BASE_URL, { email, password: firstPassword })).toBeNull();
  await own.goto("/login");
  await hydrated(own);
  await own.getByLabel("E-mail").fill(email);
  await own.getByLabel("Senha", { exact: true }).fill(temporary);
  await own.getByRole("button", { name: "Entrar" }).click();
  await expect(own).toHaveURL(/\/admin\/painel$/);
  await expect(own.getByTestId("admin-user-name")).toHaveText("Pessoa Editada");

  // Now a corretor: no "Usuários" in the menu, and the screen itself answers 403.
  const nav = own.getByRole("navigation", { name: "Menu do painel" });
  await expect(nav.getByRole("link", { name: "Imóveis" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Usuários" })).toHaveCount(0);
  const denied = await own.goto("/admin/usuarios");
  expect(denied?.status()).toBe(403);
  await expect(own.getByRole("heading", { level: 1, name: "Acesso negado" })).toBeVisible();
  await expect(own.locator(`[data-user-email="${email}"]`)).toHaveCount(0);
  await context.close();
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused new user comes back with what was typed (not the password) and the message at the field", async ({
    page,
  }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/usuarios");
    await page.getByText("Novo usuário").click();
    const create = formWith(page, page.locator("main"), "Criar usuário");
    await create.getByLabel("Nome").fill("Pessoa Recusada");
    await create.getByLabel("E-mail").fill(`recusada.${Date.now().toString(36)}@teste.com.br`);
    await create.getByLabel("Papel").selectOption({ label: "Administrador" });
    await create.getByLabel("Telefone (opcional)").fill("(82) 99999-0000");
    await create.getByLabel("Senha temporária").fill("curta");
    await create.getByRole("button", { name: "Criar usuário" }).click();

    const again = formWith(page, page.locator("main"), "Criar usuário");
    await expect(again.getByLabel("Senha temporária")).toHaveAttribute("aria-invalid", "true");
    await expect(again.getByLabel("Senha temporária")).toHaveValue("");
    await expect(again.getByLabel("Nome")).toHaveValue("Pessoa Recusada");
    await expect(again.getByLabel("Papel")).toHaveValue("admin");
    await expect(again.getByLabel("Telefone (opcional)")).toHaveValue("(82) 99999-0000");
    await expect(page.getByRole("cell", { name: "Pessoa Recusada" })).toHaveCount(0);
  });
});
