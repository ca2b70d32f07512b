// For tests: a tree rendered whole the way entry.server.tsx renders pages (React's Bun build,
// onAllReady, the document writer), as text.
import type { ReactNode } from "react";
import { renderToPipeableStream as renderToStringPieces } from "react-dom/server.bun";
import { createDocumentWriter } from "./document-writer.server";

export function renderWhole(node: ReactNode): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToStringPieces(node, {
      onAllReady() {
        pipe(
          createDocumentWriter(
            (page) => resolve(page.toString("utf8")),
            reject,
          ) as unknown as NodeJS.WritableStream,
        );
      },
      onShellError: reject,
    });
  });
}
