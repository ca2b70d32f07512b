// Sends one outbox message as the site sends every e-mail: the text part as written, the HTML part
// dressed in the agency's brand (branded-html.server.ts), and a Message-ID made from the outbox row,
// so a retry of the same row is the same message to the receiving server.
import type { Db } from "../db/client.server";
import type { Storage } from "../media/storage.server";
import type { AgencyBrand } from "../settings/settings.server";
import { getAgencyBrand } from "../settings/settings.server";
import { brandedHtml, mailBrandOf } from "./branded-html.server";
import type { MailMessage, MailTransport } from "./mailer.server";

export interface BrandedMailContext {
  db: Db;
  transport: MailTransport;
  publicUrl: string;
  /** The site's storage: with it, the HTML part carries the agency's logo. */
  storage?: Pick<Storage, "url">;
}

export async function sendBrandedMail(
  context: BrandedMailContext,
  outboxRowId: number,
  message: Pick<MailMessage, "to" | "subject" | "text" | "replyTo" | "headers" | "attachments">,
  /** The brand when the caller already loaded it. */
  agency?: AgencyBrand,
): Promise<void> {
  const brand = mailBrandOf(agency ?? (await getAgencyBrand(context.db)), context.publicUrl, context.storage);
  const host = new URL(context.publicUrl).hostname || "localhost";
  await context.transport.send({
    ...message,
    html: brandedHtml(brand, message.subject, message.text),
    messageId: `<outbox-${outboxRowId}@${host}>`,
  });
}
