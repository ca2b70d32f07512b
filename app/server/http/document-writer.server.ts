// Where React writes a finished document (entry.server.tsx): the renderer's string pieces,
// UTF-8 encoded as they come into one buffer that every render reuses.
//
// Why not a Node Writable: React's Node build encodes each piece (a "<", a tag name, an
// attribute) with TextEncoder.encodeInto into 4 KiB views, one native call per piece, and a
// listing page has ~6 000 pieces; joining the pieces as strings and encoding the result
// allocates a 190 KB two-byte string (one "…" in the text makes the whole page two-byte). Here
// short ASCII pieces are copied byte by byte in JavaScript and only the rest goes through
// Buffer#write (decision 010, "The document's bytes").

/** Pieces shorter than this are copied in JavaScript; longer ones by Buffer#write. */
const SHORT_PIECE = 64;
const INITIAL_BYTES = 256 * 1024;

/**
 * The buffer a document is written into, kept between renders: pipe() writes a ready document
 * synchronously, so one render at a time holds it (another that finds it taken gets its own).
 */
let spare: Buffer | undefined;

/** What React's renderToPipeableStream uses of its destination. */
export interface DocumentWriter {
  write(chunk: string): boolean;
  end(): void;
  on(event: string, listener: (...args: unknown[]) => void): DocumentWriter;
  destroy(error?: unknown): void;
}

/**
 * A destination for React's string-writing renderer (react-dom/server.bun). `done` gets the
 * document's bytes as a view of the shared buffer, valid only during the call: copy what you keep.
 * `fail` gets a fatal render error, or what `done` threw.
 */
export function createDocumentWriter(
  done: (page: Buffer) => void,
  fail: (error: unknown) => void,
): DocumentWriter {
  let bytes = spare ?? Buffer.allocUnsafeSlow(INITIAL_BYTES);
  spare = undefined;
  let length = 0;

  const writer: DocumentWriter = {
    write(chunk) {
      const pieceLength = chunk.length;
      // A UTF-16 unit takes at most 3 bytes in UTF-8.
      if (bytes.length - length < pieceLength * 3) {
        const grown = Buffer.allocUnsafeSlow(Math.max(bytes.length * 2, length + pieceLength * 3));
        bytes.copy(grown, 0, 0, length);
        bytes = grown;
      }
      if (pieceLength >= SHORT_PIECE) {
        length += bytes.write(chunk, length, "utf8");
        return true;
      }
      for (let i = 0; i < pieceLength; i++) {
        const code = chunk.charCodeAt(i);
        if (code >= 0x80) {
          length += bytes.write(chunk.slice(i), length, "utf8");
          return true;
        }
        bytes[length++] = code;
      }
      return true; // no backpressure: the document stays in memory
    },
    end() {
      try {
        done(bytes.subarray(0, length));
      } catch (error) {
        fail(error);
      } finally {
        spare = bytes;
      }
    },
    on() {
      return writer;
    },
    destroy(error) {
      spare = bytes;
      fail(error);
    },
  };
  return writer;
}
