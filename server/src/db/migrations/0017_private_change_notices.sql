-- Issue 16: each instance also keeps signed-in people's own lists (an owner's cars, someone's
-- bookings) in memory, per account. A booking is on two accounts' lists, its renter's and its car's
-- owner's: any change to one says `private:<id>` for both, on commit, on the channel migration 0015
-- made. `private:*` says every account's lists may have changed. The tables 0015 already names on
-- every change (cars, car_photos, reviews, and accounts for a new name) drop every list as well.
CREATE FUNCTION "notify_private_booking_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  booking RECORD;
  car_owner uuid;
BEGIN
  FOR booking IN SELECT NEW.renter_id, NEW.car_id WHERE TG_OP <> 'DELETE'
                 UNION ALL SELECT OLD.renter_id, OLD.car_id WHERE TG_OP <> 'INSERT' LOOP
    PERFORM pg_notify('wow_changes', 'private:' || booking.renter_id);
    SELECT owner_id INTO car_owner FROM cars WHERE id = booking.car_id;
    -- A fleet car has no owner: admins answer for it, and their lists are never kept.
    IF car_owner IS NOT NULL THEN
      PERFORM pg_notify('wow_changes', 'private:' || car_owner);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_every_private_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wow_changes', 'private:*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_private_change" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
FOR EACH ROW EXECUTE FUNCTION "notify_private_booking_change"();
--> statement-breakpoint
CREATE TRIGGER "bookings_private_truncate" AFTER TRUNCATE ON "bookings"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_private_change"();
--> statement-breakpoint
-- A renter's phone shows on the lists of every owner whose car they booked.
CREATE TRIGGER "accounts_phone_change" AFTER UPDATE ON "accounts"
FOR EACH ROW WHEN (OLD.phone_number IS DISTINCT FROM NEW.phone_number)
EXECUTE FUNCTION "notify_every_private_change"();
