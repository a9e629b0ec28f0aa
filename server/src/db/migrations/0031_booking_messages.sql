CREATE TABLE "booking_message_mails" (
	"booking_id" uuid NOT NULL,
	"side" text NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_message_mails_pkey" PRIMARY KEY("booking_id","side"),
	CONSTRAINT "booking_message_mails_side_check" CHECK ("booking_message_mails"."side" IN ('renter', 'carKeeper'))
);
--> statement-breakpoint
CREATE TABLE "booking_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"side" text NOT NULL,
	"sender_id" uuid NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"reported_by" uuid,
	CONSTRAINT "booking_messages_side_check" CHECK ("booking_messages"."side" IN ('renter', 'carKeeper')),
	CONSTRAINT "booking_messages_body_check" CHECK (length("booking_messages"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "booking_message_mails" ADD CONSTRAINT "booking_message_mails_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_sender_id_fkey" FOREIGN KEY ("sender_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_reported_by_fkey" FOREIGN KEY ("reported_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_messages_booking_idx" ON "booking_messages" USING btree ("booking_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "booking_messages_sender_idx" ON "booking_messages" USING btree ("sender_id","sent_at");--> statement-breakpoint
CREATE INDEX "booking_messages_reported_idx" ON "booking_messages" USING btree ("reported_at") WHERE "booking_messages"."reported_at" is not null;--> statement-breakpoint
CREATE INDEX "booking_messages_unseen_idx" ON "booking_messages" USING btree ("booking_id") WHERE "booking_messages"."seen_at" is null;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" IN ('account.disable', 'account.enable', 'car.delist', 'car.relist', 'booking.accept', 'booking.decline', 'booking.cancel', 'booking.read_messages', 'comment.remove', 'review.remove', 'message.answer', 'payout.run', 'payout.bank_file', 'payout.paid', 'payout.failed'));