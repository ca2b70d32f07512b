import { describe, expect, it } from "vitest";
import {
  type CachedPage,
  cacheKey,
  computeEtag,
  createVersionReader,
  isCacheableRequest,
  matchesIfNoneMatch,
  NOT_FOUND_TTL_MS,
  PageCache,
  PUBLIC_CACHE_CONTROL,
  REVALIDATE_CACHE_CONTROL,
  storagePolicy,
  withoutTrackingParams,
} from "./page-cache.server";

function page(bytes: number, version = 1, expiresAt = Number.POSITIVE_INFINITY): CachedPage {
  const body = Buffer.alloc(bytes, 97);
  return { status: 200, headers: [], body, etag: computeEtag(version, body), version, expiresAt };
}

const SESSION = ["sessao", "__Host-sessao"];

describe("PageCache", () => {
  it("keeps stored bytes under the bound, evicting the least recently used first", () => {
    // Each entry counts ~3 100 bytes: the body, its key and tag, and room for compressed copies.
    const cache = new PageCache({ maxBytes: 14_000 });
    cache.set("a", page(2000));
    cache.set("b", page(2000));
    cache.set("c", page(2000));
    cache.set("x", page(2000));
    expect(cache.get("a")).toBeDefined(); // a is now the most recently used
    expect(cache.get("c")).toBeDefined();
    expect(cache.get("x")).toBeDefined();
    cache.set("d", page(2000));
    expect(cache.bytes).toBeLessThanOrEqual(14_000);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
    expect(cache.get("d")).toBeDefined();
  });

  it("refuses a single page larger than a quarter of the bound", () => {
    const cache = new PageCache({ maxBytes: 14_000 });
    cache.set("small", page(1000));
    cache.set("huge", page(5000));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("small")).toBeDefined();
  });

  it("replacing a key does not count its bytes twice", () => {
    const cache = new PageCache({ maxBytes: 100_000 });
    cache.set("a", page(1000));
    const once = cache.bytes;
    cache.set("a", page(1000));
    expect(cache.bytes).toBe(once);
    expect(cache.size).toBe(1);
  });

  it("drops entries of older data versions and never stores a page rendered before a write", () => {
    const cache = new PageCache();
    cache.observeVersion(1);
    cache.set(cacheKey(1, "h", "/"), page(100, 1));
    cache.observeVersion(2);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    cache.set(cacheKey(1, "h", "/"), page(100, 1)); // a render that started under version 1
    expect(cache.get(cacheKey(1, "h", "/"))).toBeUndefined();
  });

  it("expires entries with a time to live (not-found pages)", () => {
    let now = 1000;
    const cache = new PageCache({ now: () => now });
    cache.set("404", page(100, 1, now + NOT_FOUND_TTL_MS));
    expect(cache.get("404")).toBeDefined();
    now += NOT_FOUND_TTL_MS;
    expect(cache.get("404")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});

describe("keys and requests", () => {
  it("keys by data version, host and the whole URL", () => {
    expect(cacheKey(3, "a.com", "/x?y=1")).not.toBe(cacheKey(4, "a.com", "/x?y=1"));
    expect(cacheKey(3, "a.com", "/x?y=1")).not.toBe(cacheKey(3, "a.com", "/x?y=2"));
    expect(cacheKey(3, "a.com", "/x")).not.toBe(cacheKey(3, "b.com", "/x"));
  });

  it("stores a page once whatever tracking parameters a link carries, keeping the rest of its query", () => {
    expect(withoutTrackingParams("/casas/AP0001?fbclid=IwAR0abc")).toBe("/casas/AP0001");
    expect(withoutTrackingParams("/?utm_source=whatsapp&utm_medium=lista&UTM_Campaign=x")).toBe("/");
    expect(withoutTrackingParams("/todos-os-imoveis?cidade=Macei%C3%B3&gclid=1&quartos=2&srsltid=z")).toBe(
      "/todos-os-imoveis?cidade=Macei%C3%B3&quartos=2",
    );
    // Untouched when there is nothing to drop: the key is the address as asked.
    expect(withoutTrackingParams("/todos-os-imoveis?quartos=2&&pagina=2")).toBe(
      "/todos-os-imoveis?quartos=2&&pagina=2",
    );
    expect(withoutTrackingParams("/casas")).toBe("/casas");
    // A parameter that only starts like one is the page's own.
    expect(withoutTrackingParams("/todos-os-imoveis?utm=1&fbclidx=2")).toBe(
      "/todos-os-imoveis?utm=1&fbclidx=2",
    );
  });

  it("caches only GET/HEAD of public pages by visitors without a session", () => {
    const get = (path: string, cookie?: string, method = "GET") =>
      isCacheableRequest({ method, path, headers: { cookie } }, SESSION);
    for (const path of [
      "/",
      "/todos-os-imoveis",
      "/casas",
      "/casas/AL-0001",
      "/sobre-nos",
      "/politica-de-privacidade",
    ])
      expect(get(path), path).toBe(true);
    expect(get("/", undefined, "HEAD")).toBe(true);
    expect(get("/", undefined, "POST")).toBe(false);
    expect(get("/casas/AL-0001", undefined, "POST")).toBe(false);
    for (const path of [
      "/admin",
      "/admin/imoveis",
      "/login",
      "/favoritos",
      "/api/cartoes",
      "/casas/AL-0001.data",
      "/_root.data",
      "/sitemap.xml",
    ])
      expect(get(path), path).toBe(false);
    expect(get("/", "sessao=abc")).toBe(false);
    expect(get("/", "outra=1; __Host-sessao=abc")).toBe(false);
    expect(get("/", "preferencia=1")).toBe(true);
  });

  it("never stores a listing's financing simulation: one URL per visitor's numbers (decision 033)", () => {
    const get = (originalUrl: string) =>
      isCacheableRequest(
        { method: "GET", path: originalUrl.split("?")[0]!, originalUrl, headers: {} },
        SESSION,
      );
    expect(get("/casas/AL-0001")).toBe(true);
    expect(get("/casas/AL-0001?simular=1&entrada=100.000&prazo=360&taxa=11%2C5&sistema=sac")).toBe(false);
    expect(get("/casas/AL-0001?utm_source=x&simular=1")).toBe(false);
    expect(get("/casas/AL-0001?simular")).toBe(false);
    // Other pages' query strings are theirs to read.
    expect(get("/casas/AL-0001?utm_source=x")).toBe(true);
    expect(get("/todos-os-imoveis?simular=1")).toBe(true);
  });

  it("never stores a search by dates: what it finds depends on today (decision 040)", () => {
    const get = (originalUrl: string) =>
      isCacheableRequest(
        { method: "GET", path: originalUrl.split("?")[0]!, originalUrl, headers: {} },
        SESSION,
      );
    expect(get("/todos-os-imoveis?finalidade=temporada&cidade=Maragogi")).toBe(true);
    expect(get("/todos-os-imoveis?finalidade=temporada&chegada=2026-12-27&saida=2027-01-03&hospedes=6")).toBe(
      false,
    );
    expect(get("/casas?finalidade=temporada&hospedes=6")).toBe(false);
  });
});

describe("ETag and storage policy", () => {
  it("makes a strong ETag from the version and the bytes, and matches If-None-Match", () => {
    const body = Buffer.from("<html>oi</html>");
    const etag = computeEtag(7, body);
    expect(etag).toMatch(/^"v7-[A-Za-z0-9_-]+"$/);
    expect(computeEtag(8, body)).not.toBe(etag);
    expect(computeEtag(7, Buffer.from("<html>olá</html>"))).not.toBe(etag);
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"x", W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch("*", etag)).toBe(true);
    expect(matchesIfNoneMatch('"outro"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
    // The cache sends its tags weak (compressed copies share them): W/ on either side matches.
    expect(matchesIfNoneMatch(`W/${etag}`, `W/${etag}`)).toBe(true);
    expect(matchesIfNoneMatch(etag, `W/${etag}`)).toBe(true);
    expect(matchesIfNoneMatch('W/"outro"', `W/${etag}`)).toBe(false);
  });

  it("stores 200 HTML, briefly 404s, never cookies, no-store or other statuses", () => {
    const html = (extra: Record<string, string> = {}) =>
      new Headers({ "content-type": "text/html; charset=utf-8", ...extra });
    expect(storagePolicy("/", 200, html())).toEqual({
      ttlMs: Number.POSITIVE_INFINITY,
      cacheControl: PUBLIC_CACHE_CONTROL,
    });
    expect(storagePolicy("/casas/AL-1", 200, html())?.cacheControl).toBe(REVALIDATE_CACHE_CONTROL);
    expect(storagePolicy("/x", 404, html())?.ttlMs).toBe(NOT_FOUND_TTL_MS);
    expect(storagePolicy("/", 200, html({ "set-cookie": "a=b" }))).toBeNull();
    expect(storagePolicy("/", 200, html({ "cache-control": "no-store" }))).toBeNull();
    expect(storagePolicy("/", 200, html({ "cache-control": "private, max-age=0" }))).toBeNull();
    expect(storagePolicy("/", 200, new Headers({ "content-type": "application/json" }))).toBeNull();
    for (const status of [301, 302, 400, 500, 503]) expect(storagePolicy("/", status, html())).toBeNull();
  });
});

describe("createVersionReader", () => {
  it("never answers a caller with a read that started before the call", async () => {
    let value = 1;
    const starts: number[] = [];
    const pending: (() => void)[] = [];
    const reader = createVersionReader(() => {
      const seen = value;
      starts.push(seen);
      return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
    });
    const first = reader(); // starts read #1 (sees 1)
    value = 2; // a write commits while read #1 is in flight
    const second = reader(); // must wait for a new read
    const third = reader(); // joins the same new read
    pending.shift()?.();
    expect(await first).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    pending.shift()?.();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    expect(starts).toEqual([1, 2]);
  });

  it("recovers after a failed read", async () => {
    let fail = true;
    const reader = createVersionReader(async () => {
      if (fail) throw new Error("banco fora");
      return 5;
    });
    await expect(reader()).rejects.toThrow("banco fora");
    fail = false;
    expect(await reader()).toBe(5);
  });
});
