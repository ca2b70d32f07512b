// A tap on "Conversar no WhatsApp" on a listing, reported by the page before the visitor goes
// to wa.me. It carries no name and no number, so it is not a lead (nobody to call back: the
// conversation itself happens on WhatsApp): it is counted per listing and day, for the painel
// and the listing's own numbers (app/server/dashboard/dashboard.server.ts). The agent still
// learns which listing the WhatsApp message that follows is about: one e-mail per visitor,
// listing and day, to the listing's agent (else the agency), however often they tap.
import { and, eq, sql } from "drizzle-orm";
import { hitRateLimit, type RateLimitRule } from "../auth/rate-limit.server";
import type { Db, Tx } from "../db/client.server";
import { agencySettings, properties, propertyViewsDaily, users } from "../db/schema.server";
import { sendBrandedMail } from "../mail/branded-mail.server";
import { headerSafe, type MailTransport, safeAddress } from "../mail/mailer.server";
import type { Storage } from "../media/storage.server";
import { enqueue, type OutboxHandler } from "../outbox/outbox.server";

/** One notice per visitor (connection), listing and day: the key names the day. */
const NOTICE_RULE: RateLimitRule = { limit: 1, windowMs: 24 * 3_600_000 };
export const WHATSAPP_CLICK_EMAIL_KIND = "whatsapp-click-email";

export type WhatsappClickResult = "recorded" | "invalid" | "not-found";

export interface WhatsappClickEmailPayload {
  propertyId: number;
  to: string;
  /** YYYY-MM-DD in Alagoas time: the day of the click. */
  day: string;
}

const today = sql`(now() at time zone 'America/Maceio')::date`;

/**
 * Counts a tap (its per-IP limit is counted at the edge: http/form-limits.server.ts); `ip` only
 * keeps the agent's notice to one per visitor, listing and day.
 */
export async function recordWhatsappClick(
  db: Db,
  referencia: unknown,
  ip: string,
): Promise<WhatsappClickResult> {
  if (typeof referencia !== "string" || !/^[A-Za-z0-9-]{1,30}$/.test(referencia)) return "invalid";
  const [property] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        sql`upper(${properties.referencia}) = ${referencia.toUpperCase()}`,
        eq(properties.publicacao, "publicado"),
      ),
    );
  if (!property) return "not-found";
  const counted = await db.execute(sql`
    insert into ${propertyViewsDaily} (property_id, day, whatsapp_clicks)
    values (${property.id}, ${today}, 1)
    on conflict (property_id, day)
      do update set whatsapp_clicks = ${propertyViewsDaily.whatsappClicks} + 1
    returning to_char(day, 'YYYY-MM-DD') as day`);
  const [row] = (Array.isArray(counted) ? counted : (counted as { rows: unknown[] }).rows) as {
    day: string;
  }[];
  const day = row?.day;
  if (!day) throw new Error("whatsapp: contagem sem retorno");
  const notice = await hitRateLimit(db, `whatsapp-aviso:${property.id}:${day}:${ip}`, NOTICE_RULE);
  if (notice.allowed) await enqueueWhatsappClickEmail(db, property.id, day);
  return "recorded";
}

/** One e-mail: the listing's agent if active, else the agency's address. */
async function enqueueWhatsappClickEmail(db: Db | Tx, propertyId: number, day: string): Promise<void> {
  const [row] = await db
    .select({
      agentEmail: users.email,
      agencyEmail: sql<string | null>`(select ${agencySettings.email} from ${agencySettings} where id = 1)`,
    })
    .from(properties)
    .leftJoin(users, and(eq(users.id, properties.corretorId), eq(users.active, true)))
    .where(eq(properties.id, propertyId));
  const to = safeAddress(row?.agentEmail) ?? safeAddress(row?.agencyEmail);
  if (!to) return;
  await enqueue(db, WHATSAPP_CLICK_EMAIL_KIND, { propertyId, to, day } satisfies WhatsappClickEmailPayload);
}

export interface WhatsappClickEmailData {
  referencia: string;
  titulo: string;
  propertyId: number;
  /** Taps on that listing that day, so far. */
  clicks: number;
  day: string;
}

/** Subject and body in Portuguese. */
export function buildWhatsappClickEmail(data: WhatsappClickEmailData, publicUrl: string) {
  const [year, month, date] = data.day.split("-");
  const base = publicUrl.replace(/\/+$/, "");
  const subject = headerSafe(`WhatsApp: interesse no imóvel ${data.referencia}`, 150);
  const text = [
    `Alguém tocou em “Conversar no WhatsApp” no imóvel ${data.referencia} — ${data.titulo}, em ${date}/${month}/${year}.`,
    "",
    // The listing's button opens the corretor's WhatsApp when the page shows them (active, with a
    // CRECI and a phone: listing-page.server.ts), else the agency's.
    "A mensagem chega pelo WhatsApp do anúncio (o do corretor, se a página o mostra com telefone; senão, o da imobiliária): este aviso só diz de qual imóvel ela trata.",
    "O site não tem o nome nem o telefone dessa pessoa, por isso não há lead na caixa de entrada.",
    `Toques no WhatsApp deste imóvel nesse dia: ${data.clicks}. Você recebe no máximo um aviso por visitante e por dia.`,
    "",
    `Números do imóvel no painel: ${base}/admin/imoveis/${data.propertyId}#desempenho`,
  ].join("\n");
  return { subject, text };
}

/** The outbox handler for WhatsApp click notices. */
export function whatsappClickEmailHandler(
  db: Db,
  transport: MailTransport,
  publicUrl: string,
  options: { storage?: Pick<Storage, "url"> } = {},
): OutboxHandler {
  return async (row) => {
    const payload = row.payload as unknown as WhatsappClickEmailPayload;
    const propertyId = Number(payload.propertyId);
    const [listing] = await db
      .select({ referencia: properties.referencia, titulo: properties.titulo })
      .from(properties)
      .where(eq(properties.id, propertyId));
    if (!listing) return "skip"; // the listing was deleted meanwhile
    const [counter] = await db
      .select({ clicks: propertyViewsDaily.whatsappClicks })
      .from(propertyViewsDaily)
      .where(and(eq(propertyViewsDaily.propertyId, propertyId), eq(propertyViewsDaily.day, payload.day)));
    const { subject, text } = buildWhatsappClickEmail(
      { ...listing, propertyId, clicks: counter?.clicks ?? 1, day: payload.day },
      publicUrl,
    );
    await sendBrandedMail({ db, transport, publicUrl, storage: options.storage }, row.id, {
      to: payload.to,
      subject,
      text,
    });
    return undefined;
  };
}
