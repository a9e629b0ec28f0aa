-- Custom migration (Drizzle cannot declare an exclusion constraint): the database itself refuses two
-- accepted bookings of one car whose [starts_at, ends_at) periods share an instant. btree_gist lets
-- the GiST index compare the car's uuid with = beside the periods' &&.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("car_id" WITH =, "period" WITH &&) WHERE ("status" = 'accepted');
