// An agent suggests listings to a lead on WhatsApp, and the person opens them side by side:
// components/admin/lead/suggest-listings.tsx, routes/admin/lead-sugestoes.ts, the shared list
// of routes/public/favoritos.tsx.
import { expect } from "@playwright/test";
import { E2E_BASE_URL, expectNoAxeViolations, loginAs, postAs, test, uniquePhone } from "./fixtures";

test("sugerir imóveis a um lead: escolhe, envia pelo WhatsApp, fica anotado; a pessoa vê a lista lado a lado", async ({
  page,
  request,
  browser,
}) => {
  // A lead from a listing's form, as a visitor sends it.
  const leadName = `Lead Sugestões E2E ${Date.now().toString(36)}`;
  await page.goto("/todos-os-imoveis?ordem=recentes");
  const listing = await page
    .locator(".card-grid .property-card:not(.is-unavailable) .property-card__link")
    .first()
    .getAttribute("href");
  const asked = listing!.split("/").pop()!;
  await page.goto(listing!);
  const form = page.locator("form.lead-form");
  await form.getByLabel("Nome", { exact: true }).fill(leadName);
  await form.getByLabel("Telefone ou WhatsApp").fill(uniquePhone());
  await page.locator("#lead-consent").check();
  const [sent] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    form.getByRole("button", { name: "Enviar mensagem" }).click(),
  ]);
  expect(sent.status()).toBe(200);

  const cookie = await loginAs(page, "admin");
  await page
    .context()
    .route("https://wa.me/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>WhatsApp" }),
    );
  await page.goto("/admin/leads");
  await page.getByRole("row").filter({ hasText: leadName }).getByRole("link", { name: leadName }).click();
  const section = page.getByRole("region", { name: "Sugerir imóveis" });
  const choices = section.getByRole("checkbox");
  // The listing the person asked about comes first, then listings like it.
  await expect(section.getByRole("listitem").first()).toContainText(`${asked} — `);
  await expect(section.getByRole("listitem").first()).toContainText("o imóvel que a pessoa pediu");
  expect(await choices.count()).toBeGreaterThanOrEqual(3);
  await expectNoAxeViolations(page);

  // Nothing ticked: refused at the field, no tab opens.
  let opened = false;
  page.on("popup", () => {
    opened = true;
  });
  await section.getByRole("button", { name: /Enviar pelo WhatsApp/ }).click();
  await expect(section.getByRole("alert")).toHaveText("Escolha ao menos um imóvel para sugerir.");
  await section.getByLabel("Outras referências").fill("AP 12<b>");
  await section.getByRole("button", { name: /Enviar pelo WhatsApp/ }).click();
  await expect(section.getByRole("alert")).toHaveText("Referência inválida: use letras, números e hífen.");
  await section.getByLabel("Outras referências").fill("");
  expect(opened).toBe(false);

  const second = (await choices.nth(1).getAttribute("value"))!;
  const third = (await choices.nth(2).getAttribute("value"))!;
  await choices.nth(1).check();
  await choices.nth(2).check();
  const [whatsapp] = await Promise.all([
    page.waitForEvent("popup"),
    section.getByRole("button", { name: /Enviar pelo WhatsApp/ }).click(),
  ]);
  await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
  const text = new URL(whatsapp.url()).searchParams.get("text") ?? "";
  expect(text).toMatch(
    /^Olá, Lead! Aqui é .+\. Separei 2 imóveis que podem interessar a você, para ver lado a lado: /,
  );
  const listUrl = text.match(/(http\S+\/favoritos\?lista=\S+)/)?.[1];
  // The list's link carries its sending's token (decision 049).
  expect(listUrl).toMatch(
    new RegExp(`^${E2E_BASE_URL}/favoritos\\?lista=${second},${third}&envio=[\\w-]{16}$`),
  );
  // The lead's page hears of it: the suggestion is in the notes, and the first response is taken.
  await expect(page.locator(".lead-notes")).toContainText(
    `Imóveis sugeridos pelo WhatsApp: ${second}, ${third}.`,
  );
  await expect(page.getByRole("timer")).toHaveCount(0);

  const sentLists = page.getByTestId("listas-enviadas");
  await expect(sentLists).toContainText(`${second}, ${third}`);
  await expect(sentLists).toContainText("Ainda não foi aberto.");

  // The agent checking the link, and WhatsApp fetching it for its preview, are not the person.
  await whatsapp.goto(listUrl!);
  await expect(whatsapp.getByRole("table").getByRole("columnheader")).toHaveCount(2);
  await expect(whatsapp.locator('meta[property="og:url"]')).toHaveAttribute(
    "content",
    `${E2E_BASE_URL}/favoritos?lista=${second},${third}`,
  );
  await expect(whatsapp.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${E2E_BASE_URL}/favoritos?lista=${second},${third}`,
  );
  await whatsapp.close();
  const preview = await request.get(listUrl!, { headers: { "User-Agent": "WhatsApp/2.24.6.77 A" } });
  expect(preview.status()).toBe(200);
  // Its address holds the token: no cache keeps the page.
  expect(preview.headers()["cache-control"]).toBe("private, no-store");
  // With the browser notices on, the agent hears of it even with the admin in another tab
  // (desktop-notices.tsx): a notice that names nobody.
  await page.context().grantPermissions(["notifications"]);
  await page.evaluate(() => {
    const Real = window.Notification;
    const seen: { title: string; tag?: string }[] = [];
    Object.assign(window, { __avisos: seen });
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        seen.push({ title, tag: options?.tag });
      }
    };
  });
  await page.getByRole("button", { name: "Avisos no navegador" }).click();
  await expect(page.getByRole("button", { name: "Avisos no navegador" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // What the person opens from the message: the lead's open page hears of it.
  const visitor = await browser.newContext();
  const person = await visitor.newPage();
  await person.goto(listUrl!);
  await expect(person.getByRole("table").getByRole("columnheader")).toHaveCount(2);
  await visitor.close();
  await expect(sentLists).toContainText(/Aberto em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\./);
  const leadId = new URL(page.url()).pathname.split("/").pop();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __avisos: unknown[] }).__avisos))
    .toContainEqual({ title: "Link aberto", tag: `lead-link-opened-${leadId}` });
  await expectNoAxeViolations(page);
  // The inbox flags it too: the moment to call.
  await page.goto("/admin/leads");
  await expect(page.getByRole("row").filter({ hasText: leadName })).toContainText(
    /Abriu o link enviado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/,
  );
  await page.goBack();

  // Without JavaScript the server refuses the same: 400 with what to fix, nothing recorded.
  const leadPath = new URL(page.url()).pathname;
  const empty = await postAs(request, E2E_BASE_URL, cookie, `${leadPath}/sugestoes`, { outras: "" });
  expect(empty.status()).toBe(400);
  expect(await empty.text()).toContain("Escolha ao menos um imóvel para sugerir.");
  const unknown = await postAs(request, E2E_BASE_URL, cookie, `${leadPath}/sugestoes`, { outras: "XX0000" });
  expect(unknown.status()).toBe(400);
  expect(await unknown.text()).toContain("Nenhum imóvel disponível com a referência XX0000 (não existe");
  await page.reload();
  await expect(page.locator(".lead-notes li")).toHaveCount(1);

  // One listing goes as its own page, with the sending's token: tracked the same way.
  await choices.first().check();
  const [single] = await Promise.all([
    page.waitForEvent("popup"),
    section.getByRole("button", { name: /Enviar pelo WhatsApp/ }).click(),
  ]);
  await single.waitForURL(/^https:\/\/wa\.me\//);
  const singleText = new URL(single.url()).searchParams.get("text") ?? "";
  await single.close();
  const singleUrl = singleText.match(/(http\S+\/casas\/\S+\?envio=[\w-]{16})/)?.[1];
  expect(singleUrl).toMatch(new RegExp(`^${E2E_BASE_URL}/casas/${asked}\\?envio=[\\w-]{16}$`));
  await expect(sentLists.locator("li").first()).toContainText(`${asked} — enviado em`);
  await expect(sentLists.locator("li").first()).toContainText("Ainda não foi aberto.");
  const singlePreview = await request.get(singleUrl!, { headers: { "User-Agent": "WhatsApp/2.24.6.77 A" } });
  expect(singlePreview.status()).toBe(200);
  expect(singlePreview.headers()["cache-control"]).toBe("private, no-store");
  expect(singlePreview.headers()["x-robots-tag"]).toBe("noindex");
  // The preview names the listing's own address, without the token.
  expect(await singlePreview.text()).toContain(
    `<link rel="canonical" href="${E2E_BASE_URL}/casas/${asked}"/>`,
  );
  // An old spelling of the referência keeps the token on its way; a listing gone keeps no copy.
  const token = new URL(singleUrl!).searchParams.get("envio");
  const moved = await request.get(singleUrl!.replace(`/casas/${asked}`, `/casas/${asked.toLowerCase()}`), {
    maxRedirects: 0,
  });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/casas/${asked}?envio=${token}`);
  expect(moved.headers()["cache-control"]).toBe("private, no-store");
  const gone = await request.get(`/casas/XX9999?envio=${token}`);
  expect(gone.status()).toBe(404);
  expect(gone.headers()["cache-control"]).toBe("private, no-store");
  const someone = await browser.newContext();
  const reader = await someone.newPage();
  await reader.goto(singleUrl!);
  await expect(reader.getByRole("heading", { level: 1 })).toBeVisible();
  await someone.close();
  await expect(sentLists.locator("li").first()).toContainText(
    /Aberto em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\./,
  );
});
