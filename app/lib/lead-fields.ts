// The listing contact form's field names, limits and answers, without the schema (zod stays out
// of the listing page's JavaScript; the schema in lead-form.ts runs on the server).
export const LEAD_LIMITS = { name: 100, email: 254, message: 2000 } as const;
/** The honeypot's field name: people never see it, bots fill it. */
export const HONEYPOT_FIELD = "website";

export type LeadField = "name" | "phone" | "email" | "message" | "consent";
export type LeadFieldErrors = Partial<Record<LeadField, string>>;

/** What a lead form's action answers (status 200, 400, 404, 409 or 429; submitLeadForm). */
export type LeadActionData =
  | {
      ok: true;
      /** A temporada booking request sent without a usable e-mail: the agency answers by phone. */
      byPhone?: boolean;
    }
  | {
      ok: false;
      fieldErrors?: LeadFieldErrors;
      /** A message for the whole form (rate limit, listing no longer available). */
      formError?: string;
      /** What was typed, so a page rendered without JavaScript keeps it. */
      values?: Partial<Record<"name" | "phone" | "email" | "message" | "consent", string>>;
    };
