-- Issue 16: every instance keeps the public answers (cars, blog posts, comments) and session lookups in
-- its memory. The database says when they change, on commit, to every instance that listens on the
-- channel wow_changes: so a write made through any instance, or by hand in psql, drops what it changed
-- everywhere. A payload names the table whose public rows changed, or `account:<id>` for an account
-- whose signed-in sessions must be looked up afresh. Identical notices of one transaction arrive once.
CREATE FUNCTION "notify_public_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wow_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_account_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('wow_changes', 'account:' || OLD.account_id);
  ELSE
    PERFORM pg_notify('wow_changes', 'account:' || COALESCE(NEW.id, OLD.id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "cars_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cars"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "car_photos_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "car_photos"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "reviews_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "comments_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "comments"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
-- Only accepted bookings show in public (a car's calendar, and the list's "free during" filter):
-- requests come and go far more often and change nothing anyone else sees.
CREATE TRIGGER "bookings_accepted_insert" AFTER INSERT ON "bookings"
FOR EACH ROW WHEN (NEW.status = 'accepted') EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "bookings_accepted_update" AFTER UPDATE ON "bookings"
FOR EACH ROW WHEN (
  (OLD.status = 'accepted') <> (NEW.status = 'accepted')
  OR (NEW.status = 'accepted' AND (OLD.car_id, OLD.starts_at, OLD.ends_at) IS DISTINCT FROM (NEW.car_id, NEW.starts_at, NEW.ends_at))
) EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "bookings_accepted_delete" AFTER DELETE ON "bookings"
FOR EACH ROW WHEN (OLD.status = 'accepted') EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "bookings_public_truncate" AFTER TRUNCATE ON "bookings"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
-- An owner's name shows beside their cars and comments, and a disabled owner's cars leave the list.
CREATE TRIGGER "accounts_public_change" AFTER UPDATE ON "accounts"
FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.disabled IS DISTINCT FROM NEW.disabled)
EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
-- Any change to an account (its role, its password, being disabled, when it last read its bookings)
-- or the end of one of its sessions: the account a cached session lookup holds is no longer sure.
CREATE TRIGGER "accounts_session_change" AFTER UPDATE OR DELETE ON "accounts"
FOR EACH ROW EXECUTE FUNCTION "notify_account_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "notify_account_change"();
--> statement-breakpoint
CREATE TRIGGER "accounts_truncated" AFTER TRUNCATE ON "accounts"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
