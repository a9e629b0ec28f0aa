CREATE TABLE "booking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" RENAME COLUMN "price_per_day" TO "price_per_hour";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_price_per_day_check";--> statement-breakpoint
-- Existing bookings are numbered in the order they were made, and new ones continue after them.
ALTER TABLE "bookings" ADD COLUMN "number" bigint;--> statement-breakpoint
UPDATE "bookings" SET "number" = "numbered"."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "bookings") AS "numbered" WHERE "bookings"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "bookings_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"bookings_number_seq"', COALESCE((SELECT max("number") FROM "bookings"), 0) + 1, false);--> statement-breakpoint
-- No money was held before this release, so every earlier request expires when its period begins.
ALTER TABLE "bookings" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bookings" SET "expires_at" = "starts_at";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_number_key" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_per_hour_check" CHECK ("bookings"."price_per_hour" BETWEEN 1 AND 1000000);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" IN ('none', 'held', 'captured', 'released', 'refunded', 'failed'));--> statement-breakpoint
-- The history of earlier bookings, as far as it is known: the request, and the status they are in since their last change.
INSERT INTO "booking_events" ("booking_id", "status", "at") SELECT "id", 'requested', "created_at" FROM "bookings";--> statement-breakpoint
INSERT INTO "booking_events" ("booking_id", "status", "at") SELECT "id", "status", "updated_at" FROM "bookings" WHERE "status" <> 'requested';--> statement-breakpoint
-- Owners entered their prices per day before this release; the price is per hour now (issue 9).
UPDATE "cars" SET "price" = GREATEST(1, ROUND("price" / 24.0)) WHERE "kind" = 'listed';