-- Issue 14: the audit log of admin actions is written once and never changed. The API offers no way to
-- edit or delete a row, and these triggers make the database refuse it too, so not even a bug of ours
-- (or a mistaken query) can rewrite what an admin did.
CREATE FUNCTION "admin_actions_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_actions is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "admin_actions_append_only" BEFORE UPDATE OR DELETE ON "admin_actions"
FOR EACH ROW EXECUTE FUNCTION "admin_actions_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "admin_actions_no_truncate" BEFORE TRUNCATE ON "admin_actions"
FOR EACH STATEMENT EXECUTE FUNCTION "admin_actions_refuse_change"();
