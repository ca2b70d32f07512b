// The server's log (pino): one JSON object per line in production, for journald, a log shipper
// or `jq`; readable coloured lines in development, through pino-pretty (a devDependency, used
// when it is installed). LOG_LEVEL picks what is written: debug, info, warn, error or silent.
//
// The few lines an operator reads on the terminal at start-up (the address, a start that fails,
// the first administrator's password, printed by app/server/demo/seed.server.ts) are plain text
// (tellOperator), not log records: they must read well on a terminal in production too.
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import type { Config } from "../config.server";

export type { Logger };

/** pino-pretty as a synchronous stream (no worker thread), or undefined when it is not installed. */
function prettyStream(): DestinationStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => DestinationStream;
    // The request line's message already says method, path, status and time.
    return pretty({ translateTime: "SYS:HH:MM:ss", ignore: "pid,method,path,status,ms", sync: true });
  } catch {
    return undefined;
  }
}

export function createLogger(config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">): Logger {
  const options = {
    level: config.LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  const pretty = config.NODE_ENV === "development" ? prettyStream() : undefined;
  return pretty ? pino(options, pretty) : pino(options);
}

let fallback: Logger | undefined;

/** For code handed no logger (tests that build their services by hand): LOG_LEVEL as set, else info. */
export function defaultLogger(): Logger {
  const level = process.env.LOG_LEVEL;
  fallback ??= createLogger({
    LOG_LEVEL:
      level === "debug" || level === "warn" || level === "error" || level === "silent" ? level : "info",
    NODE_ENV: "production",
  });
  return fallback;
}

/** The logger of `services` (set by openServices), else the default one. */
export const logOf = (services: { log?: Logger }): Logger => services.log ?? defaultLogger();

/** A line for the person at the terminal (see the top of this file): plain text, on stdout or stderr. */
export function tellOperator(line: string, stream: "stdout" | "stderr" = "stdout"): void {
  process[stream].write(`${line}\n`);
}
