CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"journal_id" bigint NOT NULL,
	"account" text NOT NULL,
	"owner_id" uuid,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" IN ('received.stripe', 'received.razorpay', 'bank', 'gst.payable', 'platform.revenue', 'tds.payable', 'owner.pending', 'owner.available', 'payouts.in_transit')),
	CONSTRAINT "ledger_entries_amount_paise_check" CHECK ("ledger_entries"."amount_paise" <> 0),
	CONSTRAINT "ledger_entries_owner_check" CHECK (("ledger_entries"."account" LIKE 'owner.%') = ("ledger_entries"."owner_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_journals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"cause" text NOT NULL,
	"booking_id" uuid,
	"memo" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_journals_key_key" UNIQUE("key"),
	CONSTRAINT "ledger_journals_cause_check" CHECK ("ledger_journals"."cause" IN ('booking', 'payment', 'refund', 'payout', 'adjustment'))
);
--> statement-breakpoint
ALTER TABLE "invoice_sequences" ADD COLUMN "series" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_sequences" DROP CONSTRAINT "invoice_sequences_pkey";--> statement-breakpoint
ALTER TABLE "invoice_sequences" ADD CONSTRAINT "invoice_sequences_pkey" PRIMARY KEY("series","financial_year");--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tds_bps" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "earnings_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_journal_idx" ON "ledger_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_owner_idx" ON "ledger_entries" USING btree ("owner_id","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account");--> statement-breakpoint
CREATE INDEX "ledger_journals_booking_idx" ON "ledger_journals" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "ledger_journals_posted_idx" ON "ledger_journals" USING btree ("posted_at");--> statement-breakpoint
CREATE INDEX "bookings_earnings_due_idx" ON "bookings" USING btree ("ends_at") WHERE "bookings"."status" = 'accepted' and "bookings"."payment_status" = 'captured' and "bookings"."earnings_released_at" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_credit_note_number_key" UNIQUE("credit_note_number");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_commission_bps_check" CHECK ("bookings"."commission_bps" BETWEEN 0 AND 10000);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tds_bps_check" CHECK ("bookings"."tds_bps" BETWEEN 0 AND 10000);--> statement-breakpoint
ALTER TABLE "invoice_sequences" ADD CONSTRAINT "invoice_sequences_series_check" CHECK ("invoice_sequences"."series" IN ('invoice', 'credit_note'));;--> statement-breakpoint
-- A journal that does not sum to zero, or has fewer than two entries, is refused when its transaction
-- commits: checked then, not per row, since a journal's entries are inserted one statement at a time.
CREATE FUNCTION "ledger_journal_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  lines integer;
BEGIN
  SELECT coalesce(sum(amount_paise), 0), count(*) INTO total, lines FROM ledger_entries WHERE journal_id = NEW.journal_id;
  IF total <> 0 OR lines < 2 THEN
    RAISE EXCEPTION 'ledger journal % does not balance: % entries summing to % paise', NEW.journal_id, lines, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balance" AFTER INSERT ON "ledger_entries"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_journal_balances"();
--> statement-breakpoint
-- A journal with no entries at all is refused the same way.
CREATE FUNCTION "ledger_journal_has_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_entries WHERE journal_id = NEW.id) THEN
    RAISE EXCEPTION 'ledger journal % has no entries', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_journals_entries" AFTER INSERT ON "ledger_journals"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_journal_has_entries"();
--> statement-breakpoint
-- Money's record is written once: a correction is a new journal, never a changed or deleted row. The
-- function names the table it guards, so any record kept the same way can use it.
CREATE FUNCTION "refuse_change_to_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_journals_append_only" BEFORE UPDATE OR DELETE ON "ledger_journals"
FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_record"();
--> statement-breakpoint
CREATE TRIGGER "ledger_journals_no_truncate" BEFORE TRUNCATE ON "ledger_journals"
FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change_to_record"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_record"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change_to_record"();
