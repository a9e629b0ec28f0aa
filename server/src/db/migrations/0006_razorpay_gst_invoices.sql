CREATE TABLE "invoice_sequences" (
	"financial_year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"renter_id" uuid NOT NULL,
	"car_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"driver" boolean NOT NULL,
	"amount_paise" bigint NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_booking_id_key" UNIQUE("booking_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_renter_id_fkey" FOREIGN KEY ("renter_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_car_id_fkey" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_invoice_number_key" UNIQUE("invoice_number");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tax_paise_check" CHECK ("bookings"."tax_paise" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_provider_check" CHECK ("bookings"."payment_provider" IS NULL OR "bookings"."payment_provider" IN ('stripe', 'razorpay'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_check" CHECK ("bookings"."amount_paise" = "bookings"."total"::bigint * 100 + "bookings"."tax_paise");--> statement-breakpoint
-- Every payment held before this release was a card's, through Stripe.
UPDATE "bookings" SET "payment_provider" = 'stripe' WHERE "payment_status" <> 'none';
