// The guest's e-mail when the agency confirms a temporada stay (rentals.server.ts queues it in the
// confirmation's own transaction): the stay, the house's times and rules, and how to pay, as the
// agency wrote it on /admin/configuracoes. Built when sent, from the booking as it is then.
import { eq } from "drizzle-orm";
import { formatPrice } from "../../lib/format";
import { formatIsoDate, nightsOf } from "../../lib/rental";
import type { Db, Tx } from "../db/client.server";
import { agencySettings, properties, rentalBookings, rentalTerms } from "../db/schema.server";
import { sendBrandedMail } from "../mail/branded-mail.server";
import { headerSafe, type MailTransport, safeAddress } from "../mail/mailer.server";
import type { Storage } from "../media/storage.server";
import { enqueue, type OutboxHandler } from "../outbox/outbox.server";

export const BOOKING_EMAIL_KIND = "rental-booking-email";
export const CANCELLATION_EMAIL_KIND = "rental-booking-cancelled-email";

export interface BookingEmailPayload {
  bookingId: number;
  to: string;
}

/** Queues the guest's confirmation in the caller's transaction; none without a usable address. */
export async function enqueueBookingEmail(
  tx: Db | Tx,
  bookingId: number,
  email: string | null,
): Promise<boolean> {
  const to = safeAddress(email);
  if (!to) return false;
  await enqueue(tx, BOOKING_EMAIL_KIND, { bookingId, to } satisfies BookingEmailPayload);
  return true;
}

/** Queues the guest's cancellation notice in the caller's transaction; none without a usable address. */
export async function enqueueCancellationEmail(
  tx: Db | Tx,
  bookingId: number,
  email: string | null,
): Promise<boolean> {
  const to = safeAddress(email);
  if (!to) return false;
  await enqueue(tx, CANCELLATION_EMAIL_KIND, { bookingId, to } satisfies BookingEmailPayload);
  return true;
}

/** The guest's notice that a confirmed stay was cancelled (null unless the stay is cancelled). */
export async function buildCancellationEmail(db: Db, bookingId: number, publicUrl: string) {
  const [row] = await db
    .select({
      booking: rentalBookings,
      referencia: properties.referencia,
      titulo: properties.titulo,
      agencyName: agencySettings.name,
      agencyEmail: agencySettings.email,
    })
    .from(rentalBookings)
    .innerJoin(properties, eq(properties.id, rentalBookings.propertyId))
    .leftJoin(agencySettings, eq(agencySettings.id, 1))
    .where(eq(rentalBookings.id, bookingId));
  if (row?.booking.status !== "cancelada") return null;
  const { booking } = row;
  const listingUrl = `${publicUrl.replace(/\/+$/, "")}/casas/${encodeURIComponent(row.referencia)}`;
  const lines = [
    `Olá, ${booking.guestName}!`,
    "",
    `Sua reserva por temporada em ${row.titulo} (Ref. ${row.referencia}), de ${formatIsoDate(booking.checkIn)} a ${formatIsoDate(booking.checkOut)}, foi cancelada.`,
    "",
    "Se tiver dúvidas sobre valores já pagos ou quiser remarcar, responda a este e-mail.",
    "",
    `O imóvel: ${listingUrl}`,
    row.agencyName ? `\n${row.agencyName}` : null,
  ].filter((line): line is string => line !== null);
  return {
    subject: headerSafe(
      `Reserva cancelada: ${row.titulo} — ${formatIsoDate(booking.checkIn)} a ${formatIsoDate(booking.checkOut)}`,
      150,
    ),
    text: lines.join("\n"),
    replyTo: safeAddress(row.agencyEmail) ?? undefined,
  };
}

export async function buildBookingEmail(db: Db, bookingId: number, publicUrl: string) {
  const [row] = await db
    .select({
      booking: rentalBookings,
      referencia: properties.referencia,
      titulo: properties.titulo,
      bairro: properties.bairro,
      cidade: properties.cidade,
      terms: rentalTerms,
      agencyName: agencySettings.name,
      agencyEmail: agencySettings.email,
      payment: agencySettings.rentalPaymentText,
    })
    .from(rentalBookings)
    .innerJoin(properties, eq(properties.id, rentalBookings.propertyId))
    .leftJoin(rentalTerms, eq(rentalTerms.propertyId, rentalBookings.propertyId))
    .leftJoin(agencySettings, eq(agencySettings.id, 1))
    .where(eq(rentalBookings.id, bookingId));
  if (row?.booking.status !== "confirmada") return null;
  const { booking, terms } = row;
  const nights = nightsOf(booking.checkIn, booking.checkOut).length;
  const listingUrl = `${publicUrl.replace(/\/+$/, "")}/casas/${encodeURIComponent(row.referencia)}`;
  const lines = [
    `Olá, ${booking.guestName}!`,
    "",
    `Sua reserva por temporada está confirmada: ${row.titulo} (Ref. ${row.referencia}), ${row.bairro}, ${row.cidade}.`,
    "",
    `Chegada: ${formatIsoDate(booking.checkIn)}${terms ? `, a partir das ${terms.checkInTime}` : ""}`,
    `Saída: ${formatIsoDate(booking.checkOut)}${terms ? `, até as ${terms.checkOutTime}` : ""}`,
    `Noites: ${nights}`,
    `Hóspedes: ${booking.guests}`,
    `Valor total: ${formatPrice(booking.total)}`,
    terms && terms.securityDeposit > 0 ? `Caução: ${formatPrice(terms.securityDeposit)}` : null,
    "",
    "Pagamento:",
    row.payment?.trim() || "A imobiliária vai enviar as instruções de pagamento.",
    terms?.houseRules.trim() ? `\nRegras da casa:\n${terms.houseRules.trim()}` : null,
    "",
    `O imóvel: ${listingUrl}`,
    row.agencyName ? `\n${row.agencyName}` : null,
  ].filter((line): line is string => line !== null);
  return {
    subject: headerSafe(
      `Reserva confirmada: ${row.titulo} — ${formatIsoDate(booking.checkIn)} a ${formatIsoDate(booking.checkOut)}`,
      150,
    ),
    text: lines.join("\n"),
    replyTo: safeAddress(row.agencyEmail) ?? undefined,
  };
}

export function bookingEmailHandler(
  db: Db,
  transport: MailTransport,
  publicUrl: string,
  options: { storage?: Pick<Storage, "url">; build?: typeof buildBookingEmail } = {},
): OutboxHandler {
  const build = options.build ?? buildBookingEmail;
  return async (row) => {
    const payload = row.payload as unknown as BookingEmailPayload;
    const id = Number(payload.bookingId);
    if (!Number.isSafeInteger(id)) return "skip";
    const mail = await build(db, id, publicUrl);
    if (!mail) return "skip";
    await sendBrandedMail({ db, transport, publicUrl, storage: options.storage }, row.id, {
      to: payload.to,
      subject: mail.subject,
      text: mail.text,
      replyTo: mail.replyTo,
    });
    return undefined;
  };
}

/** The cancellation notice's handler (same sending path as the confirmation). */
export function cancellationEmailHandler(
  db: Db,
  transport: MailTransport,
  publicUrl: string,
  options: { storage?: Pick<Storage, "url"> } = {},
): OutboxHandler {
  return bookingEmailHandler(db, transport, publicUrl, { ...options, build: buildCancellationEmail });
}
