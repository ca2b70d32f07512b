// XML written to the HTTP response as it is produced. xmlbuilder2 builds and serialises every
// element (escaping by context: text, attribute), one item (a listing, a URL) at a time on a
// reused scratch document; the document's skeleton is built once with a marker comment where
// the items go. A ReadableStream pulls the next batch from the database only when the client
// has taken the previous one, so 50 000 listings never sit in memory.
//
// Why not xmlbuilder2's callback builder (createCB): it creates a DOM fragment per call and
// measured ~10 ms per listing here (8+ minutes for 50 000, blocking the event loop for seconds
// per batch). Building on a reused document and serialising each item is ~0.8 ms per listing.
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";

export type XmlNode = XMLBuilder;

// XML 1.0 forbids control characters (a description pasted from Word can carry them) and lone
// surrogates; the serializer would write them as they are and the portal's parser would reject the file.
const INVALID_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlSafe(value: string): string {
  return value.replace(INVALID_XML_CHARS, "");
}

/** `<name attrs>text</name>` under `parent`; nothing when the value is null/undefined/empty. */
export function leaf(
  parent: XmlNode,
  name: string,
  value: string | number | null | undefined,
  attributes?: Record<string, string>,
): void {
  if (value === null || value === undefined || value === "") return;
  parent.ele(name, attributes).txt(xmlSafe(String(value)));
}

const ITEMS_MARKER = "itens";

/**
 * A document skeleton: `build` receives the document and returns the element the items go in.
 * Serialised once and split at a marker comment into what comes before and after the items.
 */
export function xmlSkeleton(build: (doc: XmlNode) => XmlNode): { head: string; tail: string } {
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  build(doc).com(ITEMS_MARKER);
  const text = doc.end({ prettyPrint: false });
  const marker = `<!--${ITEMS_MARKER}-->`;
  const at = text.indexOf(marker);
  if (at < 0 || text.indexOf(marker, at + 1) >= 0)
    throw new Error("xmlSkeleton: marcador ausente ou repetido");
  return { head: text.slice(0, at), tail: text.slice(at + marker.length) };
}

/** Serialises one element at a time on a reused document (creating a document per item is slow). */
export class XmlItemWriter {
  private readonly scratch = create().ele("scratch");

  render(build: (parent: XmlNode) => XmlNode): string {
    const element = build(this.scratch);
    try {
      return element.toString({ prettyPrint: false });
    } finally {
      element.remove();
    }
  }
}

/** How many items are serialised between two turns of the event loop (≈ tens of ms of work). */
const ITEMS_PER_TURN = 50;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A byte stream: the skeleton's head, every rendered item, the tail. If anything fails midway
 * the stream errors and the response ends early: the portal gets a broken file it rejects as a
 * whole, never a well-formed feed that silently lacks listings (which would unpublish them).
 */
export function xmlItemsStream<T>(
  skeleton: { head: string; tail: string },
  batches: AsyncIterable<T[]>,
  render: (writer: XmlItemWriter, item: T) => string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const writer = new XmlItemWriter();
  let iterator: AsyncIterator<T[]> | null = null;
  let pending: T[] = [];
  let state: "head" | "items" | "done" = "head";
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (state === "head") {
          state = "items";
          controller.enqueue(encoder.encode(skeleton.head));
          return;
        }
        if (pending.length === 0) {
          iterator ??= batches[Symbol.asyncIterator]();
          const next = await iterator.next();
          if (next.done) {
            state = "done";
            controller.enqueue(encoder.encode(skeleton.tail));
            controller.close();
            return;
          }
          pending = next.value;
        } else {
          await nextTurn();
        }
        const chunk = pending.splice(0, ITEMS_PER_TURN);
        const text = chunk.map((item) => render(writer, item)).join("");
        if (text) controller.enqueue(encoder.encode(text));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator?.return?.();
    },
  });
}

/** Reads a whole stream as text (tests, and small documents). */
export async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}
