CREATE TABLE "registration_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "registration_attempts_address_idx" ON "registration_attempts" USING btree ("address","attempted_at");--> statement-breakpoint
CREATE INDEX "comments_account_idx" ON "comments" USING btree ("account_id","created_at");