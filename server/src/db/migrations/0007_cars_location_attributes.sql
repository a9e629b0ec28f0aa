ALTER TABLE "cars" ADD COLUMN "city" text DEFAULT 'Bengaluru' NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "pickup_area" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "ac" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "body_type" text DEFAULT 'hatchback' NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "seats" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "transmission" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "fuel" text DEFAULT 'petrol' NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "km_per_day_limit" integer;--> statement-breakpoint
CREATE INDEX "cars_city_idx" ON "cars" USING btree ("city","price");--> statement-breakpoint
CREATE INDEX "cars_body_type_idx" ON "cars" USING btree ("body_type","price");--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_city_check" CHECK ("cars"."city" IN ('Bengaluru', 'Mumbai', 'Delhi NCR', 'Chennai', 'Hyderabad', 'Pune', 'Kolkata', 'Ahmedabad', 'Jaipur', 'Goa', 'Kochi', 'Chandigarh'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_pickup_area_check" CHECK (length("cars"."pickup_area") <= 120);--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_body_type_check" CHECK ("cars"."body_type" IN ('hatchback', 'sedan', 'suv', 'muv', 'luxury'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_seats_check" CHECK ("cars"."seats" BETWEEN 2 AND 9);--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_transmission_check" CHECK ("cars"."transmission" IN ('manual', 'automatic'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_fuel_check" CHECK ("cars"."fuel" IN ('petrol', 'diesel', 'cng', 'electric', 'hybrid'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_year_check" CHECK ("cars"."year" >= 1990);--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_km_per_day_limit_check" CHECK ("cars"."km_per_day_limit" BETWEEN 1 AND 5000);