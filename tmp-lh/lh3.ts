import { runLighthouse } from "../bench/lighthouse";

const base = process.argv[2]!;
const mult = Number(process.argv[3] ?? 0) || undefined;
const html = await (await fetch(`${base}/todos-os-imoveis`)).text();
const listing = html.match(/href="(\/casas\/[^"?#/]+)"/)![1]!;
const pages = [
  { label: "home", path: "/" },
  { label: "busca", path: `/todos-os-imoveis?cidade=${encodeURIComponent("Maceió")}&quartos=2` },
  { label: "imovel", path: listing },
];
const r = await runLighthouse(base, pages, "/tmp/lh-slow", { cpuSlowdownMultiplier: mult });
console.log(
  JSON.stringify(
    r.map((x) => ({
      l: x.label,
      p: x.performance,
      lcp: Math.round(x.lcpMs),
      tbt: Math.round(x.tbtMs),
      idx: x.benchmarkIndex,
      m: x.cpuSlowdownMultiplier,
    })),
  ),
);
