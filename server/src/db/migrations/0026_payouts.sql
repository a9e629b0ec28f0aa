CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payout_runs_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"started_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_runs_number_key" UNIQUE("number"),
	CONSTRAINT "payout_runs_key_key" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payouts_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" uuid,
	"owner_id" uuid NOT NULL,
	"way" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"utr" text,
	"provider_ref" text,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_number_key" UNIQUE("number"),
	CONSTRAINT "payouts_utr_key" UNIQUE("utr"),
	CONSTRAINT "payouts_provider_ref_key" UNIQUE("provider_ref"),
	CONSTRAINT "payouts_way_check" CHECK ("payouts"."way" IN ('manual', 'route')),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" IN ('requested', 'processing', 'paid', 'failed')),
	CONSTRAINT "payouts_amount_paise_check" CHECK ("payouts"."amount_paise" > 0),
	CONSTRAINT "payouts_utr_check" CHECK ("payouts"."utr" ~ '^[A-Z0-9]{12,22}$'),
	CONSTRAINT "payouts_paid_check" CHECK (("payouts"."status" = 'paid') = ("payouts"."paid_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_started_by_fkey" FOREIGN KEY ("started_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_runs_created_idx" ON "payout_runs" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_run_owner_idx" ON "payouts" USING btree ("run_id","owner_id");--> statement-breakpoint
CREATE INDEX "payouts_owner_idx" ON "payouts" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payouts_open_idx" ON "payouts" USING btree ("status") WHERE "payouts"."status" IN ('requested', 'processing');--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_payout_id_fkey" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_journals_payout_idx" ON "ledger_journals" USING btree ("payout_id");