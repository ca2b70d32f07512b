// Realtime: an open /admin/imoveis follows changes made elsewhere. Two browser
// contexts (two admins): one edits a listing's title; the other's open, filtered table shows
// the new title without a reload, keeps its filter, and says so in a polite live region.
import { expect } from "@playwright/test";
import { hydrated, loginAs, test } from "./fixtures";

test("a title edited in one session shows up in another's open listings table, announced", async ({
  browser,
}) => {
  const watcherContext = await browser.newContext();
  const editorContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  const editor = await editorContext.newPage();
  await loginAs(watcher, "admin");
  await loginAs(editor, "admin");

  // The watcher filters the table down to one listing by its referência.
  await watcher.goto("/admin/imoveis?ordem=referencia&direcao=asc");
  const firstRef = watcher.locator(".listings-table__ref a").first();
  const referencia = (await firstRef.textContent())?.trim() ?? "";
  const editHref = (await firstRef.getAttribute("href")) ?? "";
  expect(referencia).not.toBe("");
  const original = (await watcher.locator(".listings-table__title").first().textContent())?.trim() ?? "";
  await watcher.goto(`/admin/imoveis?q=${encodeURIComponent(referencia)}`);
  await hydrated(watcher);
  await expect(watcher.locator("html[data-live='on']")).toHaveCount(1, { timeout: 15_000 });
  const rows = watcher.locator(".listings-table tbody tr");
  await expect(rows).toHaveCount(1);
  const notice = watcher.locator(".live-update");
  await expect(notice).toHaveAttribute("aria-live", "polite");
  await expect(notice).toBeEmpty();
  // Gone if the page reloads.
  await watcher.evaluate(() => {
    (window as unknown as { semRecarregar: boolean }).semRecarregar = true;
  });

  const edited = "Casa térrea com quintal, editada enquanto a lista estava aberta";
  await editor.goto(editHref);
  await hydrated(editor);
  await editor.getByLabel("Título").fill(edited);
  await editor.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(editor.getByRole("status").filter({ hasText: "Alterações salvas." })).toBeVisible();

  await expect(rows.locator(".listings-table__title")).toHaveText(edited);
  await expect(
    watcher.getByRole("status").filter({ hasText: "Lista atualizada: 1 imóvel alterado" }),
  ).toBeVisible();
  expect(new URL(watcher.url()).searchParams.get("q")).toBe(referencia);
  await expect(watcher.getByRole("searchbox", { name: "Buscar" })).toHaveValue(referencia);
  await expect(rows).toHaveCount(1);
  expect(await watcher.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(
    true,
  );

  // Put the demo title back (other tests read the catalogue); the open table follows again.
  await editor.getByLabel("Título").fill(original);
  await editor.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(rows.locator(".listings-table__title")).toHaveText(original);

  await watcherContext.close();
  await editorContext.close();
});
