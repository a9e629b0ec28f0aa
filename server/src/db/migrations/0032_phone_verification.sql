CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_codes_attempts_check" CHECK ("phone_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to_number" text NOT NULL,
	"template_id" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" IN ('queued', 'sent', 'failed')),
	CONSTRAINT "sms_outbox_attempts_check" CHECK ("sms_outbox"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_account_idx" ON "phone_codes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_number_idx" ON "phone_codes" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" = 'queued';