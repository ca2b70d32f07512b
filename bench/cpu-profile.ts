// Reads a V8 CPU profile (`node --cpu-prof server.js`, written when the process exits) and prints
// where the main thread's busy time went: by package (react-dom, react-router, the app, Node's
// own modules…), then the functions with the most self time, then by total time (callees
// included) for those whose location contains FILTER.
//
//   npx tsx bench/cpu-profile.ts CPU.….cpuprofile [TOP=30] [FILTER]
//
// How to profile a page (docs/benchmarks.md): start the production build with PAGE_CACHE=off under
// `node --cpu-prof --cpu-prof-dir=/tmp/prof server.js`, load it with autocannon (warm it first),
// then stop it with SIGINT; percentages are of the busy time (idle left out).
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArgument = "30", filter = ""] = process.argv.slice(2);
if (!file) throw new Error("uso: tsx bench/cpu-profile.ts <arquivo .cpuprofile> [TOP] [FILTRO]");
const top = Number(topArgument);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const selfMicros = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

const where = (url: string) =>
  url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(build[^/]*)\//, "$1/");
const nameOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || "(anônima)"} ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

function packageOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName === "(idle)") return "(ocioso)";
  if (functionName === "(garbage collector)") return "(coleta de lixo)";
  const module = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (module) return module[1]!;
  if (/\/build[^/]*\//.test(url)) return "app (build)";
  if (url.startsWith("node:")) return `node:${url.replace(/^node:(internal\/)?/, "").split("/")[0]}`;
  return url === "" ? `(nativo) ${functionName}` : url;
}

const add = (map: Map<string, number>, key: string, micros: number) =>
  map.set(key, (map.get(key) ?? 0) + micros);
const byPackage = new Map<string, number>();
const bySelf = new Map<string, number>();
const byTotal = new Map<string, number>();
let busy = 0;
for (const [id, micros] of selfMicros) {
  const node = nodes.get(id)!;
  add(byPackage, packageOf(node), micros);
  if (node.callFrame.functionName === "(idle)") continue;
  busy += micros;
  add(bySelf, nameOf(node), micros);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const name = nameOf(nodes.get(at)!);
    if (!seen.has(name)) add(byTotal, name, micros);
    seen.add(name);
  }
}
byPackage.delete("(ocioso)");

const percent = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %`;
const print = (title: string, map: Map<string, number>, keep: (name: string) => boolean = () => true) => {
  console.log(`\n${title}`);
  for (const [name, micros] of [...map]
    .filter(([name]) => keep(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`${percent(micros)}  ${name}`);
};
console.log(`tempo ocupado amostrado: ${(busy / 1000).toFixed(0)} ms`);
print("por pacote (tempo próprio)", byPackage);
print("por função (tempo próprio)", bySelf);
print(`por função (tempo total)${filter ? `, só "${filter}"` : ""}`, byTotal, (name) =>
  name.includes(filter),
);
