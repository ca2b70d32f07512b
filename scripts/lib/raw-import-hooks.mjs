// Module hooks behind raw-import.mjs: "./x.txt?raw" resolves to the file and loads as a module
// whose default export is the file's text.
import { readFile } from "node:fs/promises";

const SUFFIX = "?raw";

export async function resolve(specifier, context, next) {
  if (specifier.endsWith(SUFFIX) && context.parentURL) {
    return { url: new URL(specifier, context.parentURL).href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url.startsWith("file:") && url.endsWith(SUFFIX)) {
    const text = await readFile(new URL(url.slice(0, -SUFFIX.length)), "utf8");
    return { format: "module", source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
  }
  return next(url, context);
}
