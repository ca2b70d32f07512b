// One log line per request the app answers (server/app.ts mounts this first): method, path
// (secrets left out), status, duration in ms, the request id and, when signed in, the user id.
// The request id is also the X-Request-Id response header and is shown on the error page, so an
// agency can quote it and the line (and the error's stack, logged by app/entry.server.tsx) can
// be found. Behind a trusted proxy, the proxy's own X-Request-Id is kept (nginx: $request_id).
import { randomUUID } from "node:crypto";
import type express from "express";
import type { Logger } from "./logger.server";

/** What a loader or action adds to its request's line (through the load context). */
export interface RequestLogFields {
  userId?: number;
}

const ACCEPTED_ID = /^[\w.:-]{8,128}$/;
/** Query parameters whose values never reach the log (`envio`: a sent list's token, decision 049). */
const SECRET_PARAMETER = /token|senha|password|secret|^envio$/i;
/**
 * Links whose path is their secret, in the page's and its data URL's path: a password reset, an
 * owner's report, a visitor's visit, a saved search's alert (and its confirm and cancel pages), a
 * temporada calendar.
 */
const TOKEN_PATH =
  /^\/(redefinir-senha|relatorio|visita|alertas|temporada)\/[^/]+?(\/confirmar|\/cancelar)?(\.data|\.ics)?$/;

/** `url` (path and query) as it may be logged: tokens and passwords replaced. */
export function loggablePath(url: string): string {
  const queryAt = url.indexOf("?");
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(TOKEN_PATH, "/$1/:token$2$3");
  if (queryAt === -1) return path;
  const query = url.slice(queryAt + 1);
  const params = new URLSearchParams(query);
  let secret = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAMETER.test(name)) {
      params.set(name, "***");
      secret = true;
    }
  }
  return `${path}?${secret ? params.toString() : query}`;
}

export function requestLog(log: Logger, options: { trustProxy: boolean }): express.RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const proxyId = options.trustProxy ? req.get("x-request-id") : undefined;
    const id = proxyId && ACCEPTED_ID.test(proxyId) ? proxyId : randomUUID();
    const fields: RequestLogFields = {};
    res.locals.requestId = id;
    res.locals.requestLog = fields;
    res.setHeader("X-Request-Id", id);
    res.once("close", () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      const path = loggablePath(req.originalUrl);
      const line = {
        reqId: id,
        method: req.method,
        path,
        status: res.statusCode,
        ms,
        ...(fields.userId !== undefined ? { userId: fields.userId } : {}),
        // The client left before the answer was complete.
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      const message = `${req.method} ${path} ${res.statusCode} ${ms} ms`;
      // A health check every few seconds is not worth a line at the default level.
      if (req.path === "/healthz") log.debug(line, message);
      else if (res.statusCode >= 500) log.error(line, message);
      else log.info(line, message);
    });
    next();
  };
}
