// What the server does to a rendered document so a phone paints it before anything else loads
// (issues 3 and 7: Lighthouse mobile budgets). Two rewrites, production only (entry.server.tsx):
//
// 1. The page's own stylesheets are inlined. Each render-blocking <link rel="stylesheet"> costs a
//    round trip before the first paint, and a public page's whole CSS is a few KiB compressed.
//    The browser puts the <link>s back, disabled, before hydrating (app/lib/inlined-styles.ts).
// 2. React Router's scripts start after the first paint. Its module preloads in the head and its
//    module script made ~130 KiB of JavaScript compete with the HTML, the cover photo and the
//    first paint itself, and on a warm cache hydration ran before anything was painted; the page
//    is server-rendered and usable without them (links, GET forms, the CSS-only first-load
//    overlay). A small inline script adds the same preloads and module script once a first
//    frame is painted and the high-priority images (the cover, the first card) are in: from
//    their load event, so the window's load event still waits for the scripts, as it did. At
//    `load` in any case, and at once in a background tab (nothing is painted there).
//
// Both leave the document untouched when its shape is not the expected one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Transform } from "node:stream";
import { INLINED_STYLE_ATTRIBUTE } from "../../lib/inlined-styles";

/** More CSS than this (uncompressed) stays in files: a huge head would delay the first paint. */
const DEFAULT_MAX_STYLE_BYTES = 64 * 1024;

const LINK_TAG = /<link\b[^>]*>/gi;
const ATTRIBUTE = /\s([a-zA-Z:-]+)(?:="([^"]*)")?/g;
/** Only the build's own hashed files: immutable, so reading each once is enough. */
const ASSET_CSS = /^\/assets\/[\w.-]+\.css(?:#[\w-]*)?$/;
const ASSET_JS = /^\/assets\/[\w.-]+\.js$/;
/** React Router's module script (<Scripts>): imports the route modules, then the client entry. */
const ROUTE_MODULES_SCRIPT = /<script\b([^>]*)>([^<]*window\.__reactRouterRouteModules[^<]*)<\/script>/;

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of tag.matchAll(ATTRIBUTE)) attributes.set(name!.toLowerCase(), value ?? "");
  return attributes;
}

/** `s` as a JavaScript string literal that is safe inside an inline <script>. */
function scriptString(s: string): string {
  return JSON.stringify(s)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Runs in the browser, inline where React Router's module script was (serialized with
 * toString(): plain ES2017, no imports). Adds the module preloads and the module script once a
 * frame has been painted and the high-priority images have arrived (from their load event, so
 * before the window's), at `load` whatever happens, and at once in a background tab.
 */
function startAfterFirstPaint(preloadsJson: string, moduleCode: string): void {
  const script = document.currentScript as HTMLScriptElement;
  const nonce = script.nonce;
  let started = false;
  let painted = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of JSON.parse(preloadsJson) as string[]) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.nonce = nonce;
      document.head.appendChild(link);
    }
    const module = document.createElement("script");
    module.type = "module";
    module.nonce = nonce;
    module.textContent = moduleCode;
    document.body.appendChild(module);
  };
  const priorityImages = Array.from(document.querySelectorAll<HTMLImageElement>("img[fetchpriority=high]"));
  const check = () => {
    if (painted && priorityImages.every((image) => image.complete)) start();
  };
  window.addEventListener("load", start);
  if (document.visibilityState === "hidden") {
    start();
    return;
  }
  for (const image of priorityImages) {
    image.addEventListener("load", check);
    image.addEventListener("error", check);
  }
  // A rAF callback runs just before a frame is painted; a task it queues runs after.
  requestAnimationFrame(() =>
    setTimeout(() => {
      painted = true;
      check();
    }),
  );
}

export interface FirstPaintOptions {
  /** The client build folder (it holds assets/). */
  clientDir: string;
  maxStyleBytes?: number;
}

/** Rewrites a whole document (both rewrites above). Pure apart from reading the CSS files. */
export function createFirstPaintRewriter({
  clientDir,
  maxStyleBytes = DEFAULT_MAX_STYLE_BYTES,
}: FirstPaintOptions) {
  const files = new Map<string, string | null>();
  const cssOf = (href: string): string | null => {
    const path = href.replace(/#.*$/, "");
    let css = files.get(path);
    if (css === undefined) {
      try {
        css = readFileSync(join(clientDir, path), "utf8");
        // A stylesheet that could close the <style> element early is left as a file.
        if (/<\/style/i.test(css)) css = null;
      } catch {
        css = null;
      }
      files.set(path, css);
    }
    return css;
  };

  const inlineStyles = (head: string): string => {
    let budget = maxStyleBytes;
    return head.replace(LINK_TAG, (tag) => {
      const attributes = attributesOf(tag);
      const href = attributes.get("href");
      if (attributes.get("rel") !== "stylesheet" || !href || !ASSET_CSS.test(href)) return tag;
      if (attributes.has("media") || attributes.has("disabled")) return tag;
      const css = cssOf(href);
      if (css === null || css.length > budget) return tag;
      budget -= css.length;
      return `<style ${INLINED_STYLE_ATTRIBUTE}="${href}">${css}</style>`;
    });
  };

  const deferScripts = (head: string, body: string): [string, string] => {
    const script = ROUTE_MODULES_SCRIPT.exec(body);
    const scriptAttributes = attributesOf(script?.[1] ?? "");
    if (!script || scriptAttributes.get("type") !== "module") return [head, body];
    const nonce = scriptAttributes.get("nonce");
    const preloads: string[] = [];
    const headWithout = head.replace(LINK_TAG, (tag) => {
      const attributes = attributesOf(tag);
      const href = attributes.get("href");
      if (attributes.get("rel") !== "modulepreload" || !href || !ASSET_JS.test(href)) return tag;
      preloads.push(href);
      return "";
    });
    const boot = `(${startAfterFirstPaint.toString()})(${scriptString(JSON.stringify(preloads))},${scriptString(script[2]!)})`;
    const bootTag = `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${boot}</script>`;
    return [headWithout, body.slice(0, script.index) + bootTag + body.slice(script.index + script[0].length)];
  };

  return (html: string): string => {
    const end = html.indexOf("</head>");
    if (end === -1) return html;
    const [head, body] = deferScripts(inlineStyles(html.slice(0, end)), html.slice(end));
    return head + body;
  };
}

/** The rewrite as a stream: pages are rendered whole (onAllReady), so buffering costs nothing. */
export function firstPaintTransform(rewrite: (html: string) => string): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      callback(null, Buffer.from(rewrite(Buffer.concat(chunks).toString("utf8")), "utf8"));
    },
  });
}
