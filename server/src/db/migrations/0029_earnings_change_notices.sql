-- An owner's earnings are kept in memory like their other lists (migration 0017): every entry the
-- ledger posts to an owner's balances, and every change to one of their payouts, says
-- `private:<owner>` on commit. Entries are never updated or deleted (0025), so inserts are all
-- there is to hear; payouts move through their states by updates.
CREATE FUNCTION "notify_private_owner_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.owner_id IS NOT NULL THEN
    PERFORM pg_notify('wow_changes', 'private:' || NEW.owner_id);
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.owner_id IS NOT NULL THEN
    PERFORM pg_notify('wow_changes', 'private:' || OLD.owner_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_private_change" AFTER INSERT ON "ledger_entries"
FOR EACH ROW WHEN (NEW.owner_id IS NOT NULL) EXECUTE FUNCTION "notify_private_owner_change"();
--> statement-breakpoint
CREATE TRIGGER "payouts_private_change" AFTER INSERT OR UPDATE OR DELETE ON "payouts"
FOR EACH ROW EXECUTE FUNCTION "notify_private_owner_change"();
--> statement-breakpoint
CREATE TRIGGER "payouts_private_truncate" AFTER TRUNCATE ON "payouts"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_private_change"();
