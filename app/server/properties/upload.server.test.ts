import { describe, expect, it } from "vitest";
import { PhotoRequestError } from "./errors.server";
import { readPhotoUpload } from "./upload.server";

function multipart(
  parts: { name: string; file?: { name: string; data: Uint8Array<ArrayBuffer> }; value?: string }[],
) {
  const form = new FormData();
  for (const part of parts) {
    if (part.file) form.append(part.name, new Blob([part.file.data]), part.file.name);
    else form.append(part.name, part.value ?? "");
  }
  return form;
}

function request(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/admin/imoveis/1/fotos", { method: "POST", body, headers });
}

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (e: unknown) => e,
  );
}

describe("readPhotoUpload", () => {
  it("reads one file and its alt text", async () => {
    const data = new Uint8Array([1, 2, 3, 4]);
    const upload = await readPhotoUpload(
      request(
        multipart([
          { name: "foto", file: { name: "sala.jpg", data } },
          { name: "altText", value: "Sala" },
        ]),
      ),
    );
    expect([...upload.data]).toEqual([1, 2, 3, 4]);
    expect(upload.fileName).toBe("sala.jpg");
    expect(upload.altText).toBe("Sala");
  });

  it("reads the place the agent chose, and refuses a malformed one", async () => {
    const file = { name: "foto", file: { name: "sala.jpg", data: new Uint8Array([1, 2, 3]) } };
    expect(
      (await readPhotoUpload(request(multipart([file, { name: "position", value: "3" }])))).position,
    ).toBe(3);
    expect((await readPhotoUpload(request(multipart([file])))).position).toBeUndefined();
    for (const value of ["-1", "1.5", "abc", "99999"]) {
      const error = await refusal(readPhotoUpload(request(multipart([file, { name: "position", value }]))));
      expect(error).toBeInstanceOf(PhotoRequestError);
      expect(error).toMatchObject({ status: 400, message: "Posição da foto inválida." });
    }
  });

  it("refuses a declared size over the limit before reading the body", async () => {
    let pulled = false;
    const body = new ReadableStream(
      {
        pull() {
          pulled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const error = await refusal(
      readPhotoUpload(
        new Request("http://localhost/x", {
          method: "POST",
          body,
          headers: {
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(30 * 1024 * 1024),
          },
          duplex: "half",
        } as RequestInit),
      ),
    );
    expect(error).toBeInstanceOf(PhotoRequestError);
    expect(error).toMatchObject({ status: 413, message: "Arquivo grande demais: até 20 MB." });
    expect(pulled).toBe(false);
  });

  it("cuts off a body that grows past the limit without a Content-Length", async () => {
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const error = await refusal(
      readPhotoUpload(
        new Request("http://localhost/x", {
          method: "POST",
          body,
          headers: { "content-type": "multipart/form-data; boundary=x" },
          duplex: "half",
        } as RequestInit),
        1024 * 1024,
      ),
    );
    expect(error).toMatchObject({ status: 413 });
    // Past the limit the rest is drained (up to twice the limit) and then cut off.
    expect(sent).toBeLessThan(3 * 1024 * 1024);
  });

  it("drains a finite oversized body and answers 413", async () => {
    const chunk = new Uint8Array(64 * 1024);
    let left = 24;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left-- > 0) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const error = await refusal(
      readPhotoUpload(
        new Request("http://localhost/x", {
          method: "POST",
          body,
          headers: { "content-type": "multipart/form-data; boundary=x" },
          duplex: "half",
        } as RequestInit),
        1024 * 1024,
      ),
    );
    expect(error).toMatchObject({ status: 413, message: "Arquivo grande demais: até 20 MB." });
    expect(left).toBeLessThan(0);
  });

  it("refuses a file over the limit, no file, several files, an empty file and other content types", async () => {
    const big = new Uint8Array(2048);
    expect(
      await refusal(
        readPhotoUpload(request(multipart([{ name: "foto", file: { name: "a.jpg", data: big } }])), 1024),
      ),
    ).toMatchObject({ status: 413 });
    expect(await refusal(readPhotoUpload(request(multipart([{ name: "outro", value: "x" }]))))).toMatchObject(
      {
        status: 400,
        message: "Escolha uma foto para enviar.",
      },
    );
    const two = multipart([
      { name: "foto", file: { name: "a.jpg", data: new Uint8Array([1]) } },
      { name: "foto", file: { name: "b.jpg", data: new Uint8Array([2]) } },
    ]);
    expect(await refusal(readPhotoUpload(request(two)))).toMatchObject({
      message: "Envie uma foto por vez.",
    });
    const empty = multipart([{ name: "foto", file: { name: "a.jpg", data: new Uint8Array() } }]);
    expect(await refusal(readPhotoUpload(request(empty)))).toMatchObject({
      message: "O arquivo está vazio.",
    });
    expect(await refusal(readPhotoUpload(request("x", { "content-type": "image/jpeg" })))).toMatchObject({
      status: 400,
    });
  });
});
