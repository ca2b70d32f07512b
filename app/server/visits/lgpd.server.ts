// A person's visits in an LGPD request (app/server/leads/lgpd.server.ts does the whole request):
// the visits booked with their e-mail or phone, or on one of their leads (a visit keeps its own
// name, phone and e-mail, and outlives its lead: visits.lead_id is "on delete set null").
// Erased with their unsent e-mails (confirmation, reminder): a booked visit is then off the agenda.
import { and, asc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { outbox, properties, visits } from "../db/schema.server";
import { personMatchOn } from "../leads/person-match.server";
import { payloadIdIn } from "../outbox/outbox.server";
import { VISIT_EMAIL_KIND } from "./visit-emails.server";

export interface VisitExport {
  referencia: string | null;
  startsAt: string;
  endsAt: string;
  name: string;
  phone: string;
  email: string;
  status: string;
  createdAt: string;
  cancelledAt: string | null;
}

/** The person's visits: by the contact they gave, or on one of their leads (`leadIds`). */
function personVisits(contato: string, leadIds: readonly number[]): SQL {
  const byContact = personMatchOn(visits, contato);
  return (leadIds.length > 0 ? or(byContact, inArray(visits.leadId, [...leadIds])) : byContact) as SQL;
}

export async function exportPersonVisits(
  db: Db,
  contato: string,
  leadIds: readonly number[],
): Promise<VisitExport[]> {
  const rows = await db
    .select({
      referencia: properties.referencia,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      name: visits.name,
      phone: visits.phone,
      email: visits.email,
      status: visits.status,
      createdAt: visits.createdAt,
      cancelledAt: visits.cancelledAt,
    })
    .from(visits)
    .leftJoin(properties, eq(properties.id, visits.propertyId))
    .where(personVisits(contato, leadIds))
    .orderBy(asc(visits.startsAt), asc(visits.id));
  return rows.map((r) => ({
    ...r,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
  }));
}

export async function countPersonVisits(
  db: Db,
  contato: string,
  leadIds: readonly number[],
): Promise<number> {
  const rows = await db.select({ id: visits.id }).from(visits).where(personVisits(contato, leadIds));
  return rows.length;
}

/**
 * In the caller's transaction, before the person's leads are deleted (their ids find the visits
 * booked on them): the visits and their unsent e-mails. Returns the visits' ids.
 */
export async function erasePersonVisits(
  tx: Tx,
  contato: string,
  leadIds: readonly number[],
): Promise<number[]> {
  const found = await tx.select({ id: visits.id }).from(visits).where(personVisits(contato, leadIds));
  const ids = found.map((r) => r.id);
  if (ids.length === 0) return ids;
  await tx
    .delete(outbox)
    .where(and(eq(outbox.kind, VISIT_EMAIL_KIND), isNull(outbox.sentAt), payloadIdIn("visitId", ids)));
  await tx.delete(visits).where(inArray(visits.id, ids));
  return ids;
}
