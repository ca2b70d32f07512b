import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INLINED_STYLE_ATTRIBUTE } from "../../lib/inlined-styles";
import { createFirstPaintRewriter } from "./first-paint.server";

const NONCE = "bm9uY2Utb2YtdGhlLXRlc3Q=";
let clientDir: string;

beforeAll(() => {
  clientDir = mkdtempSync(join(tmpdir(), "first-paint-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "assets/root-abc.css"), "body{margin:0}");
  writeFileSync(join(clientDir, "assets/card-def.css"), ".card{color:red}");
  writeFileSync(join(clientDir, "assets/big-ghi.css"), `.big{content:"${"x".repeat(2000)}"}`);
  writeFileSync(join(clientDir, "assets/evil-jkl.css"), '.a::after{content:"</style><script>"}');
});

afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** The shape React Router 7 renders: preloads hoisted into the head, the module script in the body. */
function document({ head = "", moduleScript = true } = {}): string {
  const module = `;\nimport * as route0 from "/assets/root-1.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-2.js");`;
  return [
    '<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/><title>Início</title>',
    `<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="${NONCE}"/>`,
    `<link rel="modulepreload" href="/assets/root-1.js" nonce="${NONCE}"/>`,
    `<link rel="preload" as="image" href="/media/capa.avif" fetchPriority="high"/>`,
    `<link nonce="${NONCE}" rel="stylesheet" href="/assets/root-abc.css"/>`,
    `<link nonce="${NONCE}" rel="stylesheet" href="/assets/card-def.css#"/>`,
    head,
    "</head><body><main><h1>Imóveis</h1></main>",
    `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
    moduleScript ? `<script nonce="${NONCE}" type="module" async="">${module}</script>` : "",
    `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script>`,
    "</body></html>",
  ].join("");
}

const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));

describe("the stylesheets", () => {
  it("are inlined, each marked with its link's exact href, in the links' order", () => {
    const html = createFirstPaintRewriter({ clientDir })(document());
    const head = headOf(html);
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).toContain(`<style ${INLINED_STYLE_ATTRIBUTE}="/assets/root-abc.css">body{margin:0}</style>`);
    expect(head).toContain(
      `<style ${INLINED_STYLE_ATTRIBUTE}="/assets/card-def.css#">.card{color:red}</style>`,
    );
    expect(head.indexOf("body{margin:0}")).toBeLessThan(head.indexOf(".card{color:red}"));
    expect(head).toContain('<link rel="preload" as="image" href="/media/capa.avif" fetchPriority="high"/>');
  });

  it("keep the head's own text intact around the links they replace (accents, emoji)", () => {
    const meta = '<meta name="description" content="Casa à beira-mar em Maceió — Pajuçara 🏖️"/>';
    const html = createFirstPaintRewriter({ clientDir })(document({ head: meta }));
    expect(headOf(html)).toContain(meta);
    expect(headOf(html)).toContain("<title>Início</title>");
    expect(html).toContain("<h1>Imóveis</h1>");
    expect(html).not.toContain("\ufffd");
  });

  it("stay links when missing, too large for what is left of the budget, or able to close <style>", () => {
    const rewrite = createFirstPaintRewriter({ clientDir, maxStyleBytes: 1000 });
    const head = headOf(
      rewrite(
        document({
          head: [
            '<link rel="stylesheet" href="/assets/missing-000.css"/>',
            '<link rel="stylesheet" href="/assets/big-ghi.css"/>',
            '<link rel="stylesheet" href="/assets/evil-jkl.css"/>',
            '<link rel="stylesheet" href="https://cdn.example.com/x.css"/>',
            '<link rel="stylesheet" href="/assets/card-def.css" media="print"/>',
          ].join(""),
        }),
      ),
    );
    expect(head).toContain("body{margin:0}");
    for (const href of [
      "/assets/missing-000.css",
      "/assets/big-ghi.css",
      "/assets/evil-jkl.css",
      "https://cdn.example.com/x.css",
    ]) {
      expect(head).toContain(`<link rel="stylesheet" href="${href}"/>`);
    }
    expect(head).toContain('<link rel="stylesheet" href="/assets/card-def.css" media="print"/>');
  });
});

interface BootOptions {
  hidden?: boolean;
  /** The cover is still loading (the fallback path waits for its load event). */
  pendingImage?: boolean;
  /** Where the cover's top is, in a 800 px high window. */
  imageTop?: number;
  /** The browser reports paints (Paint and Element Timing), as Chromium does. */
  reportsPaints?: boolean;
}

/** Runs the inline boot script against a stand-in browser; each clock step is run by the test. */
function runBoot(html: string, options: BootOptions = {}) {
  const boot = html.match(
    new RegExp(`<script nonce="${NONCE}">(\\(function startAfterFirstPaint[^<]*)</script>`),
  )?.[1];
  if (!boot) throw new Error("no boot script");
  const added: { parent: string; element: Record<string, string> }[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: { delay: number; callback: () => void }[] = [];
  const observers: Record<string, (entries: object[]) => void> = {};
  const top = options.imageTop ?? 100;
  const image = {
    complete: !options.pendingImage,
    naturalWidth: options.pendingImage ? 0 : 1280,
    getBoundingClientRect: () => ({ width: 400, top, bottom: top + 300 }),
    addEventListener: (type: string, listener: () => void) => {
      listeners[`image:${type}`] = listener;
    },
  };
  const parent = (name: string) => ({
    appendChild: (element: Record<string, string>) => added.push({ parent: name, element }),
  });
  const fakeDocument = {
    currentScript: { nonce: NONCE },
    visibilityState: options.hidden ? "hidden" : "visible",
    head: parent("head"),
    body: parent("body"),
    createElement: (tag: string) => ({ tag }),
    querySelectorAll: () => [image],
  };
  const fakeWindow = {
    innerHeight: 800,
    addEventListener: (type: string, listener: () => void) => {
      listeners[`window:${type}`] = listener;
    },
  };
  class FakeObserver {
    static supportedEntryTypes = ["paint", "element", "largest-contentful-paint"];
    constructor(private readonly callback: (list: { getEntries: () => object[] }) => void) {}
    observe({ type }: { type: string }) {
      observers[type] = (entries) => this.callback({ getEntries: () => entries });
    }
  }
  new Function("document", "window", "requestAnimationFrame", "setTimeout", "PerformanceObserver", boot)(
    fakeDocument,
    fakeWindow,
    (callback: () => void) => frames.push(callback),
    (callback: () => void, delay = 0) => timers.push({ delay, callback }),
    options.reportsPaints ? FakeObserver : undefined,
  );
  /** The next frame is painted, and the task queued after it runs. */
  const paintFrame = () => {
    for (const frame of frames.splice(0)) frame();
    for (const timer of timers.filter((t) => t.delay === 0)) timer.callback();
  };
  const report = (type: string, entries: object[]) => observers[type]!(entries);
  const secondAfterLoad = () => {
    listeners["window:load"]!();
    for (const timer of timers.filter((t) => t.delay === 1000)) timer.callback();
  };
  return { added, listeners, image, paintFrame, report, secondAfterLoad };
}

describe("the scripts", () => {
  it("start once the browser reports the first paint and the cover on screen, from an inline script carrying the nonce", () => {
    const html = createFirstPaintRewriter({ clientDir })(document());
    expect(headOf(html)).not.toContain("modulepreload");
    expect(html).not.toContain('type="module"');
    const boot = runBoot(html, { reportsPaints: true });
    // A frame painted and the image loaded are not enough: the frame may not be on screen yet.
    boot.paintFrame();
    expect(boot.added).toEqual([]);
    boot.report("paint", [{ name: "first-paint" }, { name: "first-contentful-paint" }]);
    expect(boot.added).toEqual([]);
    boot.report("element", [{ identifier: "imagem-principal", element: boot.image }]);
    expect(boot.added.map(({ parent, element }) => ({ parent, ...element }))).toEqual([
      { parent: "head", tag: "link", rel: "modulepreload", href: "/assets/entry.client-2.js", nonce: NONCE },
      { parent: "head", tag: "link", rel: "modulepreload", href: "/assets/root-1.js", nonce: NONCE },
      {
        parent: "body",
        tag: "script",
        type: "module",
        nonce: NONCE,
        textContent: expect.stringContaining('window.__reactRouterRouteModules = {"root":route0};'),
      },
    ]);
    // The context script before it and the stream scripts after it keep their places.
    expect(html.indexOf("window.__reactRouterContext = {}")).toBeLessThan(
      html.indexOf("startAfterFirstPaint"),
    );
    expect(html.indexOf("startAfterFirstPaint")).toBeLessThan(html.indexOf("streamController.close()"));
  });

  it("do not wait for a cover below the fold, which is never painted", () => {
    const html = createFirstPaintRewriter({ clientDir })(document());
    const boot = runBoot(html, { reportsPaints: true, imageTop: 900 });
    boot.report("paint", [{ name: "first-contentful-paint" }]);
    expect(boot.added).toHaveLength(3);
  });

  it("start a second after the window's load if the reports never come, and only once", () => {
    const html = createFirstPaintRewriter({ clientDir })(document());
    const boot = runBoot(html, { reportsPaints: true });
    boot.paintFrame();
    expect(boot.added).toEqual([]);
    boot.secondAfterLoad();
    boot.secondAfterLoad();
    expect(boot.added).toHaveLength(3);
  });

  it("without paint reports, start after a painted frame once the cover has loaded", () => {
    const html = createFirstPaintRewriter({ clientDir })(document());
    const boot = runBoot(html, { pendingImage: true });
    boot.paintFrame();
    expect(boot.added).toEqual([]);
    boot.image.complete = true;
    boot.listeners["image:load"]!();
    expect(boot.added).toHaveLength(3);

    const loaded = runBoot(html);
    expect(loaded.added).toEqual([]);
    loaded.paintFrame();
    expect(loaded.added).toHaveLength(3);
  });

  it("start at once in a background tab, where nothing is painted", () => {
    const html = createFirstPaintRewriter({ clientDir })(document());
    expect(runBoot(html, { hidden: true, pendingImage: true }).added).toHaveLength(3);
  });

  it("keep React Router's preloads and module script when that script is not the expected one", () => {
    const rewrite = createFirstPaintRewriter({ clientDir });
    expect(headOf(rewrite(document({ moduleScript: false })))).toContain(
      '<link rel="modulepreload" href="/assets/root-1.js"',
    );
    // A "<" inside the module code: not matched, so left as React Router wrote it.
    const odd = document().replace('{"root":route0}', '{"root":route0, "x":"<b>"}');
    const html = rewrite(odd);
    expect(html).not.toContain("startAfterFirstPaint");
    expect(html).toContain('type="module"');
    expect(headOf(html)).toContain("modulepreload");
  });
});

it("leaves a document without a head alone", () => {
  expect(createFirstPaintRewriter({ clientDir })("<p>oi</p>")).toBe("<p>oi</p>");
});
