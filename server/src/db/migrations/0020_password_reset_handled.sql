ALTER TABLE "password_reset_requests" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
-- Requests asked before this were handled as they were answered.
UPDATE "password_reset_requests" SET "handled_at" = "requested_at";--> statement-breakpoint
CREATE INDEX "password_reset_requests_pending_idx" ON "password_reset_requests" USING btree ("id") WHERE "password_reset_requests"."handled_at" is null;