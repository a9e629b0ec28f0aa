CREATE TABLE "trip_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"key" text NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trip_photos_slot_check" CHECK ("trip_photos"."slot" IN ('front', 'rear', 'left', 'right', 'other'))
);
--> statement-breakpoint
CREATE TABLE "trip_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entered_by" uuid NOT NULL,
	"entered_side" text NOT NULL,
	"odometer_km" integer NOT NULL,
	"fuel_eighths" integer,
	"battery_percent" integer,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"corrected_odometer_km" integer,
	"corrected_fuel_eighths" integer,
	"corrected_battery_percent" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_records_kind_check" CHECK ("trip_records"."kind" IN ('handover', 'return')),
	CONSTRAINT "trip_records_entered_side_check" CHECK ("trip_records"."entered_side" IN ('renter', 'carKeeper')),
	CONSTRAINT "trip_records_odometer_check" CHECK ("trip_records"."odometer_km" >= 0 AND "trip_records"."corrected_odometer_km" >= 0),
	CONSTRAINT "trip_records_fuel_check" CHECK (num_nonnulls("trip_records"."fuel_eighths", "trip_records"."battery_percent") = 1 AND "trip_records"."fuel_eighths" BETWEEN 0 AND 8 AND "trip_records"."battery_percent" BETWEEN 0 AND 100 AND "trip_records"."corrected_fuel_eighths" BETWEEN 0 AND 8 AND "trip_records"."corrected_battery_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
DROP INDEX "bookings_completion_due_idx";--> statement-breakpoint
ALTER TABLE "trip_photos" ADD CONSTRAINT "trip_photos_record_id_fkey" FOREIGN KEY ("record_id") REFERENCES "public"."trip_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_photos" ADD CONSTRAINT "trip_photos_uploaded_by_fkey" FOREIGN KEY ("uploaded_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_records" ADD CONSTRAINT "trip_records_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_records" ADD CONSTRAINT "trip_records_entered_by_fkey" FOREIGN KEY ("entered_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_records" ADD CONSTRAINT "trip_records_confirmed_by_fkey" FOREIGN KEY ("confirmed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_photos_record_idx" ON "trip_photos" USING btree ("record_id","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_records_booking_kind_idx" ON "trip_records" USING btree ("booking_id","kind");--> statement-breakpoint
CREATE INDEX "bookings_completion_due_idx" ON "bookings" USING btree ("completes_at") WHERE "bookings"."status" IN ('accepted', 'returned');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" IN ('requested', 'accepting', 'accepted', 'completed', 'declined', 'cancelled', 'expired', 'no_show_renter', 'no_show_owner', 'in_trip', 'returned'));--> statement-breakpoint
-- A trip handed over or returned keeps its car's period reserved, as an accepted booking does: the step
-- out of `accepted` must not free the period for another booking.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("car_id" WITH =, "period" WITH &&) WHERE ("status" IN ('accepted', 'accepting', 'in_trip', 'returned'));
