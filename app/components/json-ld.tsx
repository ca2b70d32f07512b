// Structured data for search engines. The JSON comes serialized by serializeJsonLd (once per data
// version, on the server), escaped so nothing inside it can end the <script> element; JSON-LD is
// data, not code, so the CSP nonce does not apply to it.

export function JsonLd({ json }: { json: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes <, >, & and line separators.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
