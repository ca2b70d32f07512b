// /sitemap.xml and /robots.txt. Up to LISTINGS_PER_SITEMAP published listings the sitemap is one
// <urlset>; past that, /sitemap.xml becomes a <sitemapindex> of /sitemaps/paginas.xml and
// /sitemaps/imoveis-N.xml (the protocol's limits are 50 000 URLs and 50 MB per file, and
// a listing with its image entries weighs a few kB).
import { and, asc, count, eq, max, notInArray } from "drizzle-orm";
import { searchHref } from "../../lib/search-params";
import type { Db } from "../db/client.server";
import { agencySettings, properties } from "../db/schema.server";
import type { Storage } from "../media/storage.server";
import { absoluteMediaUrl } from "../media/storage.server";
import { placeSpellings } from "../properties/place-spellings.server";
import { listingPageUrl } from "./context.server";
import {
  type BatchOptions,
  type ListingWithPhotos,
  listingBatches,
  publishedOnly,
} from "./listing-source.server";
import { portalJpeg } from "./mapping.server";
import { leaf, type XmlItemWriter, type XmlNode, xmlItemsStream, xmlSkeleton } from "./xml-stream.server";

export const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const IMAGE_NAMESPACE = "http://www.google.com/schemas/sitemap-image/1.1";
export const LISTINGS_PER_SITEMAP = 10_000;
/** Google reads at most 1 000 images per page. */
const MAX_IMAGES_PER_URL = 1000;

export const STATIC_PAGES = [
  "/",
  "/todos-os-imoveis",
  "/casas",
  "/sobre-nos",
  "/anuncie-seu-imovel",
  "/politica-de-privacidade",
] as const;

const AGENCY_PAGES = new Set<string>(["/sobre-nos", "/anuncie-seu-imovel", "/politica-de-privacidade"]);

export interface SitemapContext {
  publicUrl: string;
  storage: Pick<Storage, "url">;
}

/** W3C datetime without milliseconds. */
const lastmod = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

// Items are serialised on their own (see xml-stream): the image: prefix is written literally and
// resolves against the xmlns:image declared on <urlset>.
function buildUrl(parent: XmlNode, loc: string, modified: Date | null, images: string[] = []): XmlNode {
  const url = parent.ele("url");
  leaf(url, "loc", loc);
  if (modified) leaf(url, "lastmod", lastmod(modified));
  for (const image of images.slice(0, MAX_IMAGES_PER_URL)) leaf(url.ele("image:image"), "image:loc", image);
  return url;
}

function buildListing(
  parent: XmlNode,
  { listing, photos }: ListingWithPhotos,
  context: SitemapContext,
): XmlNode {
  const images = photos.flatMap((photo) => {
    const jpeg = portalJpeg(photo.variants);
    return jpeg ? [absoluteMediaUrl(context.storage.url(jpeg.key), context.publicUrl)] : [];
  });
  return buildUrl(parent, listingPageUrl(listing.referencia, context.publicUrl), listing.updatedAt, images);
}

const URLSET = xmlSkeleton((doc) =>
  doc.ele(SITEMAP_NAMESPACE, "urlset").att("http://www.w3.org/2000/xmlns/", "xmlns:image", IMAGE_NAMESPACE),
);

interface PagesInfo {
  newest: Date | null;
  settingsUpdated: Date | null;
  cities: string[];
}

async function pagesInfo(db: Db): Promise<PagesInfo> {
  const [newest] = await db
    .select({ value: max(properties.updatedAt) })
    .from(properties)
    .where(publishedOnly);
  const [settings] = await db
    .select({ value: agencySettings.updatedAt })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1));
  // City pages only where something is on offer: an empty result page is noindex anyway.
  const cities = await db
    .selectDistinct({ cidade: properties.cidade })
    .from(properties)
    .where(and(publishedOnly, notInArray(properties.status, ["vendido", "alugado"])))
    .orderBy(asc(properties.cidade));
  // One address per city however its listings spell it: the search's own (place-spellings.server.ts).
  const spell = await placeSpellings(db);
  return {
    newest: newest?.value ?? null,
    settingsUpdated: settings?.value ?? null,
    cities: [...new Set(cities.map((c) => spell.cidade(c.cidade)))],
  };
}

/** The public pages as sitemap entries (loc and lastmod). */
function pageEntries(info: PagesInfo, context: SitemapContext): { loc: string; modified: Date | null }[] {
  return [
    ...STATIC_PAGES.map((path) => ({
      loc: `${context.publicUrl}${path}`,
      // Pages of the agency's own text change with its settings; the others with the listings.
      modified: AGENCY_PAGES.has(path) ? info.settingsUpdated : info.newest,
    })),
    ...info.cities.map((cidade) => ({
      loc: `${context.publicUrl}${searchHref("/todos-os-imoveis", { cidade })}`,
      modified: info.newest,
    })),
  ];
}

type Entry =
  | { kind: "page"; loc: string; modified: Date | null }
  | { kind: "listing"; item: ListingWithPhotos };

