// Lead e-mails that have not reached their recipient: failed for good (failed_at) or still being
// retried after at least one failed attempt. The admin sees them (/admin/emails-nao-entregues), sends one
// again now or discards a failed one; both are audited. Without this screen a failed lead e-mail
// would only be a log line nobody reads.
import { and, desc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { audit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { leads, outbox } from "../db/schema.server";
import { OUTBOX_CHANNEL } from "../outbox/backoff.server";
import type { OutboxRow } from "../outbox/outbox.server";
import type { Actor } from "./inbox.server";
import { LEAD_EMAIL_KIND, type LeadEmailPayload } from "./lead-emails.server";

/** At most this many rows on the screen (a long outage shows its oldest part on later visits). */
export const UNDELIVERED_LIST_LIMIT = 200;

export interface UndeliveredLeadEmail {
  id: number;
  leadId: number;
  /** Null when the lead no longer exists. */
  leadName: string | null;
  to: string;
  recipient: LeadEmailPayload["recipient"];
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  failedAt: Date | null;
  /** A worker holds the row right now (an attempt is under way). */
  sending: boolean;
  createdAt: Date;
}

/** Not sent, and either given up or already failed at least once. */
function undelivered() {
  return and(
    eq(outbox.kind, LEAD_EMAIL_KIND),
    isNull(outbox.sentAt),
    or(isNotNull(outbox.failedAt), and(sql`${outbox.attempts} > 0`, isNotNull(outbox.lastError))),
  );
}

// Guarded cast: a malformed payload shows as an erased lead instead of failing the whole list.
const payloadLeadId = sql<number>`case when ${outbox.payload}->>'leadId' ~ '^[0-9]{1,9}$' then (${outbox.payload}->>'leadId')::integer end`;

export async function listUndeliveredLeadEmails(db: Db, now = new Date()): Promise<UndeliveredLeadEmail[]> {
  const rows = await db
    .select({
      id: outbox.id,
      payload: outbox.payload,
      leadName: leads.name,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      nextAttemptAt: outbox.nextAttemptAt,
      failedAt: outbox.failedAt,
      lockedUntil: outbox.lockedUntil,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .leftJoin(leads, eq(leads.id, payloadLeadId))
    .where(undelivered())
    // What needs a decision (failed) first, newest first within each group.
    .orderBy(sql`${outbox.failedAt} is null`, desc(outbox.createdAt), desc(outbox.id))
    .limit(UNDELIVERED_LIST_LIMIT);
  return rows.map((row) => {
    const payload = row.payload as unknown as LeadEmailPayload;
    return {
      id: row.id,
      leadId: Number(payload.leadId),
      leadName: row.leadName,
      to: String(payload.to ?? ""),
      recipient: payload.recipient === "corretor" ? "corretor" : "agencia",
      attempts: row.attempts,
      lastError: row.lastError,
      nextAttemptAt: row.nextAttemptAt,
      failedAt: row.failedAt,
      sending: row.failedAt === null && row.lockedUntil !== null && row.lockedUntil > now,
      createdAt: row.createdAt,
    };
  });
}

export async function countUndeliveredLeadEmails(db: Db): Promise<{ failed: number; retrying: number }> {
  const [row] = await db
    .select({
      failed: sql<number>`count(*) filter (where ${outbox.failedAt} is not null)::integer`,
      retrying: sql<number>`count(*) filter (where ${outbox.failedAt} is null)::integer`,
    })
    .from(outbox)
    .where(undelivered());
  return { failed: Number(row?.failed ?? 0), retrying: Number(row?.retrying ?? 0) };
}

/** The lead e-mail `id`, locked until `tx` ends; undefined when there is none (or not a lead e-mail). */
async function lockedLeadEmail(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.kind, LEAD_EMAIL_KIND)))
    .for("update");
  return row;
}

/** The audit entry of the admin's decision on a lead e-mail keeps what it was: lead, recipient, attempts, error. */
async function auditDecision(
  tx: Tx,
  actor: Actor,
  action: "lead-email-requeued" | "lead-email-discarded",
  row: OutboxRow,
  details: Record<string, unknown>,
) {
  const payload = row.payload as unknown as LeadEmailPayload;
  await audit(tx, {
    userId: actor.id,
    action,
    entity: "outbox",
    entityId: row.id,
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: {
      leadId: payload.leadId,
      to: payload.to,
      attempts: row.attempts,
      ...details,
      lastError: row.lastError,
    },
  });
}

export type RequeueResult = "requeued" | "gone" | "sending";

/**
 * Makes the lead e-mail due now (a failed one comes back to the queue) and wakes the workers.
 * The worker makes one more attempt: if it fails for good again, the row is back on the list.
 * "gone": already sent, discarded or not a lead e-mail; "sending": an attempt is under way.
 */
export async function requeueLeadEmail(
  db: Db,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<RequeueResult> {
  return db.transaction(async (tx) => {
    const row = await lockedLeadEmail(tx, id);
    if (!row || row.sentAt) return "gone";
    if (!row.failedAt && row.lockedUntil && row.lockedUntil > now) return "sending";
    const updated = await tx
      .update(outbox)
      .set({ failedAt: null, lockedUntil: null, nextAttemptAt: now })
      .where(
        and(
          eq(outbox.id, id),
          isNull(outbox.sentAt),
          or(isNotNull(outbox.failedAt), isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
        ),
      )
      .returning({ id: outbox.id });
    if (updated.length === 0) return "sending";
    await auditDecision(tx, actor, "lead-email-requeued", row, { failed: row.failedAt !== null });
    // Delivered at commit: the workers pick the row up at once instead of at their next poll.
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(id)})`);
    return "requeued";
  });
}

export type DiscardResult = "discarded" | "gone" | "not-failed";

/**
 * Removes a lead e-mail that failed for good (the agency will reach the lead another way).
 * The audit entry keeps what it was: the lead, the recipient, the attempts and the last error.
 * One still being retried is refused: it may yet be delivered.
 */
export async function discardLeadEmail(db: Db, actor: Actor, id: number): Promise<DiscardResult> {
  return db.transaction(async (tx) => {
    const row = await lockedLeadEmail(tx, id);
    if (!row || row.sentAt) return "gone";
    if (!row.failedAt) return "not-failed";
    await tx.delete(outbox).where(and(eq(outbox.id, id), isNotNull(outbox.failedAt), isNull(outbox.sentAt)));
    await auditDecision(tx, actor, "lead-email-discarded", row, { failedAt: row.failedAt.toISOString() });
    return "discarded";
  });
}

/** The sending error as an agency would say it: what happened, without SMTP jargon. */
export function explainSendError(lastError: string | null): string {
  if (!lastError) return "Nenhum erro registrado.";
  const text = lastError;
  if (/tipo desconhecido/i.test(text)) return "Esta versão do sistema não sabe enviar este tipo de aviso.";
  if (/destinat[aá]rio inv[aá]lido/i.test(text)) return "O endereço de e-mail do destinatário é inválido.";
  if (/\bEAUTH\b|\b53[05]\b/.test(text))
    return "O servidor de e-mail recusou o usuário ou a senha da conta de envio. Confira a configuração do SMTP.";
  if (/\b(EDNS|ENOTFOUND|EAI_AGAIN)\b/.test(text))
    return "O endereço do servidor de e-mail não foi encontrado. Confira a configuração do SMTP.";
  if (/\bETIMEDOUT\b|timeout/i.test(text)) return "O servidor de e-mail demorou demais para responder.";
  if (/\b(ECONNREFUSED|ECONNECTION|ESOCKET|ECONNRESET|EPIPE|EHOSTUNREACH|ENETUNREACH|EGREETING)\b/.test(text))
    return "Não foi possível falar com o servidor de e-mail: ele estava fora do ar ou recusou a conexão.";
  if (/\bETLS\b|certificate|\bTLS\b/i.test(text))
    return "A conexão segura com o servidor de e-mail falhou (certificado ou TLS).";
  const code = text.match(/\b([45]\d\d)\b/)?.[1];
  if (code) {
    if (code === "552") return "A caixa postal do destinatário está cheia.";
    if (code === "550" || code === "551" || code === "553")
      return "O servidor recusou o endereço do destinatário: a caixa postal não existe ou está bloqueada.";
    if (code === "554") return "O servidor de e-mail recusou a mensagem (pode ter sido tomada por spam).";
    if (code === "421") return "O servidor de e-mail estava indisponível no momento.";
    if (code.startsWith("4")) return `O servidor de e-mail pediu para tentar mais tarde (código ${code}).`;
    return `O servidor de e-mail recusou a mensagem (código ${code}).`;
  }
  return "Erro inesperado ao enviar o e-mail.";
}
