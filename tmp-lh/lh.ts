import { runLighthouse } from "../bench/lighthouse";

const base = process.argv[2]!;
const dir = process.argv[3]!;
const html = await (await fetch(`${base}/todos-os-imoveis`)).text();
const listing = html.match(/href="(\/casas\/[^"?#/]+)"/)![1]!;
const r = await runLighthouse(
  base,
  [
    { label: "imovel", path: listing },
    { label: "home", path: "/" },
  ],
  dir,
);
console.log(
  JSON.stringify(
    r.map((x) => ({
      l: x.label,
      p: x.performance,
      lcp: Math.round(x.lcpMs),
      tbt: Math.round(x.tbtMs),
      idx: x.benchmarkIndex,
    })),
    null,
    0,
  ),
);
