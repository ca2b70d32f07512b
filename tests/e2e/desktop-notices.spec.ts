// Browser notices in the admin (components/admin/desktop-notices.tsx): off until the agent turns
// them on (the browser's permission, granted here), then "Novo lead" when a lead arrives, naming
// nobody, and nothing once turned off. The link-opened notice is in lead-suggestions.spec.ts.
import { expect } from "@playwright/test";
import { expectNoAxeViolations, hydrated, listingLead, loginAs, test } from "./fixtures";

test.use({ permissions: ["notifications"] });

test("avisos no navegador: ligados pelo corretor, um lead novo vira um aviso sem dados da pessoa; desligados, nada", async ({
  page,
  context,
  request,
}) => {
  // Every notice the page shows, recorded on its way to the browser's own Notification.
  await context.addInitScript(() => {
    const Real = window.Notification;
    const seen: { title: string; body?: string; tag?: string }[] = [];
    Object.assign(window, { __avisos: seen });
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        seen.push({ title, body: options?.body, tag: options?.tag });
      }
    };
  });
  const notices = () => page.evaluate(() => (window as unknown as { __avisos: unknown[] }).__avisos);

  await loginAs(page, "admin");
  await page.goto("/admin/painel");
  await hydrated(page);
  const toggle = page.getByRole("button", { name: "Avisos no navegador" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page);

  const name = `Aviso E2E ${Date.now().toString(36)}`;
  const { id } = await listingLead(request, name);
  await expect.poll(notices).toContainEqual({
    title: "Novo lead",
    body: "Um novo contato chegou. Clique para ver e responder.",
    tag: `lead-created-${id}`,
  });
  expect(JSON.stringify(await notices())).not.toContain(name);

  // The choice stays in this browser; turned off, a new lead shows on the inbox and makes no notice.
  await page.goto("/admin/leads");
  await hydrated(page);
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  const quiet = `Aviso E2E desligado ${Date.now().toString(36)}`;
  await listingLead(request, quiet);
  await expect(page.getByRole("row").filter({ hasText: quiet })).toBeVisible();
  expect(await notices()).toEqual([]);
});

test.describe("no celular", () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });

  test("o painel não oferece avisos do navegador (o celular tem o WhatsApp e os e-mails)", async ({
    page,
  }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/painel");
    await hydrated(page);
    // Two frames after hydration: where the browser allows them, the toggle is drawn by then.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect(page.getByTestId("admin-user-name")).toBeVisible();
    await expect(page.getByTestId("avisos")).toHaveCount(0);
  });
});
