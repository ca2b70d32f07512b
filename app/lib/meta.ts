// One builder for every page's <head> tags: title "{page} | {agency}",
// description, keywords, Open Graph, Twitter card and canonical — all rendered by the server
// through React Router `meta` exports, so WhatsApp/Facebook/Google read them without JavaScript.
//
// Usage in a route module (React Router renders only the deepest route's `meta`, so each page
// returns the whole set and nothing from the previous page survives a client navigation):
//
//   import { pageMeta } from "../../lib/meta";
//   export const meta: Route.MetaFunction = (args) =>
//     pageMeta(args, { title: "Sobre nós", description: "…" });
//
// `pageMeta` takes the agency name and public URL from the root loader data
// (`matches.find((m) => m?.id === "root")?.loaderData`) and the path from `location`.
// When you need more control, call `buildMeta(input, siteFromMatches(args.matches))`.
import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Imóveis em Alagoas";
export const DEFAULT_DESCRIPTION =
  "Encontre os melhores imóveis em Alagoas: apartamentos, casas e terrenos para compra e aluguel.";
export const DEFAULT_KEYWORDS = "imóveis, aluguel, venda, apartamentos, casas";
export const DEFAULT_OG_IMAGE = "/og-image.jpg";
export const DEFAULT_OG_IMAGE_ALT = "Imóveis em Alagoas: apartamentos, casas e terrenos";
/** Size of the shipped /og-image.jpg (the 1.91:1 ratio WhatsApp and Facebook expect). */
export const DEFAULT_OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const DEFAULT_TYPE = "website";

export interface MetaInput {
  /** The page title, without the agency name: "Sobre nós". */
  title: string;
  description?: string;
  keywords?: string;
  /** Absolute URL or a site path ("/media/…"); default /og-image.jpg. */
  image?: string;
  imageAlt?: string;
  imageWidth?: number;
  imageHeight?: number;
  /** Path (with query string when it matters) of this page, for og:url. */
  path: string;
  /** Path for <link rel="canonical">; defaults to `path`. */
  canonicalPath?: string;
  /** og:type; default "website" (e.g. "article" is not needed for listings). */
  type?: string;
  /** Adds robots "noindex, follow" (404s, favourites, search variants you don't want indexed). */
  noindex?: boolean;
}

export interface SiteInfo {
  agencyName: string;
  /** Origin without a trailing slash: "https://www.exemplo.com.br". */
  publicUrl: string;
}

/** Joins a site path to the public URL; leaves absolute URLs alone. */
export function absoluteUrl(pathOrUrl: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = publicUrl.replace(/\/+$/, "");
  return `${base}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** "{page title} | {agency name}" (the page title alone is never empty). */
export function formatTitle(title: string, agencyName: string): string {
  const page = title.trim();
  return page ? `${page} | ${agencyName}` : agencyName;
}

export function buildMeta(input: MetaInput, site: SiteInfo): MetaDescriptor[] {
  const title = formatTitle(input.title, site.agencyName);
  const description = input.description?.trim() || DEFAULT_DESCRIPTION;
  const keywords = input.keywords?.trim() || DEFAULT_KEYWORDS;
  const usingDefaultImage = !input.image;
  const image = absoluteUrl(input.image || DEFAULT_OG_IMAGE, site.publicUrl);
  const imageAlt = input.imageAlt?.trim() || (usingDefaultImage ? DEFAULT_OG_IMAGE_ALT : input.title);
  const width = input.imageWidth ?? (usingDefaultImage ? DEFAULT_OG_IMAGE_SIZE.width : undefined);
  const height = input.imageHeight ?? (usingDefaultImage ? DEFAULT_OG_IMAGE_SIZE.height : undefined);
  const url = absoluteUrl(input.path, site.publicUrl);
  const canonical = absoluteUrl(input.canonicalPath ?? input.path, site.publicUrl);

  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: keywords },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  tags.push(
    { property: "og:site_name", content: site.agencyName },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:type", content: input.type ?? DEFAULT_TYPE },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
  );
  if (width && height) {
    tags.push(
      { property: "og:image:width", content: String(width) },
      { property: "og:image:height", content: String(height) },
    );
  }
  tags.push(
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { tagName: "link", rel: "canonical", href: canonical },
  );
  return tags;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** Agency name and public URL from the root loader's data (falls back to the site defaults). */
export function siteFromMatches(matches: ReadonlyArray<MatchLike>): SiteInfo {
  const data = matches.find((m) => m?.id === "root")?.loaderData as
    | { agency?: { name?: string }; publicUrl?: string }
    | undefined;
  return {
    agencyName: data?.agency?.name || SITE_NAME,
    publicUrl: data?.publicUrl || "",
  };
}

/**
 * `buildMeta` for a route's `meta` export: site info from the root match, path from `location`.
 * The default path leaves the query out: a link shared with ?fbclid= or ?utm_source= is the same
 * page, canonical and og:url without them; a page whose query matters passes its own `path`.
 */
export function pageMeta(
  args: { matches: ReadonlyArray<MatchLike>; location: { pathname: string } },
  input: Omit<MetaInput, "path"> & { path?: string },
): MetaDescriptor[] {
  const path = input.path ?? args.location.pathname;
  return buildMeta({ ...input, path }, siteFromMatches(args.matches));
}
