import { PassThrough } from "node:stream";
import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server.node";
import { describe, expect, it } from "vitest";
import { createDocumentWriter } from "./document-writer.server";
import { renderWhole } from "./render-whole.test-support";

/** Writes `pieces` and returns a copy of what `done` received. */
function writeAll(pieces: string[]): Buffer {
  let result: Buffer | undefined;
  const writer = createDocumentWriter(
    (page) => {
      result = Buffer.from(page);
    },
    (error) => {
      throw error;
    },
  );
  for (const piece of pieces) expect(writer.write(piece)).toBe(true);
  writer.end();
  if (!result) throw new Error("done was not called");
  return result;
}

describe("createDocumentWriter", () => {
  it("encodes ASCII, accents, symbols, emoji and lone surrogates as UTF-8", () => {
    const pieces = [
      "<p",
      ' class="preço"',
      ">",
      "Maceió – Pajuçara… ✓ 🏖️",
      `${"x".repeat(70)}ã`,
      "\ud800 sozinho",
      "",
      "</p>",
    ];
    expect(writeAll(pieces).equals(Buffer.from(pieces.join("")))).toBe(true);
  });

  it("grows past its first buffer, and the next document starts clean", () => {
    const big = Array.from({ length: 5000 }, (_, i) => `<li data-i="${i}">Imóvel número ${i}</li>`);
    expect(writeAll(big).equals(Buffer.from(big.join("")))).toBe(true);
    expect(writeAll(["<p>oi</p>"]).toString()).toBe("<p>oi</p>");
  });

  it("reports what `done` throws, and a renderer's fatal error", () => {
    const failures: unknown[] = [];
    const writer = createDocumentWriter(
      () => {
        throw new Error("falhou ao terminar");
      },
      (error) => failures.push(error),
    );
    writer.write("<p>");
    writer.end();
    createDocumentWriter(
      () => {},
      (error) => failures.push(error),
    ).destroy(new Error("abortado"));
    expect(failures.map((e) => (e as Error).message)).toEqual(["falhou ao terminar", "abortado"]);
  });
});

// entry.server.tsx relies on React's Bun build writing the same document as its Node build.
describe("react-dom/server.bun with the document writer", () => {
  const later = Promise.resolve("Depois: Arapiraca");
  const REFERENCIAS = Array.from({ length: 300 }, (_, i) => `AL${i}`);
  function Later() {
    return <p>{use(later)}</p>;
  }
  function Page() {
    return (
      <html lang="pt-BR">
        <head>
          <title>Casa à venda em Maceió – 3 quartos</title>
        </head>
        <body>
          <h1 className="titulo">R$ 850.000 · Ponta Verde ✓</h1>
          <input type="checkbox" defaultChecked aria-label="Aceito" />
          <img src="/a.avif" alt="Fachada" fetchPriority="high" />
          <Suspense fallback={<p>Carregando…</p>}>
            <Later />
          </Suspense>
          {REFERENCIAS.map((referencia) => (
            <a key={referencia} href={`/casas/${referencia}`}>
              {`Imóvel ${referencia} — São Miguel dos Milagres`}
            </a>
          ))}
        </body>
      </html>
    );
  }

  const viaNode = () =>
    new Promise<string>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(<Page />, {
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          pipe(sink);
        },
        onShellError: reject,
      });
    });

  const viaBun = () => renderWhole(<Page />);

  it("writes the same bytes as react-dom/server's Node build", async () => {
    const [node, bun] = [await viaNode(), await viaBun()];
    expect(bun).toContain("Depois: Arapiraca");
    expect(bun).toContain("Imóvel AL299 — São Miguel dos Milagres");
    expect(bun === node).toBe(true);
  });
});
