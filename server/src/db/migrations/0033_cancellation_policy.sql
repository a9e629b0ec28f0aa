ALTER TABLE "bookings" ADD COLUMN "free_cancel_hours" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "late_cancel_refund_bps" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_base_paise" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_tax_paise" integer;