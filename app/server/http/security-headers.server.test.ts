import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, hashSources, inlineScriptHashes } from "./security-headers.server";

const sha256 = (code: string) => `sha256-${createHash("sha256").update(code, "utf8").digest("base64")}`;

describe("inlineScriptHashes", () => {
  it("hashes each runnable inline script once, exactly as written, and nothing else", () => {
    const module = 'import "/assets/entry.client-x.js";\nwindow.__x = "olá <b>";';
    const html = [
      "<head><script>window.a=1</script>",
      `<script type="module" nonce="">${module}</script>`,
      '<script src="/assets/x.js"></script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      "<script>window.a=1</script>", // the same code again: one hash
      "<SCRIPT TYPE='text/javascript'>b()</SCRIPT ></head>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha256("window.a=1"), sha256(module), sha256("b()")]);
    expect(inlineScriptHashes("<p>sem scripts</p>")).toEqual([]);
  });

  it("allows the build's files and the hashed scripts, without 'strict-dynamic' or a nonce", () => {
    const policy = contentSecurityPolicy(hashSources(["sha256-abc="]), true);
    expect(policy).toContain("script-src 'self' 'sha256-abc='; ");
    expect(policy).not.toMatch(/strict-dynamic|nonce-|unsafe-eval/);
    // Frames only from the video player and the known tour hosts.
    expect(policy).toMatch(
      /frame-src https:\/\/www\.youtube-nocookie\.com [^;]*https:\/\/my\.matterport\.com/,
    );
    expect(policy).not.toMatch(/frame-src[^;]* https:(;| )/);
  });

  it("lets images come from MEDIA_PUBLIC_URL's origin when the photos are on a CDN or a bucket", () => {
    expect(contentSecurityPolicy("'self'", true)).toContain(
      "img-src 'self' data: blob: https://*.tile.openstreetmap.org https://i.ytimg.com;",
    );
    expect(contentSecurityPolicy("'self'", true, "https://fotos.exemplo.com.br")).toContain(
      "img-src 'self' data: blob: https://*.tile.openstreetmap.org https://i.ytimg.com https://fotos.exemplo.com.br;",
    );
  });
});
