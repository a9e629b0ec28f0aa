CREATE TABLE "account_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_actions_action_check" CHECK ("account_actions"."action" IN ('payout_details.change'))
);
--> statement-breakpoint
CREATE TABLE "payout_details" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"account_number_sealed" text,
	"account_last4" text,
	"ifsc_sealed" text,
	"ifsc_last4" text,
	"upi_id_sealed" text,
	"upi_last4" text,
	"pan_sealed" text NOT NULL,
	"pan_last4" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"payouts_held_until" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_details_legal_name_check" CHECK (length("payout_details"."legal_name") BETWEEN 1 AND 100),
	CONSTRAINT "payout_details_bank_check" CHECK (("payout_details"."account_number_sealed" IS NULL) = ("payout_details"."ifsc_sealed" IS NULL)),
	CONSTRAINT "payout_details_destination_check" CHECK ("payout_details"."account_number_sealed" IS NOT NULL OR "payout_details"."upi_id_sealed" IS NOT NULL),
	CONSTRAINT "payout_details_last4_check" CHECK (("payout_details"."account_last4" IS NULL) = ("payout_details"."account_number_sealed" IS NULL) AND ("payout_details"."ifsc_last4" IS NULL) = ("payout_details"."ifsc_sealed" IS NULL) AND ("payout_details"."upi_last4" IS NULL) = ("payout_details"."upi_id_sealed" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "account_actions" ADD CONSTRAINT "account_actions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_actions_account_idx" ON "account_actions" USING btree ("account_id","at" DESC NULLS FIRST);--> statement-breakpoint
-- What people did to their own accounts is written once and never changed, as the admins' record is (0012),
-- by the function the ledger's records use (0025).
CREATE TRIGGER "account_actions_append_only" BEFORE UPDATE OR DELETE ON "account_actions"
FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_record"();
--> statement-breakpoint
CREATE TRIGGER "account_actions_no_truncate" BEFORE TRUNCATE ON "account_actions"
FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change_to_record"();
