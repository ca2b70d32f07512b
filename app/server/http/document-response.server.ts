// A rendered document as a fetch Response whose bytes our Express glue can send as they are.
//
// React Router's entry returns a fetch Response, and turning a 100 KB buffer into one cost more
// than it should: undici copies a buffer body (~160 µs for a listing page, most of it fresh
// memory) and the adapter then read it back through a web stream, chunk by chunk. The body here
// is a stream that hands over the same buffer when read, for any consumer; our glue asks for the
// buffer itself (documentBody) and writes it to the socket in one go.

const bodies = new WeakMap<Response, Buffer>();

export function documentResponse(body: Buffer, init: ResponseInit): Response {
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  const response = new Response(stream, init);
  bodies.set(response, body);
  return response;
}

/** The whole body of a documentResponse not yet read as a stream; undefined for any other. */
export function documentBody(response: Response): Buffer | undefined {
  return response.bodyUsed ? undefined : bodies.get(response);
}
