// What Lighthouse's simulated FCP and LCP were made of, for one page: runs Lighthouse (mobile
// preset, the system Chromium) once and prints, for each of Lantern's four graphs (FCP and LCP,
// optimistic and pessimistic), every request and main-thread task it kept, with its observed
// times (this machine, unthrottled) and its simulated ones (slow 4G, CPU × 4). A request is in a
// graph when it ended before the observed paint (decision 012, "The first paint in the lab"), so
// this shows which files a change has to move after the paint to move the figure.
//
//   npx tsx bench/lantern-graphs.ts http://127.0.0.1:3000/casas/CC0059
//
// Run it under the machine lock (`flock /tmp/bench.lock …`), against a production build.
import lighthouse from "lighthouse";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { withChromium } from "./lighthouse";
import { round } from "./util";

/** The parts of Lantern's graph nodes read here (lighthouse's own types are internal). */
interface GraphNode {
  type: "network" | "cpu";
  startTime: number;
  endTime: number;
  isMainDocument?(): boolean;
  request?: { url: string; priority: string; resourceType?: string; transferSize: number };
  childEvents?: { name: string }[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}
interface LanternResult {
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
type Computed = { request(data: unknown, context: unknown): Promise<LanternResult> };

/** Task events worth naming: parsing, scripts, style, layout and paint. */
const TASK_EVENTS = /ParseHTML|EvaluateScript|evaluateModule|compileModule|FunctionCall|Layout|Paint$/;

const url = process.argv[2];
if (!url) throw new Error("uso: npx tsx bench/lantern-graphs.ts <URL>");

await withChromium(async (port) => {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (!result) throw new Error("Lighthouse não retornou resultado");
  const { lhr, artifacts } = result;
  const context = { computedCache: new Map(), settings: lhr.configSettings };
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  const fcp = await (LanternFirstContentfulPaint as unknown as Computed).request(data, context);
  const lcp = await (LanternLargestContentfulPaint as unknown as Computed).request(data, context);
  const audit = (id: string) => round(lhr.audits[id]?.numericValue ?? Number.NaN, 0);
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0];
  console.log(
    `FCP ${audit("first-contentful-paint")} ms, LCP ${audit("largest-contentful-paint")} ms, TBT ${audit("total-blocking-time")} ms; índice da CPU ${round(lhr.environment.benchmarkIndex, 0)}`,
  );
  console.log(
    `observado: FCP ${observed?.observedFirstContentfulPaint} ms, LCP ${observed?.observedLargestContentfulPaint} ms, DOMContentLoaded ${observed?.observedDomContentLoaded} ms, load ${observed?.observedLoad} ms`,
  );
  const nodes = [...fcp.pessimisticEstimate.nodeTimings.keys()];
  const origin = nodes.find((n) => n.type === "network" && n.isMainDocument?.())?.startTime ?? 0;
  const ms = (microseconds: number) => round((microseconds - origin) / 1000, 0);
  for (const [metric, lantern] of [
    ["FCP", fcp],
    ["LCP", lcp],
  ] as const) {
    for (const [name, estimate] of [
      ["otimista", lantern.optimisticEstimate],
      ["pessimista", lantern.pessimisticEstimate],
    ] as const) {
      console.log(`\n${metric} ${name}: ${round(estimate.timeInMs, 0)} ms, ${estimate.nodeTimings.size} nós`);
      const rows = [...estimate.nodeTimings].sort((a, b) => a[1].endTime - b[1].endTime);
      for (const [node, simulated] of rows) {
        const times = `observado ${ms(node.startTime)}–${ms(node.endTime)} ms, simulado ${round(simulated.startTime, 0)}–${round(simulated.endTime, 0)} ms`;
        if (node.request) {
          const r = node.request;
          const path = r.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 70);
          console.log(
            `  ${path}  ${r.priority} ${r.resourceType ?? ""} ${round(r.transferSize / 1024, 1)} KiB  ${times}`,
          );
        } else {
          const events = [...new Set((node.childEvents ?? []).map((e) => e.name))].filter((n) =>
            TASK_EVENTS.test(n),
          );
          console.log(`  tarefa (${events.join(", ") || "—"})  ${times}`);
        }
      }
    }
  }
});
