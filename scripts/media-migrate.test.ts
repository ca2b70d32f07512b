// `npm run media:migrate` as an operator runs it (a real child process through package.json) against
// a real S3-compatible server (tests/support/s3-server.ts): to the bucket, again (nothing copied),
// after new photos (only those), and back to an empty data folder.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "../app/server/media/storage.server";
import { makeJpeg } from "../tests/support/photos";
import { startTestS3, type TestS3 } from "../tests/support/s3-server";

let s3: TestS3;
let dataDir: string;

beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = await mkdtemp(join(tmpdir(), "media-migrate-"));
}, 60_000);

afterAll(async () => {
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function migrate(args: string[], dir = dataDir): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", "media:migrate", "--", ...args],
      {
        env: { ...process.env, ...s3.env, DATA_DIR: dir, DATABASE_URL: "", NODE_ENV: "test" },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const FILES: Record<string, Promise<Buffer> | Buffer> = {
  "ab/ab12-640.webp": makeJpeg(64, 48, 1),
  "ab/ab12-1920.jpg": makeJpeg(200, 150, 2),
  "cd/cd34-640.avif": makeJpeg(80, 60, 3),
  "captacoes/0f1e/cd34.jpg": makeJpeg(120, 90, 4),
  "og/v1.jpg": Buffer.from("og"),
};

describe("npm run media:migrate", () => {
  it("refuses to guess the direction, in Portuguese", async () => {
    const noTarget = await migrate([]);
    expect(noTarget.code).toBe(1);
    expect(noTarget.stderr).toContain("informe --to s3 ou --to local");
  });

  it("copies the data folder to the bucket, verifies it, and a second run copies nothing", async () => {
    const local = new LocalDiskStorage(join(dataDir, "media"));
    for (const [key, data] of Object.entries(FILES))
      await local.put(key, await data, "application/octet-stream");
    // A half-written file of LocalDiskStorage (its hidden temporary name) is not a photo.
    await writeFile(join(dataDir, "media", "ab", ".ab12-640.webp.123.tmp"), "metade");

    const first = await migrate(["--to", "s3"]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("5 arquivo(s) copiado(s)");
    expect(first.stdout).toContain("0 já estavam no destino");
    // Progress goes to stderr (one line a second at most off a terminal, and the last one).
    expect(first.stderr).toContain("Fotos: 5 de 5 (5 copiadas");
    expect(await s3.keys()).toEqual(Object.keys(FILES).sort());
    const bucket = s3.storage();
    for (const [key, data] of Object.entries(FILES)) {
      expect((await bucket.get(key))?.equals(await data), key).toBe(true);
    }
    const head = (key: string) =>
      s3.client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
    expect((await head("ab/ab12-640.webp")).CacheControl).toBe("public, max-age=31536000, immutable");
    expect((await head("ab/ab12-640.webp")).ContentType).toBe("image/webp");
    expect((await head("captacoes/0f1e/cd34.jpg")).CacheControl).toBe("private, no-store");

    const second = await migrate(["--to", "s3"]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain("0 arquivo(s) copiado(s)");
    expect(second.stdout).toContain("5 já estavam no destino");

    // A photo sent meanwhile, and one changed in place with the same size: only those go.
    await local.put("ef/ef56-640.webp", await makeJpeg(64, 48, 9), "image/webp");
    const og = Buffer.from("OG");
    await local.put("og/v1.jpg", og, "image/jpeg");
    const third = await migrate(["--to", "s3"]);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toContain("2 arquivo(s) copiado(s)");
    expect(third.stdout).toContain("4 já estavam no destino");
    expect((await bucket.get("og/v1.jpg"))?.toString()).toBe("OG");
  }, 120_000);

  it("copies the bucket back into an empty data folder, and again copies nothing", async () => {
    const back = await mkdtemp(join(tmpdir(), "media-migrate-back-"));
    try {
      const first = await migrate(["--to", "local"], back);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain("6 arquivo(s) copiado(s)");
      const keys = await s3.keys();
      expect(keys).toHaveLength(6);
      for (const key of keys) {
        expect(
          (await readFile(join(back, "media", key))).equals((await s3.storage().get(key)) as Buffer),
          key,
        ).toBe(true);
      }
      // A truncated copy (a run cut short) is copied again; the rest is skipped.
      await mkdir(join(back, "media", "ab"), { recursive: true });
      await writeFile(join(back, "media", "ab", "ab12-1920.jpg"), "cortado");
      const second = await migrate(["--to", "local"], back);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain("1 arquivo(s) copiado(s)");
      expect(second.stdout).toContain("5 já estavam no destino");
      expect(
        (await readFile(join(back, "media", "ab", "ab12-1920.jpg"))).equals(await FILES["ab/ab12-1920.jpg"]!),
      ).toBe(true);
      const third = await migrate(["--to", "local"], back);
      expect(third.stdout).toContain("0 arquivo(s) copiado(s)");
    } finally {
      await rm(back, { recursive: true, force: true });
    }
  }, 120_000);
});
