CREATE TABLE "billed_work_months" (
	"account_id" integer NOT NULL,
	"month" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "billed_work_months_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
ALTER TABLE "billed_work_months" ADD CONSTRAINT "billed_work_months_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Billed work per month (docs/analytics.md, issue 27): each statement that inserts, updates or deletes invoice lines
-- adds what it added and takes away what it removed, per account and month of the work, in its own transaction, so
-- the totals never disagree with the live lines (released_at is null; voiding releases a void invoice's lines).
-- Statement triggers with transition tables: an invoice of 1,000 lines is one upsert of its months, not 1,000.
-- An account being deleted is skipped (its rows go with it by the foreign key).
CREATE FUNCTION "billed_work_months_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "billed_work_months" AS m ("account_id", "month", "amount_cents", "lines")
      SELECT d.account_id, date_trunc('month', d.work_date)::date, sum(d.amount_cents), count(*)::int
      FROM new_rows d
      WHERE d.released_at IS NULL AND EXISTS (SELECT 1 FROM "accounts" a WHERE a.id = d.account_id)
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("account_id", "month") DO UPDATE
        SET "amount_cents" = m."amount_cents" + excluded."amount_cents", "lines" = m."lines" + excluded."lines";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "billed_work_months" AS m ("account_id", "month", "amount_cents", "lines")
      SELECT d.account_id, date_trunc('month', d.work_date)::date, -sum(d.amount_cents), -count(*)::int
      FROM old_rows d
      WHERE d.released_at IS NULL AND EXISTS (SELECT 1 FROM "accounts" a WHERE a.id = d.account_id)
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("account_id", "month") DO UPDATE
        SET "amount_cents" = m."amount_cents" + excluded."amount_cents", "lines" = m."lines" + excluded."lines";
  ELSE
    INSERT INTO "billed_work_months" AS m ("account_id", "month", "amount_cents", "lines")
      SELECT d.account_id, d.month, sum(d.amount_cents), sum(d.lines)::int
      FROM (
        SELECT account_id, date_trunc('month', work_date)::date AS month, amount_cents::bigint AS amount_cents, 1 AS lines
          FROM new_rows WHERE released_at IS NULL
        UNION ALL
        SELECT account_id, date_trunc('month', work_date)::date, -amount_cents::bigint, -1
          FROM old_rows WHERE released_at IS NULL
      ) d
      WHERE EXISTS (SELECT 1 FROM "accounts" a WHERE a.id = d.account_id)
      GROUP BY 1, 2
      -- An update that moves nothing (a line's call_id cleared, its text) writes nothing.
      HAVING sum(d.amount_cents) <> 0 OR sum(d.lines) <> 0
      ORDER BY 1, 2
      ON CONFLICT ("account_id", "month") DO UPDATE
        SET "amount_cents" = m."amount_cents" + excluded."amount_cents", "lines" = m."lines" + excluded."lines";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_items_billed_months_insert" AFTER INSERT ON "invoice_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "billed_work_months_apply"();--> statement-breakpoint
CREATE TRIGGER "invoice_items_billed_months_update" AFTER UPDATE ON "invoice_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "billed_work_months_apply"();--> statement-breakpoint
CREATE TRIGGER "invoice_items_billed_months_delete" AFTER DELETE ON "invoice_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "billed_work_months_apply"();--> statement-breakpoint
-- The months of the lines that exist already.
INSERT INTO "billed_work_months" ("account_id", "month", "amount_cents", "lines")
  SELECT "account_id", date_trunc('month', "work_date")::date, sum("amount_cents"), count(*)::int
  FROM "invoice_items" WHERE "released_at" IS NULL GROUP BY 1, 2;
