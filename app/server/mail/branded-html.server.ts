// The HTML part of the site's e-mails: the same words as the text part, under the agency's logo
// (or its name, without one) and a bar in its colour. Mail programs show the text part when they
// do not show HTML, so the text stays the message and this only dresses it. Everything in it is
// escaped; the only links are the http(s) addresses the text itself holds.

import { escapeHtml } from "../../lib/escape-html";
import type { AgencySettings } from "../db/schema.server";
import { absoluteMediaUrl, type Storage } from "../media/storage.server";
import { brandImageJpeg } from "../settings/brand.server";

export interface MailBrand {
  name: string;
  color: string;
  /** Absolute URL of the logo's JPEG and the size it is drawn at. */
  logo: { url: string; width: number; height: number } | null;
}

/** How tall the logo is drawn at the top of an e-mail (at most 200 px wide). */
const LOGO_HEIGHT = 48;
const LOGO_MAX_WIDTH = 200;

export function mailBrandOf(
  settings: Pick<AgencySettings, "name" | "brandColor" | "logo">,
  publicUrl: string,
  storage?: Pick<Storage, "url">,
): MailBrand {
  // The 320 px JPEG: sharp on dense screens at the drawn size, and JPEG is what every mail program shows.
  const jpeg = storage ? brandImageJpeg(settings.logo, storage, 320) : null;
  let logo: MailBrand["logo"] = null;
  if (jpeg) {
    const width = Math.min(LOGO_MAX_WIDTH, Math.round((LOGO_HEIGHT * jpeg.width) / jpeg.height));
    // A site path on local disk; already absolute from S3 or a CDN (MEDIA_PUBLIC_URL).
    const url = absoluteMediaUrl(jpeg.url, publicUrl);
    logo = { url, width, height: Math.round((width * jpeg.height) / jpeg.width) };
  }
  return { name: settings.name, color: settings.brandColor, logo };
}

/** One paragraph: escaped, line breaks kept, http(s) addresses made links. */
function paragraph(text: string): string {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  const html = parts
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("")
    .replace(/\n/g, "<br>");
  return `<p style="margin:0 0 16px">${html}</p>`;
}

export function brandedHtml(brand: MailBrand, subject: string, text: string): string {
  const header = brand.logo
    ? `<img src="${escapeHtml(brand.logo.url)}" alt="${escapeHtml(brand.name)}" width="${brand.logo.width}" height="${brand.logo.height}" style="display:block;border:0">`
    : `<strong style="font-size:20px;color:${brand.color}">${escapeHtml(brand.name)}</strong>`;
  const body = text
    .split(/\n{2,}/)
    .filter((block) => block.trim() !== "")
    .map(paragraph)
    .join("\n");
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f7f8fa;font-family:Arial,Helvetica,sans-serif;color:#1c2430;font-size:16px;line-height:1.5">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-top:6px solid ${brand.color}">
<div style="padding:20px 24px 8px">${header}</div>
<div style="padding:8px 24px 16px">
${body}
</div>
</div>
</body></html>`;
}
