-- Per-account sign-in turns (app/server/auth/sign-in-turns.server.ts): an attempt is counted when
-- it starts and takes the next turn, so concurrent guesses on one account are checked one after
-- another, in every app instance. Replaces the per-account failure counters in rate_limits.
CREATE TABLE "sign_in_turns" (
	"email" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"last_turn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Failures counted before the upgrade still count (an attack in progress is not forgiven).
INSERT INTO "sign_in_turns" ("email", "attempts", "window_start", "last_turn_at")
SELECT substr("key", length('sign-in:account:') + 1), "count", "window_start", "window_start"
FROM "rate_limits" WHERE "key" LIKE 'sign-in:account:%';
--> statement-breakpoint
DELETE FROM "rate_limits" WHERE "key" LIKE 'sign-in:account:%';
