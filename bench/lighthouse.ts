// Step 3: Lighthouse with its default (mobile) preset on the system Chromium. Each page is run
// BENCH_LIGHTHOUSE_RUNS times (default 3) and the median run by performance score is reported,
// as Lighthouse's own docs advise: one run swings by several points on a busy machine.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseResult {
  label: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  cssBytes: number;
  imageBytes: number;
  /** Lighthouse's own measure of this machine's CPU (lhr.environment.benchmarkIndex). */
  benchmarkIndex: number;
  /** How much slower than this machine the simulated phone's CPU is (the mobile preset: 4). */
  cpuSlowdownMultiplier: number;
  /** Lowest and highest performance score over the runs. */
  performanceRange: [number, number];
  /** Lowest and highest LCP over the runs (ms): a wide range is an LCP that depends on the run. */
  lcpRange: [number, number];
  runs: number;
}

const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/**
 * Runs `use` with a headless system Chromium (CHROME_PATH, or /usr/bin/chromium) for Lighthouse to
 * drive on `port`, and kills it after.
 */
export async function withChromium<T>(use: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: FLAGS,
  });
  try {
    return await use(chrome.port);
  } finally {
    await chrome.kill();
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function summarize(page: { label: string; path: string }, lhr: Lhr): LighthouseResult {
  const { categories, audits } = lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const items = ((audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const bytes = (type: string) =>
    items.filter((i) => i.resourceType === type).reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const performance = score("performance");
  const lcp = audits["largest-contentful-paint"]?.numericValue ?? Number.NaN;
  return {
    label: page.label,
    path: page.path,
    performance,
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: lcp,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    jsBytes: bytes("Script"),
    cssBytes: bytes("Stylesheet"),
    imageBytes: bytes("Image"),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    cpuSlowdownMultiplier: lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? Number.NaN,
    performanceRange: [performance, performance],
    lcpRange: [lcp, lcp],
    runs: 1,
  };
}

/** `reportDir`: also write each page's full report (the median run) there (JSON), to read its audits. */
/** The mobile preset's CPU multiplier (Lighthouse's mobileSlow4G). */
export const MOBILE_CPU_MULTIPLIER = 4;

/**
 * The multiplier that makes this machine (CPU benchmark index `index`) behave like the mobile
 * preset on a machine of index `target`: a phone that much slower than the one the preset assumes.
 */
export function multiplierFor(index: number, target: number): number {
  if (!Number.isFinite(index) || index <= target) return MOBILE_CPU_MULTIPLIER;
  return Math.round(((MOBILE_CPU_MULTIPLIER * index) / target) * 10) / 10;
}

export async function runLighthouse(
  baseUrl: string,
  pages: { label: string; path: string }[],
  reportDir?: string,
  options: { cpuSlowdownMultiplier?: number } = {},
) {
  // Only the CPU multiplier is overridden; Lighthouse merges it into the preset's throttling.
  const config = options.cpuSlowdownMultiplier
    ? {
        extends: "lighthouse:default",
        settings: { throttling: { cpuSlowdownMultiplier: options.cpuSlowdownMultiplier } },
      }
    : undefined;
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  const results: LighthouseResult[] = [];
  await withChromium(async (port) => {
    for (const page of pages) {
      const tries: { result: LighthouseResult; lhr: unknown }[] = [];
      for (let i = 0; i < runs; i++) {
        const runner = await lighthouse(
          new URL(page.path, baseUrl).href,
          {
            port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          },
          config as Parameters<typeof lighthouse>[2],
        );
        if (!runner) throw new Error("Lighthouse não retornou resultado");
        tries.push({ result: summarize(page, runner.lhr), lhr: runner.lhr });
      }
      tries.sort((a, b) => a.result.performance - b.result.performance || b.result.lcpMs - a.result.lcpMs);
      const median = tries[Math.floor((tries.length - 1) / 2)]!;
      const scores = tries.map((t) => t.result.performance);
      const lcps = tries.map((t) => t.result.lcpMs);
      results.push({
        ...median.result,
        performanceRange: [Math.min(...scores), Math.max(...scores)],
        lcpRange: [Math.min(...lcps), Math.max(...lcps)],
        runs,
      });
      if (reportDir) {
        const name = page.path
          .replace(/\?.*$/, "")
          .replace(/[^a-z0-9]+/gi, "-")
          .replace(/^-|-$/g, "");
        writeFileSync(join(reportDir, `${name || "inicio"}.json`), JSON.stringify(median.lhr));
      }
    }
  });
  return results;
}
