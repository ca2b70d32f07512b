// A real SMTP server for tests (smtp-server), on 127.0.0.1 and a random port. `mode` decides
// what DATA answers: accept, a transient 451 or a permanent 550.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { createMailTransport, type MailTransport } from "./mailer.server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  mode: "accept" | "451" | "550";
  close(): Promise<void>;
}

export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const state: TestSmtp = {
    port: 0,
    url: "",
    received: [],
    mode: "accept",
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.mode === "451")
          return callback(
            Object.assign(new Error("Servidor ocupado, tente mais tarde"), { responseCode: 451 }),
          );
        if (state.mode === "550")
          return callback(Object.assign(new Error("Caixa postal inexistente"), { responseCode: 550 }));
        state.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** The transport the tests send through: to `url` (a TestSmtp's), from "Site", 3 s to give up. */
export function testMailTransport(url: string): MailTransport {
  return createMailTransport(
    { SMTP_URL: url, MAIL_FROM: "Site <site@teste.com.br>", NODE_ENV: "test" },
    { timeoutMs: 3000 },
  );
}

/** A port nothing listens on (bound then released). */
export async function closedPort(): Promise<number> {
  const smtp = await startTestSmtp();
  await smtp.close();
  return smtp.port;
}

/** The decoded text of a received message (quoted-printable soft breaks and escapes undone, as UTF-8). */
export function textOf(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/(=[0-9A-F]{2})+/g, (match) => Buffer.from(match.replace(/=/g, ""), "hex").toString("utf8"));
}

/** The Subject header as a reader sees it (folded lines joined, RFC 2047 encoded words decoded). */
export function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeURIComponent(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, "%$1")),
    );
}
