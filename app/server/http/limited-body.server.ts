// A request body counted as it streams, so an upload is never buffered past its limit whatever
// its Content-Length says (the photo upload, app/server/properties/upload.server.ts, and the
// settings form with the logo and the hero photo, app/server/settings/settings-form.server.ts).

/**
 * Pass the body through until `limit` bytes; past it, keep reading but drop the bytes (so the
 * client, still sending, gets our 413 instead of a reset) and fail with `tooLarge()` at the end.
 * A body that goes on past `drainLimit` is cut off outright.
 */
export function limitStream(
  body: ReadableStream<Uint8Array>,
  limit: number,
  drainLimit: number,
  tooLarge: () => Error,
): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > drainLimit) controller.error(tooLarge());
        else if (seen <= limit) controller.enqueue(chunk);
      },
      flush(controller) {
        if (seen > limit) controller.error(tooLarge());
      },
    }),
  );
}
