// The public-page HTML cache. A rendered page is stored under (data version, host, URL without
// tracking parameters: withoutTrackingParams); every
// write a visitor could see bumps the data version in the database (data-version.server.ts),
// and the version is read from the database on every request, so a page is never served from
// an older version than the last committed write — on one instance or on several sharing one
// PostgreSQL. Entries of an older version are dropped as soon as a newer version is seen.
// Memory is bounded by an LRU on bytes.
import { createHash } from "node:crypto";
import { isSimulationQuery } from "../../lib/financing-fields";
import { isStayQuery } from "../../lib/rental-form";
import { STAY_SEARCH_KEYS } from "../../lib/search-keys";

export interface CachedPage {
  status: number;
  /** Response headers as sent (Content-Type, Cache-Control, the page's own CSP, …). */
  headers: [string, string][];
  body: Buffer;
  /** The body compressed once per encoding, when a client first asks for it. */
  encoded?: Partial<Record<"br" | "gzip", Buffer>>;
  etag: string;
  /** The data version the page was rendered from. */
  version: number;
  /** Absolute time (ms) after which the entry is ignored; Infinity for 200s. */
  expiresAt: number;
}

export interface PageCacheOptions {
  /** Upper bound of stored bytes (bodies, headers and keys). Default 50 MB. */
  maxBytes?: number;
  now?: () => number;
}

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
/** Not-found pages are cached briefly: a scan of random URLs must not fill the cache. */
export const NOT_FOUND_TTL_MS = 30_000;

/** What a browser or CDN may do with a cached public page (never stale on this server). */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/**
 * Listing pages count views in their loader, so a shared cache must ask us every time
 * (a cheap 304 when nothing changed) — the cache hit counts the view instead.
 */
export const REVALIDATE_CACHE_CONTROL = "public, no-cache";
export const NOT_FOUND_CACHE_CONTROL = "public, max-age=0, s-maxage=30";

function entrySize(key: string, page: CachedPage): number {
  let size = key.length * 2 + page.body.byteLength + page.etag.length * 2 + 64;
  // The compressed copies (about a fifth of the body each) are counted ahead: they come later.
  size += Math.ceil(page.body.byteLength / 2);
  for (const [name, value] of page.headers) size += (name.length + value.length) * 2;
  return size;
}

export class PageCache {
  readonly maxBytes: number;
  #bytes = 0;
  #version = -1;
  #now: () => number;
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the LRU one.
  #entries = new Map<string, { page: CachedPage; size: number }>();

