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
//    overlay). A small inline script adds the same preloads and module script once the first
//    contentful paint and the high-priority images (the cover, the first card) are on screen.
//
// Both leave the document untouched when its shape is not the expected one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { INLINED_STYLE_ATTRIBUTE } from "../../lib/inlined-styles";

/** More CSS than this (uncompressed) stays in files: a huge head would delay the first paint. */
const DEFAULT_MAX_STYLE_BYTES = 64 * 1024;

const LINK_TAG = /<link\b[^>]*>/gi;
const ATTRIBUTE = /\s([a-zA-Z:-]+)(?:="([^"]*)")?/g;
/** Only the build's own hashed files: immutable, so reading each once is enough. */
const ASSET_CSS = /^\/assets\/[\w.-]+\.css(?:#[\w-]*)?$/;
const ASSET_JS = /^\/assets\/[\w.-]+\.js$/;

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  // exec with lastIndex rather than matchAll, which clones the regular expression on every call
  // (most of this rewrite's time, ~20 links a page).
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(tag); match; match = ATTRIBUTE.exec(tag)) {
    attributes.set(match[1]!.toLowerCase(), match[2] ?? "");
  }
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
 * toString(): plain ES2017, no imports). Adds the module preloads and the module script once the
 * first contentful paint and the high-priority images (the cover, the first card) are on screen,
 * as the browser reports them (Paint Timing, Element Timing: after the frame is presented);
 * a second after `load` whatever happens; at once in a background tab.
 *
 * "On screen", not "loaded" or "a frame was painted": lab tools (Lighthouse) count every request
 * that started before the observed first or largest paint as one those paints waited for. A
 * start from the image's load event, or from a task after requestAnimationFrame, came before the
 * presented frame in about half the runs, and the simulated LCP then took the ~130 KiB of
 * JavaScript as its own: 2.0-2.3 s instead of 1.1-1.3 s (issue 7).
 */
function startAfterFirstPaint(preloadsJson: string, moduleCode: string): void {
  const script = document.currentScript as HTMLScriptElement;
  const nonce = script.nonce;
  let started = false;
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
  if (document.visibilityState === "hidden") {
    start();
    return;
  }
  window.addEventListener("load", () => setTimeout(start, 1000));
  const priorityImages = Array.from(document.querySelectorAll<HTMLImageElement>("img[fetchpriority=high]"));
  const shown = new Set<Element>();
  let painted = false;
  // Shown, failed, or below the fold (the first card on a small screen: never painted, so not
  // waited for). No less-than sign in this function: the unit test finds the script by that.
  const settled = (image: HTMLImageElement) => {
    if (shown.has(image) || (image.complete && image.naturalWidth === 0)) return true;
    const box = image.getBoundingClientRect();
    return box.width === 0 || 0 >= box.bottom || box.top >= window.innerHeight;
  };
  const check = () => {
    if (painted && priorityImages.every(settled)) start();
  };
  for (const image of priorityImages) image.addEventListener("error", check);
  const types = (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes) || [];
  if (types.includes("paint") && types.includes("element")) {
    new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === "first-contentful-paint")) painted = true;
      check();
    }).observe({ type: "paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const element = (entry as PerformanceEntry & { element: Element | null }).element;
        if (element) shown.add(element);
      }
      check();
    }).observe({ type: "element", buffered: true });
    return;
  }
  // Without those reports (Safari, Firefox): a task after the next frame, once the images loaded.
  for (const image of priorityImages) {
    image.addEventListener("load", () => {
      shown.add(image);
      check();
    });
    if (image.complete) shown.add(image);
  }
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

const HEAD_END = Buffer.from("</head>");
const ROUTE_MODULES_MARK = Buffer.from("window.__reactRouterRouteModules");
const SCRIPT_START = Buffer.from("<script");
const SCRIPT_END = Buffer.from("</script>");
const NOTHING = Buffer.alloc(0);
/** The module script alone, matched whole: no "<" inside, so it cannot span two scripts. */
const MODULE_SCRIPT_TAG = /^<script\b([^>]*)>([^<]*)<\/script>$/;
const BOOT_FUNCTION = `(${startAfterFirstPaint.toString()})`;

/**
 * Rewrites a whole document (both rewrites above). Pure apart from reading the CSS files.
 *
 * Works on the bytes React wrote: the page goes out as slices of them, only the module script is
 * decoded, and each inlined stylesheet is encoded once. Decoding and re-encoding the whole page
 * cost a sixth of a listing page's CPU (bench, issue 7); reading the head's links in one pass
 * over a latin1 view, ~90 → ~40 µs a page.
 */
