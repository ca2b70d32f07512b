// An S3-compatible server for the tests (@20minutes/s3rver, files in a folder), run as a process
// of its own by tests/support/s3-server.ts: `node --openssl-legacy-provider s3rver-process.mjs
// <folder> <bucket>`. The flag: s3rver makes ListObjectsV2's continuation tokens with DES, which
// OpenSSL 3 keeps in its legacy provider. Prints {"port": N} once it listens; SIGTERM stops it.
import S3rver from "@20minutes/s3rver";

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
  // The SDK signs a bucket's path with a trailing slash ("/bucket/") that s3rver leaves out when
  // it checks: every ListObjectsV2 would be refused. Signing is the SDK's business, not ours.
  allowMismatchedSignatures: true,
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.once("SIGTERM", () => {
  server.close().then(() => process.exit(0));
});
