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
export function enqueueBookingEmail(tx: Db | Tx, bookingId: number, email: string | null) {
  return enqueueGuestEmail(tx, BOOKING_EMAIL_KIND, bookingId, email);
}

/** Queues the guest's cancellation notice in the caller's transaction; none without a usable address. */
export function enqueueCancellationEmail(tx: Db | Tx, bookingId: number, email: string | null) {
  return enqueueGuestEmail(tx, CANCELLATION_EMAIL_KIND, bookingId, email);
}

async function enqueueGuestEmail(
  tx: Db | Tx,
  kind: typeof BOOKING_EMAIL_KIND | typeof CANCELLATION_EMAIL_KIND,
  bookingId: number,
  email: string | null,
): Promise<boolean> {
  const to = safeAddress(email);
  if (!to) return false;
  await enqueue(tx, kind, { bookingId, to } satisfies BookingEmailPayload);
  return true;
}

/** The booking with its listing, house terms and the agency's contacts, as the e-mails read them. */
async function bookingForEmail(db: Db, bookingId: number) {
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
  return row;
}

type BookingForEmail = NonNullable<Awaited<ReturnType<typeof bookingForEmail>>>;

/**
 * Both e-mails' common frame: the greeting, the listing's link and the agency's sign-off around
 * `body`, and the subject "<what>: <listing> — <stay>".
 */
function bookingMail(row: BookingForEmail, publicUrl: string, what: string, body: (string | null)[]) {
  const { booking } = row;
  const listingUrl = `${publicUrl.replace(/\/+$/, "")}/casas/${encodeURIComponent(row.referencia)}`;
  const lines = [
    `Olá, ${booking.guestName}!`,
    "",
    ...body,
    "",
    `O imóvel: ${listingUrl}`,
    row.agencyName ? `\n${row.agencyName}` : null,
  ].filter((line): line is string => line !== null);
  return {
    subject: headerSafe(
      `${what}: ${row.titulo} — ${formatIsoDate(booking.checkIn)} a ${formatIsoDate(booking.checkOut)}`,
      150,
    ),
    text: lines.join("\n"),
    replyTo: safeAddress(row.agencyEmail) ?? undefined,
  };
}

/** The guest's notice that a confirmed stay was cancelled (null unless the stay is cancelled). */
export async function buildCancellationEmail(db: Db, bookingId: number, publicUrl: string) {
  const row = await bookingForEmail(db, bookingId);
  if (row?.booking.status !== "cancelada") return null;
  const { booking } = row;
  return bookingMail(row, publicUrl, "Reserva cancelada", [
    `Sua reserva por temporada em ${row.titulo} (Ref. ${row.referencia}), de ${formatIsoDate(booking.checkIn)} a ${formatIsoDate(booking.checkOut)}, foi cancelada.`,
    "",
    "Se tiver dúvidas sobre valores já pagos ou quiser remarcar, responda a este e-mail.",
  ]);
}

export async function buildBookingEmail(db: Db, bookingId: number, publicUrl: string) {
  const row = await bookingForEmail(db, bookingId);
  if (row?.booking.status !== "confirmada") return null;
  const { booking, terms } = row;
  const nights = nightsOf(booking.checkIn, booking.checkOut).length;
  return bookingMail(row, publicUrl, "Reserva confirmada", [
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
  ]);
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
