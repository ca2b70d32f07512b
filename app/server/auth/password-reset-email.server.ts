// The password-reset e-mail, sent by the outbox worker. The row carries the link's token (the
// one thing the hash in password_resets cannot give back) only until the message is settled:
// sent, or skipped because the link was used, replaced by a newer one or expired — a dead link
// is not worth an e-mail. A failure past the retries leaves a token that dies within 30 minutes.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { outbox } from "../db/schema.server";
import { defaultLogger, type Logger } from "../log/logger.server";
import { sendBrandedMail } from "../mail/branded-mail.server";
import type { MailTransport } from "../mail/mailer.server";
import type { Storage } from "../media/storage.server";
import type { OutboxHandler } from "../outbox/outbox.server";
import { getAgencyBrand } from "../settings/settings.server";
import { findValidReset, type PasswordResetEmailPayload } from "./password-reset.server";

export function buildPasswordResetEmail(name: string, link: string, agencyName: string) {
  return {
    subject: `Redefinição de senha — ${agencyName}`,
    text: [
      `Olá, ${name}.`,
      "",
      "Recebemos um pedido para redefinir a sua senha do painel. Para escolher uma nova senha, abra o link abaixo:",
      link,
      "",
      "O link vale por 30 minutos e só pode ser usado uma vez.",
      "Se você não fez este pedido, ignore esta mensagem: a sua senha continua a mesma.",
    ].join("\n"),
  };
}

async function forgetToken(db: Db, id: number, log: Logger): Promise<void> {
  try {
    await db
      .update(outbox)
      .set({ payload: sql`${outbox.payload} - 'token'` })
      .where(eq(outbox.id, id));
  } catch (error) {
    // Not a delivery failure (retrying would send the e-mail twice); the link expires anyway.
    log.warn(
      { err: error, outboxId: id },
      "Outbox: não foi possível apagar o token do e-mail de redefinição",
    );
  }
}

export function passwordResetEmailHandler(
  db: Db,
  transport: MailTransport,
  publicUrl: string,
  options: { secret?: string; now?: () => Date; log?: Logger; storage?: Pick<Storage, "url"> } = {},
): OutboxHandler {
  const log = options.log ?? defaultLogger();
  return async (row) => {
    const payload = row.payload as PasswordResetEmailPayload;
    if (!payload.token) return "skip";
    const reset = await findValidReset(db, payload.token, { secret: options.secret, now: options.now?.() });
    if (!reset || reset.userId !== payload.userId) {
      await forgetToken(db, row.id, log);
      return "skip";
    }
    const base = publicUrl.replace(/\/+$/, "");
    const agency = await getAgencyBrand(db);
    const { subject, text } = buildPasswordResetEmail(
      reset.name,
      `${base}/redefinir-senha/${payload.token}`,
      agency.name,
    );
    await sendBrandedMail(
      { db, transport, publicUrl: base, storage: options.storage },
      row.id,
      { to: reset.email, subject, text },
      agency,
    );
    await forgetToken(db, row.id, log);
    return undefined;
  };
}