export function createFirstPaintRewriter({
  clientDir,
  maxStyleBytes = DEFAULT_MAX_STYLE_BYTES,
}: FirstPaintOptions) {
  const files = new Map<string, { css: string; tag: Buffer } | null>();
  const styleOf = (href: string) => {
    let style = files.get(href);
    if (style === undefined) {
      style = null;
      try {
        const css = readFileSync(join(clientDir, href.replace(/#.*$/, "")), "utf8");
        // A stylesheet that could close the <style> element early is left as a file.
        if (!/<\/style/i.test(css)) {
          style = { css, tag: Buffer.from(`<style ${INLINED_STYLE_ATTRIBUTE}="${href}">${css}</style>`) };
        }
      } catch {
        // Missing or unreadable: the <link> stays.
      }
      files.set(href, style);
    }
    return style;
  };

  /**
   * The head's pieces: its own bytes between the links that go (React Router's module preloads,
   * when `takePreloads`) or become <style> (the stylesheets), which it returns with the preloads'
   * hrefs. One pass over a latin1 view of the head, where a character is a byte, so the pieces
   * are slices of the page, never decoded and encoded again; the tags it reads (rel, href) are
   * ASCII.
   */
  const rewriteHead = (page: Buffer, headEnd: number, takePreloads: boolean) => {
    const head = page.toString("latin1", 0, headEnd);
    const parts: Buffer[] = [];
    const preloads: string[] = [];
    let budget = maxStyleBytes;
    let last = 0;
    LINK_TAG.lastIndex = 0;
    for (let match = LINK_TAG.exec(head); match; match = LINK_TAG.exec(head)) {
      const tag = match[0];
      const preload = takePreloads && tag.includes("modulepreload");
      if (!preload && !tag.includes("stylesheet")) continue; // icons, canonical, image preloads
      const attributes = attributesOf(tag);
      const rel = attributes.get("rel");
      const href = attributes.get("href");
      if (!href) continue;
      let replacement: Buffer | undefined;
      if (preload && rel === "modulepreload" && ASSET_JS.test(href)) {
        preloads.push(href);
        replacement = NOTHING;
      } else if (rel === "stylesheet" && ASSET_CSS.test(href)) {
        if (attributes.has("media") || attributes.has("disabled")) continue;
        const style = styleOf(href);
        if (style === null || style.css.length > budget) continue;
        budget -= style.css.length;
        replacement = style.tag;
      }
      if (replacement === undefined) continue;
      if (match.index > last) parts.push(page.subarray(last, match.index));
      if (replacement.length > 0) parts.push(replacement);
      last = match.index + tag.length;
    }
    parts.push(page.subarray(last, headEnd));
    return { parts, preloads };
  };

  /**
   * React Router's module script (<Scripts>: imports the route modules, then the client entry):
   * where it is in the page's bytes, its nonce and its code.
   */
  const findModuleScript = (page: Buffer, from: number) => {
    const mark = page.indexOf(ROUTE_MODULES_MARK, from);
    if (mark === -1) return undefined;
    const start = page.lastIndexOf(SCRIPT_START, mark);
    const close = page.indexOf(SCRIPT_END, mark);
    if (start < from || close === -1) return undefined;
    const end = close + SCRIPT_END.length;
    const match = MODULE_SCRIPT_TAG.exec(page.toString("utf8", start, end));
    const attributes = attributesOf(match?.[1] ?? "");
    if (!match || attributes.get("type") !== "module") return undefined;
    return { start, end, nonce: attributes.get("nonce"), code: match[2]! };
  };

  const rewriteBytes = (page: Buffer): Buffer[] => {
    const headEnd = page.indexOf(HEAD_END);
    if (headEnd === -1) return [page];
    const script = findModuleScript(page, headEnd);
    const { parts, preloads } = rewriteHead(page, headEnd, script !== undefined);
    if (!script) {
      parts.push(page.subarray(headEnd));
      return parts;
    }
    const boot = `${BOOT_FUNCTION}(${scriptString(JSON.stringify(preloads))},${scriptString(script.code)})`;
    const bootTag = `<script${script.nonce === undefined ? "" : ` nonce="${script.nonce}"`}>${boot}</script>`;
    parts.push(page.subarray(headEnd, script.start), Buffer.from(bootTag), page.subarray(script.end));
    return parts;
  };

  /** The same rewrite on a string (tests, tools). */
  const rewrite = (html: string): string => Buffer.concat(rewriteBytes(Buffer.from(html))).toString("utf8");
  return Object.assign(rewrite, { bytes: rewriteBytes });
}

export type FirstPaintRewriter = ReturnType<typeof createFirstPaintRewriter>;
