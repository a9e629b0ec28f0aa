ALTER TABLE "bookings" ADD COLUMN "free_cancel_hours" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "late_cancel_refund_bps" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_base_paise" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_tax_paise" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_free_cancel_hours_check" CHECK ("bookings"."free_cancel_hours" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_late_cancel_refund_bps_check" CHECK ("bookings"."late_cancel_refund_bps" BETWEEN 0 AND 10000);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_check" CHECK ("bookings"."cancelled_by" IN ('renter', 'carKeeper', 'admin'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_check" CHECK ("bookings"."refund_base_paise" BETWEEN 0 AND "bookings"."total"::bigint * 100 AND "bookings"."refund_tax_paise" BETWEEN 0 AND "bookings"."tax_paise");