// The agency hears of each new captação by e-mail, through the outbox (written in the captação's
// own transaction: submit.server.ts), as it hears of a new lead. The message is built when it is
// sent, from the captação as it is then: one erased meanwhile (LGPD, "Excluir") sends nothing.

import { count, eq } from "drizzle-orm";
import { captacaoHeadline, expectedPriceText } from "../../lib/captacao-text";
import { formatMaceioInstant } from "../../lib/maceio-time";
import { FINALIDADES } from "../../lib/vocabulary";
import type { Db, Tx } from "../db/client.server";
import { agencySettings, type Captacao, captacaoPhotos, captacoes } from "../db/schema.server";
import { sendBrandedMail } from "../mail/branded-mail.server";
import { headerSafe, type MailTransport, safeAddress } from "../mail/mailer.server";
import type { Storage } from "../media/storage.server";
import { enqueue, type OutboxHandler } from "../outbox/outbox.server";

export const CAPTACAO_EMAIL_KIND = "captacao-email";

export interface CaptacaoEmailPayload {
  captacaoId: number;
  to: string;
}

/** Queues the agency's e-mail in the caller's transaction; none when the agency has no address. */
export async function enqueueCaptacaoEmail(tx: Db | Tx, captacaoId: number): Promise<boolean> {
  const [settings] = await tx
    .select({ email: agencySettings.email })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1));
  const to = safeAddress(settings?.email);
  if (!to) return false;
  await enqueue(tx, CAPTACAO_EMAIL_KIND, { captacaoId, to } satisfies CaptacaoEmailPayload);
  return true;
}

/** Subject and body in Portuguese; the subject is header-safe whatever the owner typed. */
export function buildCaptacaoEmail(captacao: Captacao, photos: number, publicUrl: string) {
  const headline = captacaoHeadline(captacao);
  const subject = headerSafe(`Imóvel oferecido: ${headline} — ${captacao.name}`, 150);
  const lines = [
    "Um proprietário ofereceu um imóvel pelo formulário “Anuncie seu imóvel”.",
    "",
    `Proprietário: ${captacao.name}`,
    `Telefone: ${captacao.phone}`,
    `E-mail: ${captacao.email ?? "não informado"}`,
    "",
    `Imóvel: ${headline}`,
    `Finalidade: ${FINALIDADES[captacao.finalidade]}`,
    `Endereço: ${[captacao.logradouro, captacao.bairro, captacao.cidade].filter(Boolean).join(", ")}`,
    `Valor pretendido: ${expectedPriceText(captacao.expectedPrice, captacao.finalidade)}`,
    `Fotos: ${photos === 0 ? "nenhuma" : photos}`,
    `Recebido em: ${formatMaceioInstant(captacao.createdAt)}`,
    "",
    captacao.message ? `Mensagem:\n${captacao.message}` : null,
    captacao.message ? "" : null,
    `Abrir no painel: ${publicUrl.replace(/\/+$/, "")}/admin/captacoes/${captacao.id}`,
  ].filter((line): line is string => line !== null);
  return { subject, text: lines.join("\n") };
}

/** The outbox handler; with `storage` (the site's), the HTML part carries the agency's logo. */
export function captacaoEmailHandler(
  db: Db,
  transport: MailTransport,
  publicUrl: string,
  options: { storage?: Pick<Storage, "url"> } = {},
): OutboxHandler {
  return async (row) => {
    const payload = row.payload as unknown as CaptacaoEmailPayload;
    const id = Number(payload.captacaoId);
    if (!Number.isSafeInteger(id)) return "skip";
    const [captacao] = await db.select().from(captacoes).where(eq(captacoes.id, id));
    if (!captacao) return "skip";
    const [photos] = await db
      .select({ n: count() })
      .from(captacaoPhotos)
      .where(eq(captacaoPhotos.captacaoId, id));
    const { subject, text } = buildCaptacaoEmail(captacao, photos?.n ?? 0, publicUrl);
    await sendBrandedMail({ db, transport, publicUrl, storage: options.storage }, row.id, {
      to: payload.to,
      subject,
      text,
      replyTo: captacao.email ?? undefined,
    });
    return undefined;
  };
}
