CREATE TABLE "licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"number" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"expires_on" text NOT NULL,
	"older_format" boolean NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"front_key" text NOT NULL,
	"back_key" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"approved_at_once" boolean DEFAULT false NOT NULL,
	CONSTRAINT "licences_status_check" CHECK ("licences"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "licences_reason_check" CHECK (("licences"."status" = 'rejected') = ("licences"."rejection_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_object_type_check";--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_reviewed_by_fkey" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licences_account_idx" ON "licences" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "licences_queue_idx" ON "licences" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" IN ('account.disable', 'account.enable', 'car.delist', 'car.relist', 'booking.accept', 'booking.decline', 'booking.cancel', 'booking.read_messages', 'comment.remove', 'review.remove', 'message.answer', 'payout.run', 'payout.bank_file', 'payout.paid', 'payout.failed', 'licence.approve', 'licence.reject', 'licence.view_photo'));--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_object_type_check" CHECK ("admin_actions"."object_type" IN ('account', 'car', 'booking', 'comment', 'review', 'contact_message', 'payout_run', 'payout', 'licence'));