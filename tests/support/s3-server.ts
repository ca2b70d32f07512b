// A real S3-compatible server for the tests (tests/support/s3rver-process.mjs), in a process of
// its own with its files in a temporary folder: the bucket the S3 media storage writes to, the
// one a server process under test is pointed at (S3_* variables), and a client to look inside.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { S3Client } from "@aws-sdk/client-s3";
import { createS3Client, type S3Settings, S3Storage } from "../../app/server/media/s3-storage.server";

const SCRIPT = fileURLToPath(new URL("./s3rver-process.mjs", import.meta.url));

export interface TestS3 {
  settings: S3Settings;
  /** The S3_* variables for a server process or script under test. */
  env: Record<string, string>;
  client: S3Client;
  /** A storage on the bucket (options as S3Storage takes them). */
  storage(options?: ConstructorParameters<typeof S3Storage>[2]): S3Storage;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Deletes every object (between tests). */
  empty(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = "fotos-teste"): Promise<TestS3> {
  const dir = await mkdtemp(join(tmpdir(), "test-s3-"));
  const child: ChildProcess = spawn(process.execPath, ["--openssl-legacy-provider", SCRIPT, dir, bucket], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk) => {
    errors += String(chunk);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`o servidor S3 de teste saiu (${code}):\n${errors}`)));
  });
  const settings: S3Settings = {
    bucket,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  const client = createS3Client(settings);
  const storage = (options?: ConstructorParameters<typeof S3Storage>[2]) =>
    new S3Storage(client, bucket, options);
  const keys = async () => {
    const all: string[] = [];
    for await (const { key } of storage().list()) all.push(key);
    return all.sort();
  };
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint!,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    client,
    storage,
    keys,
    async empty() {
      const s = storage();
      for (const key of await keys()) await s.delete(key);
    },
    async stop() {
      client.destroy();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
