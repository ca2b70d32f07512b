// /media from the bucket when the photos live in S3 (app/server/media/s3-storage.server.ts): the
// same URLs and headers the data folder's express.static gave (server/app.ts), so no page, e-mail
// or feed changes with the switch. Streams the object; passes Range and the conditional headers
// on to S3 so a browser's revalidation is a 304 and a video-style range read a 206.
import { pipeline } from "node:stream";
import type { RequestHandler } from "express";
import type { Logger } from "../log/logger.server";
import type { S3Storage } from "./s3-storage.server";
import { assertValidKey, MEDIA_CACHE_CONTROL } from "./storage.server";

function keyOf(path: string): string | null {
  try {
    const key = decodeURIComponent(path.replace(/^\/+/, ""));
    assertValidKey(key);
    return key;
  } catch {
    return null;
  }
}

function dateOf(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Answers what the bucket has; anything else (no such key, another method) goes to `next`. */
export function serveFromBucket(storage: S3Storage, log?: Logger): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = keyOf(req.path);
    if (!key) return next();
    const range = req.headers.range;
    let opened: Awaited<ReturnType<S3Storage["open"]>>;
    try {
      opened = await storage.open(key, {
        // One byte range, as express.static honours; several are answered whole.
        range: range && /^bytes=\d*-\d*$/.test(range) ? range : undefined,
        ifNoneMatch: req.headers["if-none-match"],
        ifModifiedSince: req.headers["if-none-match"] ? undefined : dateOf(req.headers["if-modified-since"]),
      });
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 416) {
        res.status(416).set("Cache-Control", "no-store").end();
        return;
      }
      log?.error({ err: error, key }, "media: leitura do bucket falhou");
      res
        .status(503)
        .type("text/plain")
        .set("Cache-Control", "no-store")
        .send("Foto indisponível no momento.");
      return;
    }
    if (opened.status === "missing") return next();
    res.set("Cache-Control", MEDIA_CACHE_CONTROL);
    res.set("Accept-Ranges", "bytes");
    if (opened.etag) res.set("ETag", opened.etag);
    if (opened.lastModified) res.set("Last-Modified", opened.lastModified.toUTCString());
    if (opened.status === "not-modified") {
      res.status(304).end();
      return;
    }
    if (opened.contentType) res.type(opened.contentType);
    if (opened.contentLength !== undefined) res.set("Content-Length", String(opened.contentLength));
    if (opened.contentRange) {
      res.status(206).set("Content-Range", opened.contentRange);
    }
    if (req.method === "HEAD") {
      opened.body.destroy();
      res.end();
      return;
    }
    pipeline(opened.body, res, (error) => {
      // A visitor who leaves mid-photo is no error of ours.
      if (error && !res.destroyed) log?.warn({ err: error, key }, "media: envio interrompido");
    });
  };
}
