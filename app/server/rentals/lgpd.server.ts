// A person's temporada stays in an LGPD request (app/server/leads/lgpd.server.ts does the whole
// request): the bookings in their name, found by their e-mail or by one of their leads (a booking
// keeps the guest's name and e-mail, and outlives its lead: rental_bookings.lead_id is "on delete
// set null"). Erasure keeps the stay, whose nights hold the calendar (decision 037) and whose
// dates and amount are the agency's own records, but not who the guest was: the name becomes
// ERASED_GUEST, the e-mail goes, and so do the e-mails queued or sent to it (their payload has
// the address).
import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { outbox, properties, rentalBookings } from "../db/schema.server";
import { payloadIdIn } from "../outbox/outbox.server";
import { BOOKING_EMAIL_KIND, CANCELLATION_EMAIL_KIND } from "./booking-email.server";

/** What the agency's screens show for a guest whose data was erased. */
export const ERASED_GUEST = "Hóspede (dados apagados a pedido)";

export interface StayExport {
  referencia: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  total: number;
  guestName: string;
  guestEmail: string | null;
  status: string;
  createdAt: string;
}

function personStays(contato: string, leadIds: readonly number[]): SQL | undefined {
  const value = contato.trim();
  const byEmail = value.includes("@")
    ? eq(sql`lower(${rentalBookings.guestEmail})`, value.toLowerCase())
    : undefined;
  const byLead = leadIds.length > 0 ? inArray(rentalBookings.leadId, [...leadIds]) : undefined;
  return byEmail || byLead ? or(byEmail, byLead) : undefined;
}

export async function exportPersonStays(
  db: Db,
  contato: string,
  leadIds: readonly number[],
): Promise<StayExport[]> {
  const where = personStays(contato, leadIds);
  if (!where) return [];
  const rows = await db
    .select({
      referencia: properties.referencia,
      checkIn: rentalBookings.checkIn,
      checkOut: rentalBookings.checkOut,
      guests: rentalBookings.guests,
      total: rentalBookings.total,
      guestName: rentalBookings.guestName,
      guestEmail: rentalBookings.guestEmail,
      status: rentalBookings.status,
      createdAt: rentalBookings.createdAt,
    })
    .from(rentalBookings)
    .innerJoin(properties, eq(properties.id, rentalBookings.propertyId))
    .where(where)
    .orderBy(asc(rentalBookings.checkIn), asc(rentalBookings.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function countPersonStays(db: Db, contato: string, leadIds: readonly number[]): Promise<number> {
  const where = personStays(contato, leadIds);
  if (!where) return 0;
  const rows = await db.select({ id: rentalBookings.id }).from(rentalBookings).where(where);
  return rows.length;
}

/**
 * In the caller's transaction, before the person's leads are deleted (their ids find the stays
 * booked on them): the guest's name and e-mail leave the stays, and the guest's e-mails go.
 */
export async function erasePersonStays(
  tx: Tx,
  contato: string,
  leadIds: readonly number[],
): Promise<number[]> {
  const where = personStays(contato, leadIds);
  if (!where) return [];
  const found = await tx.select({ id: rentalBookings.id }).from(rentalBookings).where(where);
  const ids = found.map((r) => r.id);
  if (ids.length === 0) return ids;
  await tx
    .delete(outbox)
    .where(
      and(inArray(outbox.kind, [BOOKING_EMAIL_KIND, CANCELLATION_EMAIL_KIND]), payloadIdIn("bookingId", ids)),
    );
  await tx
    .update(rentalBookings)
    .set({ guestName: ERASED_GUEST, guestEmail: null })
    .where(inArray(rentalBookings.id, ids));
  return ids;
}
