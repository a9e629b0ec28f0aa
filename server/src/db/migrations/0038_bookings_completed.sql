ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
DROP INDEX "bookings_earnings_due_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completes_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_completion_due_idx" ON "bookings" USING btree ("completes_at") WHERE "bookings"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "bookings_earnings_due_idx" ON "bookings" USING btree ("completes_at") WHERE "bookings"."status" = 'completed' and "bookings"."payment_status" = 'captured' and "bookings"."earnings_released_at" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" IN ('requested', 'accepting', 'accepted', 'completed', 'declined', 'cancelled', 'expired'));--> statement-breakpoint
-- Each booking completes the claim window after its end; those requested before the window was stored have the default's (CLAIM_WINDOW_HOURS, 24).
UPDATE "bookings" SET "completes_at" = "ends_at" + interval '24 hours';--> statement-breakpoint
-- The accepted bookings already past it complete now, each as of when its window closed, in its history too. No share is
-- released here: those of trips ended 48 hours ago were released by the former rule (earnings_released_at set, journal
-- `release:<booking>` posted, which the completion never posts again), and the sweep releases the rest once.
WITH "completed" AS (
  UPDATE "bookings" SET "status" = 'completed' WHERE "status" = 'accepted' AND "completes_at" <= now()
  RETURNING "id", "completes_at"
)
INSERT INTO "booking_events" ("booking_id", "status", "at") SELECT "id", 'completed', "completes_at" FROM "completed";
