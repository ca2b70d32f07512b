// Guards every request that writes, before React Router reads a byte of it:
// - a form posted from another site is refused (403): the lead forms and the login are as safe
//   from cross-site posting as the admin, whose guard checks the same thing per action;
// - a body larger than a form needs is refused (413) from its declared length, and a body whose
//   length is not declared (chunked) is refused (411): browsers declare it for every form. The
//   photo upload has its own, larger limit and counts the bytes itself (upload.server.ts).
import type express from "express";
import { isCrossOrigin } from "../auth/guard.server";

/** Enough for the longest form (a listing with its description) many times over. */
export const MAX_FORM_BYTES = 1024 * 1024;
/**
 * A body refused for its size is read and thrown away up to this much before the 413 goes out:
 * a client still sending when the connection closes sees a reset (EPIPE in Node, an error page in
 * a browser) instead of our message. Past it the connection is closed at once.
 */
export const DISCARD_BYTES = 8 * 1024 * 1024;
export const CROSS_SITE_MESSAGE = "Envio de outro site recusado. Use o formulário desta página.";
export const TOO_LARGE_MESSAGE = "O formulário enviado é grande demais.";
export const LENGTH_REQUIRED_MESSAGE = "Envie o formulário com o tamanho declarado (Content-Length).";

const READS_ONLY = new Set(["GET", "HEAD", "OPTIONS"]);

export function guardWrites(options: {
  publicUrl: string;
  /** Paths that read their own (larger) bodies: the photo upload. */
  ownBodyLimit: (path: string) => boolean;
  maxBytes?: number;
}): express.RequestHandler {
  const maxBytes = options.maxBytes ?? MAX_FORM_BYTES;
  return (req, res, next) => {
    if (READS_ONLY.has(req.method)) return next();
    const refuse = (status: number, message: string) => {
      // Closing the connection keeps the rest of a refused body from being sent on.
      res.set("Connection", "close").status(status).type("text/plain").send(message);
    };
    const origin = `${req.protocol}://${req.get("host") ?? ""}`;
    if (isCrossOrigin((name) => req.get(name) ?? null, origin, options.publicUrl)) {
      return refuse(403, CROSS_SITE_MESSAGE);
    }
    if (options.ownBodyLimit(req.path)) return next();
    const declared = req.get("content-length");
    if (declared === undefined) {
      return req.get("transfer-encoding") ? refuse(411, LENGTH_REQUIRED_MESSAGE) : next();
    }
    if (Number(declared) > maxBytes) {
      if (Number(declared) > DISCARD_BYTES) return refuse(413, TOO_LARGE_MESSAGE);
      req.on("end", () => refuse(413, TOO_LARGE_MESSAGE));
      req.resume();
      return;
    }
    next();
  };
}

/** "Anuncie seu imóvel", whose photos make a larger body (app/server/captacoes/read-body.server.ts). */
export const isCaptacaoFormPath = (path: string) => /^\/anuncie-seu-imovel(\.data)?\/?$/.test(path);

/**
 * Configurações, whose logo (5 MB) and home-page photo (20 MB) come with the form: the route counts
 * its own bytes up to those sizes (app/server/settings/settings-form.server.ts).
 */
export const isSettingsFormPath = (path: string) => /^\/admin\/configuracoes(\.data)?\/?$/.test(path);

/** The photo upload route: /admin/imoveis/{id}/fotos. */
export const isPhotoUploadPath = (path: string) => /^\/admin\/imoveis\/[^/]+\/fotos(\.data)?\/?$/.test(path);
