CREATE TABLE "admin_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"admin_id" uuid NOT NULL,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" IN ('account.disable', 'account.enable', 'car.delist', 'car.relist', 'booking.accept', 'booking.decline', 'booking.cancel', 'comment.remove', 'review.remove', 'message.answer')),
	CONSTRAINT "admin_actions_object_type_check" CHECK ("admin_actions"."object_type" IN ('account', 'car', 'booking', 'comment', 'review', 'contact_message')),
	CONSTRAINT "admin_actions_reason_check" CHECK (length("admin_actions"."reason") BETWEEN 1 AND 500)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "delisted_reason" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "delisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_at_idx" ON "admin_actions" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_actions_admin_idx" ON "admin_actions" USING btree ("admin_id","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_actions_object_idx" ON "admin_actions" USING btree ("object_type","object_id","at" DESC NULLS FIRST);