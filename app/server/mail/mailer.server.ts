// Outgoing e-mail behind one small interface. With SMTP_URL the message goes over SMTP
// (nodemailer); without it (development, tests) it goes to the log, link included.
// Nothing sends directly: lead e-mails and password-reset links go through the outbox
// (app/server/outbox), whose worker uses createMailTransport below and retries failures.
import nodemailer from "nodemailer";
import { defaultLogger, type Logger } from "../log/logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message dressed with the agency's logo and colour (branded-html.server.ts). */
  html?: string;
  /** Optional Reply-To (e.g. the visitor who wrote a lead). */
  replyTo?: string;
  /** A fixed Message-ID makes a resend recognisable as the same message. */
  messageId?: string;
  /**
   * Extra header lines (the saved-search alerts' List-Unsubscribe, RFC 8058): the names are the
   * code's own, the values pass through headerSafe.
   */
  headers?: Record<string, string>;
  /** Files sent along (a visit's .ics invitation: app/server/visits/ics.server.ts). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface MailConfig {
  SMTP_URL?: string;
  MAIL_FROM: string;
  NODE_ENV: "development" | "production" | "test";
}

const SIMPLE_EMAIL = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

/**
 * One header line from user-controlled text: no CR/LF (header injection) nor other control
 * characters, bounded length. Nodemailer encodes non-ASCII; this removes what must never pass.
 */
export function headerSafe(value: string, max = 200): string {
  let clean = "";
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    clean += code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 ? " " : char;
  }
  return clean.replace(/\s+/g, " ").trim().slice(0, max);
}

/** A bare address or null: anything with a display name, list or line break is refused. */
export function safeAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  const address = value.trim();
  if (address.length > 254 || !SIMPLE_EMAIL.test(address)) return null;
  return address;
}

/** Sends one message; throws nodemailer's error (with responseCode/code) when it fails. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The transport the configuration names: SMTP when SMTP_URL is set, otherwise the log. */
export function createMailTransport(
  config: MailConfig,
  options: { timeoutMs?: number; log?: Logger } = {},
): MailTransport {
  if (!config.SMTP_URL) {
    const log = options.log ?? defaultLogger();
    return {
      async send(message) {
        logMessage(config, message, log);
      },
      close() {},
    };
  }
  const timeout = options.timeoutMs ?? 20_000;
  // The URL's own query options (e.g. ?pool=true) still apply; timeouts keep a hung server
  // from holding an outbox lease for long.
  const url = new URL(config.SMTP_URL);
  for (const [key, value] of Object.entries({
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  })) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    async send(message) {
      const to = safeAddress(message.to);
      if (!to)
        throw Object.assign(new Error(`destinatário inválido: ${headerSafe(message.to, 80)}`), {
          responseCode: 553,
        });
      await transporter.sendMail({
        from: config.MAIL_FROM,
        to,
        replyTo: safeAddress(message.replyTo) ?? undefined,
        subject: headerSafe(message.subject),
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.headers
          ? Object.fromEntries(
              Object.entries(message.headers).map(([name, value]) => [name, headerSafe(value, 900)]),
            )
          : undefined,
        attachments: message.attachments,
      });
    },
    close() {
      transporter.close();
    },
  };
}

function logMessage(config: MailConfig, message: MailMessage, log: Logger) {
  if (config.NODE_ENV !== "test" || process.env.MAIL_LOG === "1") {
    log.info(
      { mail: { from: config.MAIL_FROM, to: message.to, subject: headerSafe(message.subject) } },
      `E-mail (sem SMTP_URL, só no log): ${headerSafe(message.subject)}\n\n${message.text}`,
    );
  }
}