function renderEntry(context: SitemapContext) {
  return (writer: XmlItemWriter, entry: Entry) =>
    writer.render((parent) =>
      entry.kind === "page"
        ? buildUrl(parent, entry.loc, entry.modified)
        : buildListing(parent, entry.item, context),
    );
}

async function* pagesThenListings(
  db: Db,
  context: SitemapContext,
  options: { pages: boolean; listings: BatchOptions | null },
): AsyncGenerator<Entry[]> {
  if (options.pages) {
    yield pageEntries(await pagesInfo(db), context).map((page) => ({ kind: "page" as const, ...page }));
  }
  if (!options.listings) return;
  for await (const batch of listingBatches(db, publishedOnly, options.listings)) {
    yield batch.map((item) => ({ kind: "listing" as const, item }));
  }
}

export async function countPublished(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(properties).where(publishedOnly);
  return row?.value ?? 0;
}

/** The first listing id of sitemap file `page` minus one (keyset start); OFFSET runs once per file. */
async function idBeforePage(db: Db, page: number): Promise<number | null> {
  if (page === 1) return 0;
  const [previous] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(publishedOnly)
    .orderBy(asc(properties.id))
    .offset((page - 1) * LISTINGS_PER_SITEMAP - 1)
    .limit(1);
  return previous?.id ?? null;
}

async function sitemapIndex(db: Db, context: SitemapContext, total: number): Promise<string> {
  const info = await pagesInfo(db);
  const files = Math.ceil(total / LISTINGS_PER_SITEMAP);
  const { head, tail } = xmlSkeleton((doc) => {
    const index = doc.ele(SITEMAP_NAMESPACE, "sitemapindex");
    const pages = index.ele("sitemap");
    leaf(pages, "loc", `${context.publicUrl}/sitemaps/paginas.xml`);
    if (info.newest) leaf(pages, "lastmod", lastmod(info.newest));
    for (let n = 1; n <= files; n++)
      leaf(index.ele("sitemap"), "loc", `${context.publicUrl}/sitemaps/imoveis-${n}.xml`);
    return index;
  });
  return head + tail;
}

export type SitemapFile = { kind: "paginas" } | { kind: "imoveis"; page: number };

/** "paginas.xml" | "imoveis-3.xml" → which file; null for anything else. */
export function parseSitemapFile(name: string): SitemapFile | null {
  if (name === "paginas.xml") return { kind: "paginas" };
  const match = /^imoveis-([1-9]\d{0,4})\.xml$/.exec(name);
  return match ? { kind: "imoveis", page: Number(match[1]) } : null;
}

export const SITEMAP_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
};

/** /sitemap.xml: the whole sitemap, or an index when there are too many listings for one file. */
export async function sitemapStream(db: Db, context: SitemapContext): Promise<ReadableStream<Uint8Array>> {
  const total = await countPublished(db);
  if (total > LISTINGS_PER_SITEMAP) {
    const text = await sitemapIndex(db, context, total);
    return new Response(text).body as ReadableStream<Uint8Array>;
  }
  return xmlItemsStream(
    URLSET,
    pagesThenListings(db, context, { pages: true, listings: {} }),
    renderEntry(context),
  );
}

/** /sitemaps/{file}: one part of the index; null when the file does not exist. */
export async function sitemapPartStream(
  db: Db,
  context: SitemapContext,
  file: SitemapFile,
): Promise<ReadableStream<Uint8Array> | null> {
  if (file.kind === "paginas") {
    return xmlItemsStream(
      URLSET,
      pagesThenListings(db, context, { pages: true, listings: null }),
      renderEntry(context),
    );
  }
  const afterId = await idBeforePage(db, file.page);
  if (afterId === null) return null;
  const listings = { afterId, max: LISTINGS_PER_SITEMAP };
  return xmlItemsStream(
    URLSET,
    pagesThenListings(db, context, { pages: false, listings }),
    renderEntry(context),
  );
}

/**
 * Paths crawlers have no business in. Open on purpose: /og/ (Twitterbot obeys robots.txt for
 * card images) and /feeds/ (a portal's robot that obeys robots.txt must still fetch its feed;
 * the feeds answer X-Robots-Tag: noindex, which a search engine only sees if it may fetch them).
 * A listing's financing simulations (?simular=1…) are the visitor's own numbers, one URL per
 * try: crawlers that read wildcards (Google, Bing) skip them (decision 033); so are a temporada
 * listing's quotes (?estadia=1…, decision 037), and a search's dates (?…chegada=…, decision 040:
 * canonical to the search without them). The search's map view and its areas and circles
 * (decision 036) are the same listings as the list, one URL per pan: skipped too.
 */
export const ROBOTS_DISALLOW = [
  "/admin",
  "/login",
  "/api",
  "/sair",
  "/recuperar-senha",
  "/redefinir-senha",
  "/*?*simular=",
  "/*?*estadia=",
  "/*?*chegada=",
  "/*?*saida=",
  "/*?*hospedes=",
  "/*?*mapa=",
  "/*?*regiao=",
  "/*?*centro=",
] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
