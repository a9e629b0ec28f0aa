ALTER TABLE "cars" ADD COLUMN "deposit_paise" integer DEFAULT 300000 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "extra_km_price" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "fuel_eighth_price" integer DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "battery_tenth_price" integer DEFAULT 20000 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_deposit_paise_check" CHECK ("cars"."deposit_paise" BETWEEN 0 AND 10000000);--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_extra_km_price_check" CHECK ("cars"."extra_km_price" BETWEEN 0 AND 1000000);--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_fuel_eighth_price_check" CHECK ("cars"."fuel_eighth_price" BETWEEN 0 AND 1000000);--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_battery_tenth_price_check" CHECK ("cars"."battery_tenth_price" BETWEEN 0 AND 1000000);--> statement-breakpoint
-- Cars listed before they had trip prices take their body type's defaults (TRIP_PRICE_DEFAULTS in
-- src/domain/car-attributes.ts), and those with a km limit its price per km beyond it.
UPDATE "cars" SET
  "deposit_paise" = CASE "body_type" WHEN 'sedan' THEN 500000 WHEN 'suv' THEN 700000 WHEN 'muv' THEN 700000 WHEN 'luxury' THEN 1000000 ELSE 300000 END,
  "fuel_eighth_price" = CASE "body_type" WHEN 'sedan' THEN 60000 WHEN 'suv' THEN 80000 WHEN 'muv' THEN 80000 WHEN 'luxury' THEN 100000 ELSE 50000 END,
  "battery_tenth_price" = CASE "body_type" WHEN 'sedan' THEN 25000 WHEN 'suv' THEN 30000 WHEN 'muv' THEN 30000 WHEN 'luxury' THEN 50000 ELSE 20000 END,
  "extra_km_price" = CASE WHEN "km_per_day_limit" IS NULL THEN NULL ELSE
    CASE "body_type" WHEN 'sedan' THEN 1200 WHEN 'suv' THEN 1500 WHEN 'muv' THEN 1500 WHEN 'luxury' THEN 3000 ELSE 1000 END END;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_extra_km_price_needed_check" CHECK ("cars"."km_per_day_limit" IS NULL OR "cars"."extra_km_price" IS NOT NULL);