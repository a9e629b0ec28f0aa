ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pending_by" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pending_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" IN ('requested', 'accepting', 'accepted', 'declined', 'cancelled', 'expired'));--> statement-breakpoint
-- A booking being accepted keeps its period reserved while its money is taken, as an accepted one does.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("car_id" WITH =, "period" WITH &&) WHERE ("status" IN ('accepted', 'accepting'));
