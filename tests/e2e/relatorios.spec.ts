// The funnel report (/admin/relatorios, decision 030): the admin's tables and curves, filters
// by month and agent without JavaScript, the CSV, and a corretor who sees only their own leads.
// The server's data is shared with the other suites, so the counts are compared before and after
// this test adds its own leads.
import { readFileSync } from "node:fs";
import { type APIRequestContext, expect } from "@playwright/test";
import {
  E2E_BASE_URL,
  expectNoAxeViolations,
  listingLead,
  loginAs,
  postAs,
  sessionFor,
  test,
  uniquePhone,
} from "./fixtures";

type Role = "admin" | "corretor";

/** The cells of one CSV line (";" separated, quoted per RFC 4180). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ";") {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** The report's CSV as rows keyed "Recorte|Nome" → [leads, contatados, visita, proposta, fechado, …]. */
function parseReport(csv: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .slice(1)) {
    const [kind, name, ...rest] = csvCells(line);
    rows.set(kind === "Total" ? "Total" : `${kind}|${name}`, rest);
  }
  return rows;
}

async function reportCsv(api: APIRequestContext, role: Role, search = ""): Promise<Map<string, string[]>> {
  const cookie = await sessionFor(api, E2E_BASE_URL, role);
  const response = await api.get(`/admin/relatorios.csv${search}`, {
    headers: { Cookie: `${cookie.name}=${cookie.value}` },
  });
  expect(response.status()).toBe(200);
  return parseReport(await response.text());
}

/** Leads, contatados, visita, proposta, fechado of a row (0 when the row is not there). */
function stages(report: Map<string, string[]>, key: string): number[] {
  const row = report.get(key);
  return [0, 1, 2, 3, 4].map((i) => Number(row?.[i] ?? 0));
}

function delta(after: number[], before: number[]): number[] {
  return after.map((value, i) => value - (before[i] ?? 0));
}

/** A user's id, from the admin's list of users. */
async function userId(api: APIRequestContext, email: string): Promise<string> {
  const admin = await sessionFor(api, E2E_BASE_URL, "admin");
  const users = await (
    await api.get("/admin/usuarios", { headers: { Cookie: `${admin.name}=${admin.value}` } })
  ).text();
  const id = users.match(
    new RegExp(`data-user-id="(\\d+)" data-user-email="${email.replace(/\./g, "\\.")}"`),
  )?.[1];
  if (!id) throw new Error(`usuário ${email} não encontrado`);
  return id;
}

async function corretorId(api: APIRequestContext): Promise<string> {
  await sessionFor(api, E2E_BASE_URL, "corretor"); // creates the corretora on first use
  return userId(api, "corretora.e2e@teste.com.br");
}

async function move(api: APIRequestContext, role: Role, leadId: string, statuses: string[]) {
  const cookie = await sessionFor(api, E2E_BASE_URL, role);
  for (const status of statuses) {
    const moved = await postAs(api, E2E_BASE_URL, cookie, `/admin/leads/${leadId}`, {
      intent: "status",
      status,
    });
    expect(moved.status(), `etapa ${status}`).toBeLessThan(400);
  }
}

