ALTER TABLE "payout_details" ADD COLUMN "route_linked_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_details" ADD COLUMN "route_link_tried_at" timestamp with time zone;--> statement-breakpoint
-- Linked accounts already finished need nothing more from the sweep.
UPDATE "payout_details" SET "route_linked_for" = "updated_at"
  WHERE "owner_id" IN (SELECT "owner_id" FROM "route_accounts" WHERE "product_id" IS NOT NULL);
