CREATE TABLE "car_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_photos_file_key_key" UNIQUE("file_key")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"car_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_booking_id_key" UNIQUE("booking_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_comment_check" CHECK (length("reviews"."comment") BETWEEN 1 AND 1000),
	CONSTRAINT "reviews_reply_check" CHECK (length("reviews"."reply") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "car_photos" ADD CONSTRAINT "car_photos_car_id_fkey" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_car_id_fkey" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_renter_id_fkey" FOREIGN KEY ("renter_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_photos_car_idx" ON "car_photos" USING btree ("car_id","position");--> statement-breakpoint
CREATE INDEX "reviews_car_idx" ON "reviews" USING btree ("car_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cars_price_idx" ON "cars" USING btree ("price");--> statement-breakpoint
CREATE INDEX "cars_public_order_idx" ON "cars" USING btree ("kind","catalogue_id","created_at" DESC NULLS FIRST,"id") WHERE not "cars"."delisted" and "cars"."paused_at" is null and "cars"."archived_at" is null;