// `import source from "./x.server.ts?worker-source"`: the module bundled into one script, as a
// string, for `new Worker(source, { eval: true })` (scripts/worker-source-plugin.js).
declare module "*?worker-source" {
  const source: string;
  export default source;
}
