// Each agent's visit hours (visit_schedules): their own row, else the agency's (user_id null),
// else DEFAULT_VISIT_SCHEDULE. The agency's blocked dates (holidays) close every agent's calendar.
// A corretor edits their own; an admin anyone's and the agency's (routes/admin/visitas-disponibilidade.tsx).
// The agency's blocked dates also stop the roleta's clock (agencyHolidays, app/lib/business-hours.ts).
import { eq, isNull, or, sql } from "drizzle-orm";
import type { Holidays } from "../../lib/business-hours";
import { DEFAULT_VISIT_SCHEDULE, type SlotMinutes, type VisitSchedule } from "../../lib/visit-slots";
import { audit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { visitSchedules } from "../db/schema.server";

function toSchedule(row: typeof visitSchedules.$inferSelect): VisitSchedule {
  return {
    slotMinutes: (row.slotMinutes === 30 ? 30 : 60) as SlotMinutes,
    weekly: row.weekly,
    blockedDates: row.blockedDates,
  };
}

/** The schedule saved for an agent (null: the agency), or null when none was saved. */
export async function savedSchedule(db: Db | Tx, userId: number | null): Promise<VisitSchedule | null> {
  const [row] = await db
    .select()
    .from(visitSchedules)
    .where(userId === null ? isNull(visitSchedules.userId) : eq(visitSchedules.userId, userId));
  return row ? toSchedule(row) : null;
}

/** The schedule slots are computed from for an agent (null: the agency's own calendar). */
export async function scheduleFor(db: Db | Tx, agentId: number | null): Promise<VisitSchedule> {
  const rows = await db
    .select()
    .from(visitSchedules)
    .where(
      agentId === null
        ? isNull(visitSchedules.userId)
        : or(isNull(visitSchedules.userId), eq(visitSchedules.userId, agentId)),
    );
  const agency = rows.find((r) => r.userId === null);
  const own = rows.find((r) => r.userId !== null) ?? agency;
  const schedule = own ? toSchedule(own) : DEFAULT_VISIT_SCHEDULE;
  const holidays = agency?.blockedDates ?? [];
  return { ...schedule, blockedDates: [...new Set([...schedule.blockedDates, ...holidays])].sort() };
}

/** The agency's blocked dates: closed for visits and for the roleta's business time. */
export async function agencyHolidays(db: Db | Tx): Promise<Holidays> {
  return new Set((await savedSchedule(db, null))?.blockedDates ?? []);
}

export async function saveSchedule(
  db: Db,
  actorId: number,
  userId: number | null,
  schedule: VisitSchedule,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const values = {
      userId,
      slotMinutes: schedule.slotMinutes,
      weekly: schedule.weekly,
      blockedDates: schedule.blockedDates,
      updatedAt: now,
    };
    // One row per agent (visit_schedules_user_idx on coalesce(user_id, 0)): two saves at once
    // take turns on this lock, so the second updates the row the first inserted.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`visit-schedule:${userId ?? 0}`}))`);
    const updated = await tx
      .update(visitSchedules)
      .set(values)
      .where(userId === null ? isNull(visitSchedules.userId) : eq(visitSchedules.userId, userId))
      .returning({ id: visitSchedules.id });
    if (updated.length === 0) await tx.insert(visitSchedules).values(values);
    await audit(tx, {
      userId: actorId,
      action: "visit-schedule",
      entity: "user",
      entityId: userId ?? "agencia",
      details: { slotMinutes: schedule.slotMinutes },
    });
  });
}