test("the funnel counts the new leads where they got, for the admin and, of her own, the corretora", async ({
  request,
}) => {
  const stamp = Date.now().toString(36);
  const adminBefore = await reportCsv(request, "admin");
  const corretorBefore = await reportCsv(request, "corretor");

  // A: the site's form, handed to the corretora, who takes it to a proposal and then loses it.
  const leadA = (await listingLead(request, `Funil A ${stamp}`)).id;
  const admin = await sessionFor(request, E2E_BASE_URL, "admin");
  const assigned = await postAs(request, E2E_BASE_URL, admin, `/admin/leads/${leadA}`, {
    intent: "assign",
    assigneeId: await corretorId(request),
  });
  expect(assigned.status()).toBeLessThan(400);
  await move(request, "corretor", leadA, ["em_atendimento", "visita_agendada", "proposta", "perdido"]);
  // B: a call the corretora records (answered as it is made).
  const corretora = await sessionFor(request, E2E_BASE_URL, "corretor");
  const recorded = await postAs(request, E2E_BASE_URL, corretora, "/admin/leads", {
    intent: "registrar",
    como: "telefone",
    name: `Funil B ${stamp}`,
    phone: uniquePhone(),
    interesse: "",
  });
  expect(recorded.status()).toBe(303);
  // C: the site's form, the admin's own, closed straight away.
  const leadC = (await listingLead(request, `Funil C ${stamp}`)).id;
  const adminsOwn = await postAs(request, E2E_BASE_URL, admin, `/admin/leads/${leadC}`, {
    intent: "assign",
    assigneeId: await userId(request, "admin@teste.com.br"),
  });
  expect(adminsOwn.status()).toBeLessThan(400);
  await move(request, "admin", leadC, ["fechado"]);

  const adminAfter = await reportCsv(request, "admin");
  // Leads, contacted, visit, proposal, closed: A reached the proposal, C (closed) every stage.
  expect(delta(stages(adminAfter, "Total"), stages(adminBefore, "Total"))).toEqual([3, 3, 2, 2, 1]);
  expect(delta(stages(adminAfter, "Origem|Site"), stages(adminBefore, "Origem|Site"))).toEqual([
    2, 2, 2, 2, 1,
  ]);
  expect(
    delta(stages(adminAfter, "Origem|Ligação ou visita"), stages(adminBefore, "Origem|Ligação ou visita")),
  ).toEqual([1, 1, 0, 0, 0]);
  const month = [...adminAfter.keys()].filter((key) => key.startsWith("Mês|")).at(-1) ?? "";
  const closings = (report: Map<string, string[]>) => Number(report.get(month)?.at(-1) ?? 0);
  expect(closings(adminAfter) - closings(adminBefore)).toBe(1);

  // The corretora's own report: A and B, not C.
  const corretorAfter = await reportCsv(request, "corretor");
  expect(delta(stages(corretorAfter, "Total"), stages(corretorBefore, "Total"))).toEqual([2, 2, 1, 1, 0]);
  expect([...corretorAfter.keys()].filter((key) => key.startsWith("Corretor|"))).toEqual([
    "Corretor|Corretora de Teste",
  ]);
});

