// The settings form (/admin/configuracoes): the owner formats Sobre nós and the privacy policy
// with buttons and sees a preview, never typing "##"; the video channel is asked once.
import { expect } from "@playwright/test";
import { expectNoAxeViolations, loginAs, test } from "./fixtures";

test("Título and Lista format the text under the cursor, and the preview shows it as the site will", async ({
  page,
}) => {
  await loginAs(page, "admin");
  await page.goto("/admin/configuracoes");
  const about = page.getByLabel("Sobre nós", { exact: true });
  const preview = page.getByTestId("previa-aboutText");
  // The saved text, already as the site shows it.
  await expect(preview.getByRole("heading", { name: "O que fazemos" })).toBeVisible();

  await about.fill("Quem somos\n\nUma imobiliária de Maceió.\n\nVenda\nAluguel");
  await about.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(3, 3));
  await page.getByRole("button", { name: "Título em Sobre nós" }).click();
  await expect(about).toHaveValue("## Quem somos\n\nUma imobiliária de Maceió.\n\nVenda\nAluguel");
  await expect(preview.getByRole("heading", { name: "Quem somos" })).toBeVisible();

  await about.evaluate((field: HTMLTextAreaElement) =>
    field.setSelectionRange(field.value.indexOf("Venda"), field.value.length),
  );
  await page.getByRole("button", { name: "Lista em Sobre nós" }).click();
  await expect(about).toHaveValue("## Quem somos\n\nUma imobiliária de Maceió.\n\n- Venda\n- Aluguel");
  await expect(preview.getByRole("listitem")).toHaveText(["Venda", "Aluguel"]);
  await expect(preview).not.toContainText("##");

  // One field for the channel: not "Canal de vídeos" and "YouTube" side by side.
  await expect(page.getByRole("textbox", { name: /canal|youtube/i })).toHaveCount(1);
  await expect(page.getByLabel("Canal de vídeos (YouTube)")).toHaveValue(/^https:\/\/www\.youtube\.com\//);
  await expectNoAxeViolations(page);
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the text field, its hint in plain words and the preview of the saved text", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/configuracoes");
    await expect(page.getByLabel("Sobre nós", { exact: true })).toHaveAccessibleDescription(
      /Para um título, use o botão Título \(ou comece a linha com ##\)/,
    );
    await expect(
      page.getByTestId("previa-aboutText").getByRole("heading", { name: "Como trabalhamos" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Título em Sobre nós" })).toHaveCount(0);
  });

  test("a refused form comes back with what was typed, the message at its field, and nothing saved", async ({
    page,
  }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/configuracoes");
    const about = page.getByLabel("Sobre nós", { exact: true });
    const saved = await about.inputValue();
    const whatsapp = page.getByLabel("WhatsApp", { exact: true });
    await about.fill(`${saved}\n\nUm parágrafo novo, escrito com cuidado.`);
    await whatsapp.fill("123");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(whatsapp).toHaveAttribute("aria-invalid", "true");
    await expect(whatsapp).toHaveValue("123");
    await expect(about).toHaveValue(`${saved}\n\nUm parágrafo novo, escrito com cuidado.`);
    await page.goto("/admin/configuracoes");
    await expect(about).toHaveValue(saved);
  });
});

test("a policy written before a paragraph existed lists it, and “Incluir na política” puts it back in place", async ({
  page,
}) => {
  await loginAs(page, "admin");
  await page.goto("/admin/configuracoes");
  const policy = page.getByLabel("Política de privacidade", { exact: true });
  const current = await policy.inputValue();
  const blocks = current.split("\n\n");
  const sent = blocks.findIndex((block) => block.startsWith("Imóveis enviados pelo corretor:"));
  expect(sent, "o texto padrão tem o parágrafo dos links enviados").toBeGreaterThan(0);
  const updates = page.getByRole("region", { name: "Política de privacidade: parágrafos novos" });
  await expect(updates).toHaveCount(0);

  // The site's text as it was saved before that paragraph existed.
  await policy.fill(blocks.filter((_, i) => i !== sent).join("\n\n"));
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("Configurações salvas.")).toBeVisible();
  await page.reload();
  await expect(updates).toContainText(blocks[sent] ?? "");
  await expectNoAxeViolations(page);

  await updates.getByRole("button", { name: "Incluir na política" }).click();
  await expect(page.getByText("Parágrafo incluído na política de privacidade.")).toBeVisible();
  await expect(updates).toHaveCount(0);
  await expect(policy).toHaveValue(current);
  await page.goto("/politica-de-privacidade");
  await expect(page.getByText(blocks[sent] ?? "")).toBeVisible();
});
