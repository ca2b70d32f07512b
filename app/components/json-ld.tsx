// Structured data for search engines. The JSON is escaped so nothing inside it can end the
// <script> element; JSON-LD is data, not code, so the CSP nonce does not apply to it.
import { serializeJsonLd } from "../lib/structured-data";

export function JsonLd({ data }: { data: unknown }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes <, >, & and line separators.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
