import { describe, expect, it } from "vitest";
import { leaf, streamToString, xmlItemsStream, xmlSafe, xmlSkeleton } from "./xml-stream.server";
import { childElements, parseXml } from "./xml-test-utils.server";

describe("xml stream", () => {
  it("drops characters XML 1.0 forbids and keeps the rest", () => {
    expect(xmlSafe("a\u0000b\u0008c\td\ne\uFFFEf 😀")).toBe("abc\td\nef 😀");
  });

  it("splits a skeleton at the items and escapes text and attributes by context", async () => {
    const skeleton = xmlSkeleton((doc) => doc.ele("urn:teste", "Raiz").ele("Itens"));
    expect(skeleton.head).toBe('<?xml version="1.0" encoding="UTF-8"?><Raiz xmlns="urn:teste"><Itens>');
    expect(skeleton.tail).toBe("</Itens></Raiz>");
    async function* batches() {
      yield ['a & b <c> "d"', "]]> e"];
      yield ["f"];
    }
    const text = await streamToString(
      xmlItemsStream(skeleton, batches(), (writer, value) =>
        writer.render((parent) => {
          const item = parent.ele("Item", { valor: value });
          leaf(item, "Texto", value);
          leaf(item, "Vazio", "");
          return item;
        }),
      ),
    );
    const root = parseXml(text);
    expect(root.namespaceURI).toBe("urn:teste");
    const items = childElements(childElements(root, "Itens")[0]!, "Item");
    expect(items.map((i) => i.getAttribute("valor"))).toEqual(['a & b <c> "d"', "]]> e", "f"]);
    expect(items.map((i) => i.textContent)).toEqual(['a & b <c> "d"', "]]> e", "f"]);
    expect(items.every((i) => i.namespaceURI === "urn:teste")).toBe(true);
    expect(text).not.toContain("<Vazio");
  });

  it("stops reading the database when the client goes away", async () => {
    let closed = false;
    async function* batches() {
      try {
        for (let i = 0; ; i++) yield [String(i)];
      } finally {
        closed = true;
      }
    }
    const stream = xmlItemsStream({ head: "<R>", tail: "</R>" }, batches(), (writer, v) =>
      writer.render((parent) => parent.ele("I").txt(v)),
    );
    const reader = stream.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("<R>");
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("<I>0</I>");
    await reader.cancel();
    expect(closed).toBe(true);
  });
});
