CREATE TABLE "renter_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visible_from" timestamp with time zone NOT NULL,
	CONSTRAINT "renter_reviews_booking_id_key" UNIQUE("booking_id"),
	CONSTRAINT "renter_reviews_rating_check" CHECK ("renter_reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "renter_reviews_comment_check" CHECK (length("renter_reviews"."comment") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "visible_from" timestamp with time zone;--> statement-breakpoint
-- Reviews written before each trip's two reviews waited for each other stay visible, as they were from when written.
UPDATE "reviews" SET "visible_from" = "created_at";--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "visible_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "renter_reviews" ADD CONSTRAINT "renter_reviews_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_reviews" ADD CONSTRAINT "renter_reviews_renter_id_fkey" FOREIGN KEY ("renter_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_reviews" ADD CONSTRAINT "renter_reviews_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renter_reviews_renter_idx" ON "renter_reviews" USING btree ("renter_id","visible_from");--> statement-breakpoint
CREATE INDEX "reviews_visible_from_idx" ON "reviews" USING btree ("visible_from");--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" IN ('account.disable', 'account.enable', 'car.delist', 'car.relist', 'booking.accept', 'booking.decline', 'booking.cancel', 'booking.read_messages', 'booking.close_reports', 'comment.remove', 'review.remove', 'message.answer', 'payout.run', 'payout.bank_file', 'payout.paid', 'payout.failed', 'licence.approve', 'licence.reject', 'licence.view_photo', 'booking.rate_renter'));--> statement-breakpoint
-- A renter's rating shows on the owners' lists of requests, so its change drops them (as a review's does).
CREATE TRIGGER "renter_reviews_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "renter_reviews"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
