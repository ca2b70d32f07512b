// Realtime: a lead handed to a corretora shows up in her open inbox without a reload,
// and leaves it, also without a reload, when the admin hands it to someone else.
import { expect } from "@playwright/test";
import { E2E_BASE_URL, E2E_CORRETOR, hydrated, loginAs, sessionFor, test } from "./fixtures";

test("a lead assigned to the corretora appears in her open inbox, and leaves it when reassigned", async ({
  page,
  browser,
  request,
}) => {
  const name = `Lead ao vivo ${Date.now().toString(36)}`;
  const sent = await request.post("/sobre-nos", {
    form: {
      name,
      // Its own address: a lead from an earlier run (a reused data folder) must not take it in.
      email: `lead.ao.vivo.${Date.now().toString(36)}@exemplo.com.br`,
      message: "Quero vender meu apartamento.",
      consent: "on",
    },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(sent.status()).toBe(200);
  await sessionFor(request, E2E_BASE_URL, "corretor"); // she exists, to be picked

  // The corretora's inbox is open; the lead (no listing, no one responsible) is not hers.
  const context = await browser.newContext();
  const corretora = await context.newPage();
  await loginAs(corretora, "corretor");
  await corretora.goto("/admin/leads");
  await hydrated(corretora);
  await expect(corretora.locator("html[data-live='on']")).toHaveCount(1, { timeout: 15_000 });
  const row = corretora.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(0);
  await corretora.evaluate(() => {
    (window as unknown as { semRecarregar: boolean }).semRecarregar = true;
  });

  await loginAs(page, "admin");
  await page.goto("/admin/leads");
  await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await hydrated(page);
  const assign = async (label: string) => {
    await page.getByLabel("Responsável").selectOption({ label });
    await page.getByRole("button", { name: "Atribuir" }).click();
    await expect(page.getByText("Responsável atualizado.")).toBeVisible();
  };

  await assign(E2E_CORRETOR.name);
  await expect(row).toHaveCount(1);

  // From her to the administrator: it leaves her open inbox.
  await assign("Administrador");
  await expect(row).toHaveCount(0);
  expect(
    await corretora.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar),
  ).toBe(true);
  await context.close();
});
