CREATE TABLE "invoice_line_months" (
	"account_id" integer NOT NULL,
	"month" date NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"lines" integer NOT NULL,
	"raw_seconds" bigint NOT NULL,
	"billed_seconds" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "invoice_line_months_account_id_month_invoice_id_kind_source_pk" PRIMARY KEY("account_id","month","invoice_id","kind","source")
);
--> statement-breakpoint
CREATE TABLE "invoiced_call_months" (
	"account_id" integer NOT NULL,
	"month" date NOT NULL,
	"client_id" integer,
	"source" text NOT NULL,
	"rate_cents" integer NOT NULL,
	"billing_type" text NOT NULL,
	"minimum_billing_minutes" integer NOT NULL,
	"rounding_increment_minutes" integer NOT NULL,
	"calls" integer NOT NULL,
	"raw_seconds" bigint NOT NULL,
	"billed_seconds" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "invoiced_call_months_key" UNIQUE NULLS NOT DISTINCT("account_id","month","client_id","source","rate_cents","billing_type","minimum_billing_minutes","rounding_increment_minutes")
);
--> statement-breakpoint
ALTER TABLE "invoice_line_months" ADD CONSTRAINT "invoice_line_months_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_months" ADD CONSTRAINT "invoice_line_months_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoiced_call_months" ADD CONSTRAINT "invoiced_call_months_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Invoiced calls per month in the account's zone (docs/analytics.md "How the request reads", issue 27): each
-- statement that inserts, updates or deletes calls adds what it added and takes away what it removed, in its own
-- transaction, so the totals never disagree with the calls (ended, invoiced, not a test event). Statement triggers
-- with transition tables: invoicing 1,000 calls is one upsert of their groups. An account being deleted is skipped
-- (its rows go with it). The shared advisory lock (class 27, the account) orders these writes against a change of
-- the account's zone, which rebuilds the account's rows under the exclusive lock: a write never adds to a month of
-- the old zone after the rebuild, nor is missed by it.
CREATE FUNCTION "invoiced_call_months_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_advisory_xact_lock_shared(27, x.account_id) FROM (
      SELECT DISTINCT account_id FROM new_rows WHERE invoice_id IS NOT NULL AND ended_at IS NOT NULL AND NOT is_test ORDER BY 1
    ) x;
    INSERT INTO "invoiced_call_months" AS m ("account_id", "month", "client_id", "source", "rate_cents", "billing_type",
        "minimum_billing_minutes", "rounding_increment_minutes", "calls", "raw_seconds", "billed_seconds", "amount_cents")
      SELECT d.account_id, date_trunc('month', d.started_at AT TIME ZONE a.timezone)::date, d.client_id, d.source,
          d.rate_cents, d.billing_type, d.minimum_billing_minutes, d.rounding_increment_minutes,
          count(*)::int, sum(d.duration_seconds), sum(d.billed_seconds), sum(d.amount_cents)
        FROM new_rows d JOIN "accounts" a ON a.id = d.account_id
        WHERE d.invoice_id IS NOT NULL AND d.ended_at IS NOT NULL AND NOT d.is_test
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
      ON CONFLICT ON CONSTRAINT "invoiced_call_months_key" DO UPDATE
        SET "calls" = m."calls" + excluded."calls", "raw_seconds" = m."raw_seconds" + excluded."raw_seconds",
          "billed_seconds" = m."billed_seconds" + excluded."billed_seconds",
          "amount_cents" = m."amount_cents" + excluded."amount_cents";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_advisory_xact_lock_shared(27, x.account_id) FROM (
      SELECT DISTINCT account_id FROM old_rows WHERE invoice_id IS NOT NULL AND ended_at IS NOT NULL AND NOT is_test ORDER BY 1
    ) x;
    INSERT INTO "invoiced_call_months" AS m ("account_id", "month", "client_id", "source", "rate_cents", "billing_type",
        "minimum_billing_minutes", "rounding_increment_minutes", "calls", "raw_seconds", "billed_seconds", "amount_cents")
      SELECT d.account_id, date_trunc('month', d.started_at AT TIME ZONE a.timezone)::date, d.client_id, d.source,
          d.rate_cents, d.billing_type, d.minimum_billing_minutes, d.rounding_increment_minutes,
          -count(*)::int, -sum(d.duration_seconds), -sum(d.billed_seconds), -sum(d.amount_cents)
        FROM old_rows d JOIN "accounts" a ON a.id = d.account_id
        WHERE d.invoice_id IS NOT NULL AND d.ended_at IS NOT NULL AND NOT d.is_test
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
      ON CONFLICT ON CONSTRAINT "invoiced_call_months_key" DO UPDATE
        SET "calls" = m."calls" + excluded."calls", "raw_seconds" = m."raw_seconds" + excluded."raw_seconds",
          "billed_seconds" = m."billed_seconds" + excluded."billed_seconds",
          "amount_cents" = m."amount_cents" + excluded."amount_cents";
  ELSE
    PERFORM pg_advisory_xact_lock_shared(27, x.account_id) FROM (
      SELECT account_id FROM new_rows WHERE invoice_id IS NOT NULL AND ended_at IS NOT NULL AND NOT is_test
      UNION SELECT account_id FROM old_rows WHERE invoice_id IS NOT NULL AND ended_at IS NOT NULL AND NOT is_test ORDER BY 1
    ) x;
    INSERT INTO "invoiced_call_months" AS m ("account_id", "month", "client_id", "source", "rate_cents", "billing_type",
        "minimum_billing_minutes", "rounding_increment_minutes", "calls", "raw_seconds", "billed_seconds", "amount_cents")
      SELECT d.account_id, date_trunc('month', d.started_at AT TIME ZONE a.timezone)::date, d.client_id, d.source,
          d.rate_cents, d.billing_type, d.minimum_billing_minutes, d.rounding_increment_minutes,
          sum(d.sign)::int, sum(d.sign * d.duration_seconds), sum(d.sign * d.billed_seconds), sum(d.sign * d.amount_cents)
        FROM (
          SELECT account_id, started_at, client_id, source, rate_cents, billing_type, minimum_billing_minutes,
              rounding_increment_minutes, duration_seconds::bigint, billed_seconds::bigint, amount_cents::bigint, 1 AS sign
            FROM new_rows WHERE invoice_id IS NOT NULL AND ended_at IS NOT NULL AND NOT is_test
          UNION ALL
          SELECT account_id, started_at, client_id, source, rate_cents, billing_type, minimum_billing_minutes,
              rounding_increment_minutes, duration_seconds, billed_seconds, amount_cents, -1
            FROM old_rows WHERE invoice_id IS NOT NULL AND ended_at IS NOT NULL AND NOT is_test
        ) d JOIN "accounts" a ON a.id = d.account_id
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
        -- An update that moves nothing (notes, a description, an invoiced call's other columns) writes nothing.
        HAVING sum(d.sign) <> 0 OR sum(d.sign * d.duration_seconds) <> 0 OR sum(d.sign * d.billed_seconds) <> 0
          OR sum(d.sign * d.amount_cents) <> 0
        ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
      ON CONFLICT ON CONSTRAINT "invoiced_call_months_key" DO UPDATE
        SET "calls" = m."calls" + excluded."calls", "raw_seconds" = m."raw_seconds" + excluded."raw_seconds",
          "billed_seconds" = m."billed_seconds" + excluded."billed_seconds",
          "amount_cents" = m."amount_cents" + excluded."amount_cents";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "calls_invoiced_months_insert" AFTER INSERT ON "calls" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoiced_call_months_apply"();--> statement-breakpoint
CREATE TRIGGER "calls_invoiced_months_update" AFTER UPDATE ON "calls" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoiced_call_months_apply"();--> statement-breakpoint
CREATE TRIGGER "calls_invoiced_months_delete" AFTER DELETE ON "calls" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoiced_call_months_apply"();--> statement-breakpoint
-- The months are the account's zone's: a new zone makes the account's rows again from its calls.
CREATE FUNCTION "invoiced_call_months_rezone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(27, NEW.id);
  DELETE FROM "invoiced_call_months" WHERE "account_id" = NEW.id;
  INSERT INTO "invoiced_call_months" ("account_id", "month", "client_id", "source", "rate_cents", "billing_type",
      "minimum_billing_minutes", "rounding_increment_minutes", "calls", "raw_seconds", "billed_seconds", "amount_cents")
    SELECT c.account_id, date_trunc('month', c.started_at AT TIME ZONE NEW.timezone)::date, c.client_id, c.source,
        c.rate_cents, c.billing_type, c.minimum_billing_minutes, c.rounding_increment_minutes,
        count(*)::int, sum(c.duration_seconds), sum(c.billed_seconds), sum(c.amount_cents)
      FROM "calls" c
      WHERE c.account_id = NEW.id AND c.invoice_id IS NOT NULL AND c.ended_at IS NOT NULL AND NOT c.is_test
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "accounts_invoiced_call_months_rezone" AFTER UPDATE OF "timezone" ON "accounts" FOR EACH ROW WHEN (OLD."timezone" IS DISTINCT FROM NEW."timezone") EXECUTE FUNCTION "invoiced_call_months_rezone"();--> statement-breakpoint
-- Live invoice lines per month of their work date, invoice, kind and call source, kept like billed_work_months
-- (migration 0019) by statement triggers on invoice_items. The source is the billed call's (it never changes after
-- capture; a call with a live line cannot be deleted); '' for an email line. Lines of an invoice being deleted are
-- skipped: its rows go with it.
CREATE FUNCTION "invoice_line_months_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_line_months" AS m ("account_id", "month", "invoice_id", "kind", "source", "lines",
        "raw_seconds", "billed_seconds", "amount_cents")
      SELECT d.account_id, date_trunc('month', d.work_date)::date, d.invoice_id, d.kind, coalesce(c.source, ''),
          count(*)::int, sum(d.duration_seconds), sum(d.billed_seconds), sum(d.amount_cents)
        FROM new_rows d LEFT JOIN "calls" c ON c.id = d.call_id
        WHERE d.released_at IS NULL AND EXISTS (SELECT 1 FROM "invoices" i WHERE i.id = d.invoice_id)
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("account_id", "month", "invoice_id", "kind", "source") DO UPDATE
        SET "lines" = m."lines" + excluded."lines", "raw_seconds" = m."raw_seconds" + excluded."raw_seconds",
          "billed_seconds" = m."billed_seconds" + excluded."billed_seconds",
          "amount_cents" = m."amount_cents" + excluded."amount_cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "invoice_line_months" AS m ("account_id", "month", "invoice_id", "kind", "source", "lines",
        "raw_seconds", "billed_seconds", "amount_cents")
      SELECT d.account_id, date_trunc('month', d.work_date)::date, d.invoice_id, d.kind, coalesce(c.source, ''),
          -count(*)::int, -sum(d.duration_seconds), -sum(d.billed_seconds), -sum(d.amount_cents)
        FROM old_rows d LEFT JOIN "calls" c ON c.id = d.call_id
        WHERE d.released_at IS NULL AND EXISTS (SELECT 1 FROM "invoices" i WHERE i.id = d.invoice_id)
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("account_id", "month", "invoice_id", "kind", "source") DO UPDATE
        SET "lines" = m."lines" + excluded."lines", "raw_seconds" = m."raw_seconds" + excluded."raw_seconds",
          "billed_seconds" = m."billed_seconds" + excluded."billed_seconds",
          "amount_cents" = m."amount_cents" + excluded."amount_cents";
  ELSE
    INSERT INTO "invoice_line_months" AS m ("account_id", "month", "invoice_id", "kind", "source", "lines",
        "raw_seconds", "billed_seconds", "amount_cents")
      SELECT d.account_id, date_trunc('month', d.work_date)::date, d.invoice_id, d.kind, coalesce(c.source, ''),
          sum(d.sign)::int, sum(d.sign * d.duration_seconds), sum(d.sign * d.billed_seconds), sum(d.sign * d.amount_cents)
        FROM (
          SELECT account_id, work_date, invoice_id, kind, call_id, duration_seconds::bigint, billed_seconds::bigint,
              amount_cents::bigint, 1 AS sign
            FROM new_rows WHERE released_at IS NULL
          UNION ALL
          SELECT account_id, work_date, invoice_id, kind, call_id, duration_seconds, billed_seconds, amount_cents, -1
            FROM old_rows WHERE released_at IS NULL
        ) d LEFT JOIN "calls" c ON c.id = d.call_id
        WHERE EXISTS (SELECT 1 FROM "invoices" i WHERE i.id = d.invoice_id)
        GROUP BY 1, 2, 3, 4, 5
        -- An update that moves nothing (a line's text, a call_id cleared on a released line) writes nothing.
        HAVING sum(d.sign) <> 0 OR sum(d.sign * d.duration_seconds) <> 0 OR sum(d.sign * d.billed_seconds) <> 0
          OR sum(d.sign * d.amount_cents) <> 0
        ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("account_id", "month", "invoice_id", "kind", "source") DO UPDATE
        SET "lines" = m."lines" + excluded."lines", "raw_seconds" = m."raw_seconds" + excluded."raw_seconds",
          "billed_seconds" = m."billed_seconds" + excluded."billed_seconds",
          "amount_cents" = m."amount_cents" + excluded."amount_cents";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_items_line_months_insert" AFTER INSERT ON "invoice_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_line_months_apply"();--> statement-breakpoint
CREATE TRIGGER "invoice_items_line_months_update" AFTER UPDATE ON "invoice_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_line_months_apply"();--> statement-breakpoint
CREATE TRIGGER "invoice_items_line_months_delete" AFTER DELETE ON "invoice_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_line_months_apply"();--> statement-breakpoint
-- The calls and lines that exist already.
INSERT INTO "invoiced_call_months" ("account_id", "month", "client_id", "source", "rate_cents", "billing_type",
    "minimum_billing_minutes", "rounding_increment_minutes", "calls", "raw_seconds", "billed_seconds", "amount_cents")
  SELECT c.account_id, date_trunc('month', c.started_at AT TIME ZONE a.timezone)::date, c.client_id, c.source,
      c.rate_cents, c.billing_type, c.minimum_billing_minutes, c.rounding_increment_minutes,
      count(*)::int, sum(c.duration_seconds), sum(c.billed_seconds), sum(c.amount_cents)
    FROM "calls" c JOIN "accounts" a ON a.id = c.account_id
    WHERE c.invoice_id IS NOT NULL AND c.ended_at IS NOT NULL AND NOT c.is_test
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
INSERT INTO "invoice_line_months" ("account_id", "month", "invoice_id", "kind", "source", "lines", "raw_seconds",
    "billed_seconds", "amount_cents")
  SELECT it.account_id, date_trunc('month', it.work_date)::date, it.invoice_id, it.kind, coalesce(c.source, ''),
      count(*)::int, sum(it.duration_seconds), sum(it.billed_seconds), sum(it.amount_cents)
    FROM "invoice_items" it LEFT JOIN "calls" c ON c.id = it.call_id
    WHERE it.released_at IS NULL
    GROUP BY 1, 2, 3, 4, 5;
