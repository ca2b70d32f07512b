// Photos in an S3 bucket, end to end: the production server pointed at a real S3-compatible server
// (tests/support/s3-server.ts) takes an agent's upload through the real pipeline, the variants land
// in the bucket with their Cache-Control, /media serves them from it with the same bytes and
// headers as the data folder did, and deleting the photo removes its objects
// (docs/decisions/038-s3-media.md).
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { GetObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg } from "../tests/support/photos";
import { startTestS3, type TestS3 } from "../tests/support/s3-server";
import { TEST_ADMIN as ADMIN, type ServerProcess, startSiteForTests } from "../tests/support/server";

let s3: TestS3;
let server: ServerProcess;
let cookie = "";
let listingId = 0;

async function post(path: string, body: URLSearchParams | FormData, extra: Record<string, string> = {}) {
  return fetch(server.url + path, {
    method: "POST",
    headers: { Origin: server.url, Cookie: cookie, ...extra },
    body,
    redirect: "manual",
  });
}

async function bucketObject(key: string) {
  const answer = await s3.client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
  return {
    bytes: Buffer.from((await answer.Body?.transformToByteArray()) ?? []),
    cacheControl: answer.CacheControl,
    contentType: answer.ContentType,
  };
}

beforeAll(async () => {
  s3 = await startTestS3();
  server = await startSiteForTests({ env: s3.env });
  const signIn = await post("/login", new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }));
  expect(signIn.status).toBe(302);
  cookie = signIn.headers.get("set-cookie")?.match(/((?:__Host-)?sessao=[^;]+)/)?.[1] ?? "";
  const created = await post(
    "/admin/imoveis/novo",
    new URLSearchParams({
      intent: "salvar",
      titulo: "Apartamento com fotos no bucket",
      tipo: "apartamento",
      finalidades: "venda",
      precoVenda: "420.000",
      bairro: "Ponta Verde",
      cidade: "Maceió",
      uf: "AL",
      publicacao: "publicado",
    }),
  );
  expect(created.status).toBe(303);
  listingId = Number(created.headers.get("location")?.match(/\/admin\/imoveis\/(\d+)/)?.[1]);
  expect(listingId).toBeGreaterThan(0);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

describe("photos in an S3 bucket", () => {
  it("upload → objects in the bucket with Cache-Control → served at /media with the same bytes → delete → objects gone", async () => {
    const form = new FormData();
    form.append(
      "foto",
      new File([new Uint8Array(await makeJpeg(1200, 900, 3))], "sala.jpg", { type: "image/jpeg" }),
    );
    form.append("altText", "Sala de estar");
    const uploaded = await post(`/admin/imoveis/${listingId}/fotos`, form, { Accept: "application/json" });
    const body = (await uploaded.json()) as { photo: { id: number; thumb: string } };
    expect(uploaded.status, JSON.stringify(body)).toBe(201);

    // Every variant the pipeline made is in the bucket, none in the data folder.
    const keys = await s3.keys();
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(keys.some((key) => key.endsWith(".webp"))).toBe(true);
    expect(keys.some((key) => key.endsWith(".jpg"))).toBe(true);
    const onDisk = await readdir(join(server.dataDir, "media"), { recursive: true }).catch(() => []);
    expect(onDisk).toEqual([]);

    // The manager's thumbnail names /media (no MEDIA_PUBLIC_URL): the app serves it from the bucket.
    expect(body.photo.thumb).toMatch(/^\/media\//);
    const thumbKey = body.photo.thumb.slice("/media/".length);
    expect(keys).toContain(thumbKey);

    for (const key of keys) {
      const object = await bucketObject(key);
      expect(object.cacheControl, key).toBe("public, max-age=31536000, immutable");
      const served = await fetch(`${server.url}/media/${key}`);
      expect(served.status, key).toBe(200);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("content-type")).toBe(object.contentType);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await served.arrayBuffer()).equals(object.bytes), key).toBe(true);
    }

    // A browser revalidating, a range, a HEAD: as express.static answered them.
    const first = await fetch(`${server.url}${body.photo.thumb}`);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    await first.arrayBuffer();
    expect(
      (await fetch(`${server.url}${body.photo.thumb}`, { headers: { "If-None-Match": etag } })).status,
    ).toBe(304);
    const part = await fetch(`${server.url}${body.photo.thumb}`, { headers: { Range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    const head = await fetch(`${server.url}${body.photo.thumb}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBe((await bucketObject(thumbKey)).bytes.length);

    const deleted = await post(
      `/admin/imoveis/${listingId}/fotos`,
      new URLSearchParams({ intent: "delete", photoId: String(body.photo.id), confirmar: "sim" }),
      { Accept: "application/json" },
    );
    expect(deleted.status).toBe(200);
    expect(await s3.keys()).toEqual([]);
    const gone = await fetch(`${server.url}${body.photo.thumb}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("cache-control")).toBe("no-store");
  }, 120_000);

  it("never serves a captação's pending photos, nor anything outside the bucket's keys", async () => {
    await s3.storage().put("captacoes/abc/foto.jpg", await makeJpeg(64, 48), "image/jpeg");
    try {
      for (const path of [
        "/media/captacoes/abc/foto.jpg",
        "/media/%63aptacoes/abc/foto.jpg",
        "/media/a/../x",
      ]) {
        expect((await fetch(server.url + path)).status, path).toBe(404);
      }
      // Still there: refusing to serve it deleted nothing.
      expect(await s3.storage().exists("captacoes/abc/foto.jpg")).toBe(true);
      expect(
        (
          await s3.client.send(
            new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: "captacoes/abc/foto.jpg" }),
          )
        ).CacheControl,
      ).toBe("private, no-store");
    } finally {
      await s3.empty();
    }
  });
});
