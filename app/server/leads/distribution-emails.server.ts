// The roleta's e-mails, through the outbox: to the agent a lead was handed to by the rules (after
// its arrival the lead e-mail itself tells them: lead-emails.server.ts), and to every active
// admin when a lead found nobody eligible or moved on for lack of an answer. Written in the
// transaction that assigns; the text is built when it is sent, from the lead as it is then.
import { and, eq, inArray } from "drizzle-orm";
import { formatMinutes } from "../../lib/lead-distribution";
import type { Db, Tx } from "../db/client.server";
import { leads, properties, users } from "../db/schema.server";
import { sendBrandedMail } from "../mail/branded-mail.server";
import { headerSafe, type MailTransport, safeAddress } from "../mail/mailer.server";
import type { Storage } from "../media/storage.server";
import { enqueue, type OutboxHandler } from "../outbox/outbox.server";

export const LEAD_DISTRIBUTION_EMAIL_KIND = "lead-distribution-email";

/**
 * atribuido: a waiting lead was given to the agent; reatribuido: it left `fromId` unanswered for
 * `toId`; sem-corretor: nobody is eligible, it waits unassigned; atrasado: `fromId` has not
 * answered in time and nobody else is eligible.
 */
export type DistributionNotice = "atribuido" | "reatribuido" | "sem-corretor" | "atrasado";

export interface LeadDistributionEmailPayload {
  leadId: number;
  to: string;
  recipient: "corretor" | "admin";
  notice: DistributionNotice;
  fromId?: number | null;
  toId?: number | null;
  limitMinutes?: number;
}

type NoticeDetails = Pick<LeadDistributionEmailPayload, "fromId" | "toId" | "limitMinutes">;

/** The agent's e-mail (an inactive agent or one without a usable address gets none). */
export async function enqueueAgentNotice(
  tx: Db | Tx,
  leadId: number,
  agentId: number,
  notice: DistributionNotice,
  details: NoticeDetails = {},
): Promise<void> {
  const [agent] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, agentId), eq(users.active, true)));
  const to = safeAddress(agent?.email);
  if (!to) return;
  await enqueue(tx, LEAD_DISTRIBUTION_EMAIL_KIND, {
    leadId,
    to,
    recipient: "corretor",
    notice,
    ...details,
  } satisfies LeadDistributionEmailPayload);
}

/** One e-mail per active admin. */
export async function enqueueAdminNotice(
  tx: Db | Tx,
  leadId: number,
  notice: DistributionNotice,
  details: NoticeDetails = {},
): Promise<void> {
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true)));
  for (const admin of admins) {
    const to = safeAddress(admin.email);
    if (!to) continue;
    await enqueue(tx, LEAD_DISTRIBUTION_EMAIL_KIND, {
      leadId,
      to,
      recipient: "admin",
      notice,
      ...details,
    } satisfies LeadDistributionEmailPayload);
  }
}

export interface DistributionEmailData {
  leadId: number;
  name: string;
  phone: string | null;
  referencia: string | null;
  titulo: string | null;
  fromName: string | null;
  toName: string | null;
}

/** Subject and body in Portuguese. */
export function buildDistributionEmail(
  data: DistributionEmailData,
  payload: Pick<LeadDistributionEmailPayload, "notice" | "recipient" | "limitMinutes">,
  publicUrl: string,
) {
  const about = data.referencia ? ` — imóvel ${data.referencia}` : "";
  const limit = payload.limitMinutes ? `${formatMinutes(payload.limitMinutes)} úteis` : "o prazo";
  const from = data.fromName ?? "o corretor anterior";
  const to = data.toName ?? "outro corretor";
  const [subject, lead] = ((): [string, string] => {
    switch (payload.notice) {
      case "atribuido":
        return [
          `Lead atribuído a você: ${data.name}${about}`,
          "A distribuição de leads passou este lead a você.",
        ];
      case "reatribuido":
        return payload.recipient === "corretor"
          ? [
              `Lead atribuído a você: ${data.name}${about}`,
              `Este lead passou a você porque ficou sem resposta por ${limit} com ${from}.`,
            ]
          : [
              `Lead reatribuído por falta de resposta: ${data.name}${about}`,
              `${from} não respondeu em ${limit}; o lead passou para ${to}.`,
            ];
      case "sem-corretor":
        return [
          `Lead sem corretor: ${data.name}${about}`,
          "Nenhum corretor participa da distribuição para este lead: ele espera sem responsável. Atribua-o no painel.",
        ];
      case "atrasado":
        return [
          `Lead sem resposta: ${data.name}${about}`,
          `${from} não respondeu em ${limit} e não há outro corretor disponível na distribuição.`,
        ];
    }
  })();
  const lines = [
    lead,
    payload.recipient === "corretor" ? "Responda o quanto antes: a pessoa está esperando." : null,
    "",
    `Nome: ${data.name}`,
    `Telefone: ${data.phone ?? "não informado"}`,
    data.referencia ? `Imóvel: ${data.referencia}${data.titulo ? ` — ${data.titulo}` : ""}` : null,
    "",
    `Abrir no painel: ${publicUrl.replace(/\/+$/, "")}/admin/leads/${data.leadId}`,
  ].filter((line): line is string => line !== null);
  return { subject: headerSafe(subject, 150), text: lines.join("\n") };
}

async function loadData(
  db: Db,
  payload: LeadDistributionEmailPayload,
): Promise<DistributionEmailData | null> {
  const [lead] = await db
    .select({
      leadId: leads.id,
      name: leads.name,
      phone: leads.phone,
      referencia: properties.referencia,
      titulo: properties.titulo,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(eq(leads.id, Number(payload.leadId)));
  if (!lead) return null;
  const ids = [payload.fromId, payload.toId].filter((id): id is number => typeof id === "number");
  const names = new Map(
    ids.length > 0
      ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))).map(
          (u) => [u.id, u.name],
        )
      : [],
  );
  return {
    ...lead,
    fromName: payload.fromId ? (names.get(payload.fromId) ?? null) : null,
    toName: payload.toId ? (names.get(payload.toId) ?? null) : null,
  };
}

export function leadDistributionEmailHandler(
  db: Db,
  transport: MailTransport,
  publicUrl: string,
  options: { storage?: Pick<Storage, "url"> } = {},
): OutboxHandler {
  return async (row) => {
    const payload = row.payload as unknown as LeadDistributionEmailPayload;
    const data = await loadData(db, payload);
    if (!data) return "skip"; // the lead was erased meanwhile
    const { subject, text } = buildDistributionEmail(data, payload, publicUrl);
    await sendBrandedMail({ db, transport, publicUrl, storage: options.storage }, row.id, {
      to: payload.to,
      subject,
      text,
    });
    return undefined;
  };
}
