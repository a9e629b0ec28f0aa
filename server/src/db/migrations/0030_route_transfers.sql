CREATE TABLE "route_accounts" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"stakeholder_id" text,
	"product_id" text,
	"state" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_accounts_account_id_key" UNIQUE("account_id"),
	CONSTRAINT "route_accounts_state_check" CHECK ("route_accounts"."state" IN ('created', 'under_review', 'needs_clarification', 'activated', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "route_transfers" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"transfer_id" text,
	"on_hold" boolean DEFAULT true NOT NULL,
	"processed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"payout_id" uuid,
	"reversed_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_transfers_transfer_id_key" UNIQUE("transfer_id"),
	CONSTRAINT "route_transfers_payout_id_key" UNIQUE("payout_id"),
	CONSTRAINT "route_transfers_amount_paise_check" CHECK ("route_transfers"."amount_paise" > 0),
	CONSTRAINT "route_transfers_reversed_paise_check" CHECK ("route_transfers"."reversed_paise" >= 0 AND "route_transfers"."reversed_paise" <= "route_transfers"."amount_paise")
);
--> statement-breakpoint
ALTER TABLE "route_accounts" ADD CONSTRAINT "route_accounts_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_transfers" ADD CONSTRAINT "route_transfers_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_transfers" ADD CONSTRAINT "route_transfers_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_transfers" ADD CONSTRAINT "route_transfers_payout_id_fkey" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_transfers_open_idx" ON "route_transfers" USING btree ("booking_id") WHERE "route_transfers"."failed_at" IS NULL AND ("route_transfers"."transfer_id" IS NULL OR "route_transfers"."on_hold");