  constructor(options: PageCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.#now = options.now ?? Date.now;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Tell the cache the current data version: entries of older versions are dropped. */
  observeVersion(version: number): void {
    if (version === this.#version) return;
    if (version > this.#version) {
      for (const [key, { page }] of this.#entries) if (page.version < version) this.delete(key);
    }
    this.#version = Math.max(this.#version, version);
  }

  get(key: string): CachedPage | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (hit.page.expiresAt <= this.#now()) {
      this.delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit.page;
  }

  set(key: string, page: CachedPage): void {
    // A render that started before a write finished after it: never store the older page.
    if (page.version < this.#version) return;
    this.delete(key);
    const size = entrySize(key, page);
    if (size > this.maxBytes / 4) return; // one huge page must not flush everything else
    this.#entries.set(key, { page, size });
    this.#bytes += size;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}

/** Public pages whose HTML depends only on the URL and the data (not on who asks). */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/todos-os-imoveis\/?$/,
  /^\/casas\/?$/,
  /^\/casas\/[^/]+\/?$/,
  /^\/sobre-nos\/?$/,
  /^\/politica-de-privacidade\/?$/,
];

/** /casas/:referencia — the page whose loader counts a view. */
export function isListingPath(pathname: string): boolean {
  return /^\/casas\/[^/]+\/?$/.test(pathname);
}

export function isCacheablePath(pathname: string): boolean {
  // `.data` URLs are client-side navigations (single fetch), not documents.
  if (pathname.endsWith(".data")) return false;
  return CACHEABLE_PATHS.some((pattern) => pattern.test(pathname));
}

/** Cookie names whose presence makes the page personal (the signed-in header, …). */
export function hasCookie(cookieHeader: string | undefined, names: readonly string[]): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const name = part.slice(0, part.indexOf("=")).trim();
    if (names.includes(name)) return true;
  }
  return false;
}

export interface CacheableRequest {
  method: string;
  path: string;
  /** The path with its query string, as asked (Express's req.originalUrl). */
  originalUrl?: string;
  headers: { cookie?: string | undefined };
}

/**
 * A listing's financing simulation sent without JavaScript (?simular=1&entrada=…): each visitor's
 * numbers make another URL, so storing them would let a crawler fill the cache with pages no one
 * asks for twice. It is rendered per request from the listing's memoized data (decision 033).
 */
function isSimulation(request: CacheableRequest): boolean {
  const url = request.originalUrl ?? "";
  const query = url.indexOf("?");
  if (query < 0 || !isListingPath(request.path)) return false;
  // A temporada stay's quote (?estadia=1&chegada=…) is the same case (decision 037).
  return isSimulationQuery(url.slice(query)) || isStayQuery(url.slice(query));
}

/**
 * A search by dates (?…&chegada=…&saida=…&hospedes=…, decision 040): what it finds depends on
 * today (no check-in before it), which a stored page would keep past midnight; and each visitor's
 * dates make another URL. Rendered per request (its search is memoized per URL, day and version).
 */
function isStaySearch(request: CacheableRequest): boolean {
  const url = request.originalUrl ?? "";
  const query = url.indexOf("?");
  if (query < 0) return false;
  const params = new URLSearchParams(url.slice(query));
  return STAY_SEARCH_KEYS.some((key) => params.has(key));
}

/** GET/HEAD of a public page by someone without a session. */
export function isCacheableRequest(request: CacheableRequest, sessionCookies: readonly string[]): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (!isCacheablePath(request.path) || isSimulation(request) || isStaySearch(request)) return false;
  return !hasCookie(request.headers.cookie, sessionCookies);
}

export function cacheKey(version: number, host: string, url: string): string {
  return `${version}|${host}|${url}`;
}

/**
 * Parameters that ad networks and campaigns add to a link: Facebook and Instagram put a new
 * `fbclid` on every click, Google adds `gclid` to ads and `srsltid` to some search results, and a
 * campaign's `utm_*` marks a WhatsApp broadcast or a bio link. No page reads them.
 */
const TRACKING_PARAM =
  /^(?:utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|srsltid|igshid|ttclid|twclid|mc_cid|mc_eid)$/i;

/**
 * The address a public page is rendered and stored under: `url` without the tracking parameters
 * above, the rest of the query untouched (in order and encoding, so the address without them is
 * the same key). Each click from Facebook would otherwise be another uncached render.
 */
export function withoutTrackingParams(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const pairs = url.slice(queryAt + 1).split("&");
  const kept = pairs.filter((pair) => !TRACKING_PARAM.test(pair.split("=", 1)[0]!));
  if (kept.length === pairs.length) return url;
  const query = kept.filter((pair) => pair !== "").join("&");
  return query ? `${url.slice(0, queryAt)}?${query}` : url.slice(0, queryAt);
}

/** The version plus a hash of the exact bytes stored (sent weak: compressed copies share it). */
export function computeEtag(version: number, body: Buffer): string {
  const hash = createHash("sha1").update(body).digest("base64url").slice(0, 22);
  return `"v${version.toString(36)}-${hash}"`;
}

/** RFC 9110 weak comparison for If-None-Match ("*" or a list of possibly weak tags). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/**
 * Decide whether a rendered response may be stored, and for how long.
 * Never: anything setting a cookie, asking for no-store/private, or not HTML; non-200s except 404.
 */
export function storagePolicy(
  pathname: string,
  status: number,
  headers: Headers,
): { ttlMs: number; cacheControl: string } | null {
  if (headers.has("set-cookie")) return null;
  if (/no-store|private/i.test(headers.get("cache-control") ?? "")) return null;
  if (!/^text\/html/i.test(headers.get("content-type") ?? "")) return null;
  if (status === 200) {
    const cacheControl = isListingPath(pathname) ? REVALIDATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL;
    return { ttlMs: Number.POSITIVE_INFINITY, cacheControl };
  }
  if (status === 404) return { ttlMs: NOT_FOUND_TTL_MS, cacheControl: NOT_FOUND_CACHE_CONTROL };
  return null;
}

/**
 * Reads the data version with coalescing: a request joins the next read to start, never one
 * already in flight (which may have started before a write this request must see). Under load
 * this is one database round trip per batch of requests instead of one per request.
 */
export function createVersionReader(read: () => Promise<number>): () => Promise<number> {
  let inFlight: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const start = (): Promise<number> => {
    const current = read();
    inFlight = current;
    const settle = () => {
      if (inFlight === current) inFlight = null;
    };
    current.then(settle, settle);
    return current;
  };
  return () => {
    if (!inFlight) return start();
    if (!next) {
      const after = () => {
        next = null;
        return start();
      };
      next = inFlight.then(after, after);
    }
    return next;
  };
}
