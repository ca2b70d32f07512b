// Step 3b: the JavaScript each public page makes a phone download (the budget: ≤ 150 KB
// compressed on each public page, decision 014), measured in the system Chromium: every script response's bytes on
// the wire (compressed, as the server sends them) from the first request until the page has
// hydrated and the network is idle. A cold cache per page: what a first visit costs.
import { chromium } from "@playwright/test";

export interface JsWeight {
  label: string;
  path: string;
  scripts: number;
  bytes: number;
}

export async function measureJsWeight(baseUrl: string, pages: { label: string; path: string }[]) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const results: JsWeight[] = [];
  try {
    for (const page of pages) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const sizes: Promise<number>[] = [];
      tab.on("requestfinished", (request) => {
        if (request.resourceType() !== "script") return;
        sizes.push(request.sizes().then((s) => s.responseBodySize));
      });
      await tab.goto(`${baseUrl}${page.path}`, { waitUntil: "networkidle" });
      await tab.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await tab.waitForLoadState("networkidle");
      const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
      results.push({ ...page, scripts: sizes.length, bytes });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
