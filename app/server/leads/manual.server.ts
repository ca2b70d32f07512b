// Manual entry: an agent records a phone call or a walk-in (/admin/leads) in three fields. It
// takes the path of every lead (record.server.ts) as the agent who recorded it: the new card is
// theirs, it joins only a card of the same person they can see, and they get no e-mail of it.
import { type ManualLeadErrors, type ManualLeadField, manualLeadSchema } from "../../lib/lead-manual";
import type { Db } from "../db/client.server";
import { listingByReferencia } from "../properties/referencia.server";
import type { Actor } from "./inbox.server";
import { recordLead } from "./record.server";

export type ManualLeadResult =
  | { ok: true; leadId: number; joined: boolean }
  | { ok: false; fieldErrors: ManualLeadErrors };

const REFERENCIA = /^[A-Za-z]{2}\d{3,6}$/;

export async function recordManualLead(
  db: Db,
  actor: Actor,
  input: Record<ManualLeadField, unknown>,
  now: Date = new Date(),
): Promise<ManualLeadResult> {
  const parsed = manualLeadSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: ManualLeadErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ManualLeadField | undefined;
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const { name, phone, interesse, como } = parsed.data;
  // "AP0042" alone in the interest is a listing's referência: the contact is about it.
  let propertyId: number | null = null;
  // Its code now, or one it had before a rename (the lookup every lead that names a listing takes).
  if (REFERENCIA.test(interesse)) propertyId = (await listingByReferencia(db, interesse))?.id ?? null;
  const result = await recordLead(db, {
    name,
    phone,
    email: null,
    message: interesse,
    origin: como,
    propertyId,
    referencia: propertyId ? interesse.toUpperCase() : null,
    assigneeId: actor.id,
    recordedBy: actor,
    now,
  });
  if (result.status !== "created") throw new Error("lead manual tido como repetido");
  return { ok: true, leadId: result.leadId, joined: result.joined };
}
