import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { serializeJsonLd } from "../lib/structured-data";
import { JsonLd } from "./json-ld";

describe("<JsonLd>", () => {
  it("renders serialized data as one application/ld+json script that parses back to the data", () => {
    const data = { "@type": "RealEstateAgent", name: "Maré </script><b>Alta</b> & cia" };
    const html = renderToStaticMarkup(createElement(JsonLd, { json: serializeJsonLd(data) }));
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.slice(html.indexOf(">") + 1, html.lastIndexOf("</script>"));
    expect(JSON.parse(json)).toEqual(data);
  });
});