test("the admin reads the tables and the curves; the page passes axe", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto("/admin/painel");
  await page
    .getByRole("navigation", { name: "Menu do painel" })
    .getByRole("link", { name: "Relatórios" })
    .click();
  await expect(page).toHaveURL(/\/admin\/relatorios$/);
  await expect(page.getByRole("heading", { name: "Relatórios", level: 1 })).toBeVisible();
  await expect(page.locator(".admin-page__lead")).toContainText("os leads da imobiliária que chegaram de ");
  // The six figures in two rows of three on a wide screen, whatever order the page's styles came
  // in: after the client navigation above, and rendered by the server.
  const columns = () =>
    page
      .locator(".report-stats")
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length);
  expect(await columns()).toBe(3);
  await page.reload();
  expect(await columns()).toBe(3);

  const sources = page.getByTestId("tabela-origens");
  await expect(sources.getByRole("rowheader", { name: "Site" })).toBeVisible();
  await expect(sources.locator("thead")).toContainText("Contatados");
  await expect(sources.locator("thead")).toContainText("1ª resposta (mediana)");
  // Counts with their share of the stage before, in pt-BR ("87,5%").
  await expect(sources.locator("tfoot")).toContainText(/\(\d{1,3},\d%\)/);
  await expect(
    page.getByTestId("tabela-corretores").getByRole("rowheader", { name: "Corretora de Teste" }),
  ).toBeVisible();

  // Six months, each a point of each curve, and the same months in the table.
  const leadsChart = page.getByRole("img", {
    name: /^Leads recebidos por mês, de \S+ de \d{4} a \S+ de \d{4}:/,
  });
  await expect(leadsChart).toBeVisible();
  await expect(leadsChart.locator("circle")).toHaveCount(6);
  await expect(
    page.getByRole("img", { name: /^Negócios fechados por mês/ }).locator("path.line-chart__line"),
  ).toHaveCount(1);
  await expect(page.getByTestId("tabela-meses").locator("tbody tr")).toHaveCount(6);
  await expect(page.getByTestId("tabela-meses").locator("tbody th").first()).toHaveText(/^[a-zç]+ de \d{4}$/);
  await expect(page.getByText("Tempo corrido entre a chegada do lead")).toBeVisible();
  await expectNoAxeViolations(page);

  // A source's name opens the report of that source alone.
  await sources.getByRole("link", { name: "Site" }).click();
  await expect(page).toHaveURL(/[?&]origem=site/);
  await expect(page.getByTestId("tabela-origens").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByLabel("Origem", { exact: true })).toHaveValue("site");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the month and agent filters are a plain form; the CSV keeps them", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/relatorios");
    const form = page.getByRole("search", { name: "Filtrar o relatório" });
    // A month long ago: nothing arrived then.
    await form.getByLabel("De (mês)").fill("2001-01");
    await form.getByLabel("Até (mês)").fill("2001-02");
    await form.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/[?&]de=2001-01&ate=2001-02/);
    await expect(page.locator(".admin-page__lead")).toContainText("de janeiro a fevereiro de 2001");
    await expect(
      page.getByText("Nenhum lead chegou de janeiro a fevereiro de 2001 com estes filtros.").first(),
    ).toBeVisible();
    await expect(page.getByTestId("tabela-meses").locator("tbody tr")).toHaveCount(2);

    // Back to the default months, one agent.
    await page.getByRole("link", { name: "Limpar filtros" }).click();
    await page.getByLabel("Corretor", { exact: true }).selectOption({ label: "Corretora de Teste" });
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/[?&]corretor=\d+/);
    const agents = page.getByTestId("tabela-corretores").locator("tbody tr");
    await expect(agents).toHaveCount(1);
    await expect(agents).toContainText("Corretora de Teste");

    // The export is the same view: one agent's row.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^relatorio-funil-\d{4}-\d{2}-a-\d{4}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) ?? "", "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain("Recorte;Nome;Leads;Contatados;Visita;Proposta;Fechado;");
    const agentRows = [...parseReport(csv).keys()].filter((key) => key.startsWith("Corretor|"));
    expect(agentRows).toEqual(["Corretor|Corretora de Teste"]);
  });

  test("a month that cannot be read is refused at its field with a 400", async ({ page }) => {
    await loginAs(page, "admin");
    const response = await page.goto("/admin/relatorios?de=13%2F2026&ate=2026-05");
    expect(response?.status()).toBe(400);
    await expect(page.locator("#filtro-de-erro")).toHaveText("Informe o mês como 03/2026.");
    await expect(page.locator("#filtro-de")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("tabela-origens")).toHaveCount(0);
    const csv = await page.request.get("/admin/relatorios.csv?de=2026-05&ate=2026-01");
    expect(csv.status()).toBe(400);
    expect(await csv.text()).toContain("O mês inicial deve vir antes do final");
  });
});

test("a corretor sees only her own figures, whatever agent the address names", async ({ page, request }) => {
  const adminId = await userId(request, "admin@teste.com.br");

  await loginAs(page, "corretor");
  await page.goto(`/admin/relatorios?corretor=${adminId}`);
  await expect(page.locator(".admin-page__lead")).toContainText("os seus leads");
  await expect(page.getByLabel("Corretor", { exact: true })).toHaveCount(0);
  const agents = page.getByTestId("tabela-corretores").locator("tbody th");
  // Her own leads, and those of her listings nobody has taken yet.
  for (const name of await agents.allTextContents())
    expect(["Corretora de Teste", "Sem corretor"]).toContain(name);
  await expect(page.getByTestId("tabela-corretores")).not.toContainText("Administrador");
  await expectNoAxeViolations(page);
});
