-- Issue 22 §3 (docs/performance.md): the calls' statement triggers of migration 0020 return at once when no row of
-- the statement is an ended, invoiced, non-test call: such a statement (every write of the capture pipeline, which
-- never touches an invoiced call's totals) adds nothing to invoiced_call_months, and before this it still took the
-- locks' query and ran the grouped upsert over nothing. The rest of the function is 0020's, unchanged.
CREATE OR REPLACE FUNCTION "invoiced_call_months_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE invoice_id IS NOT NULL AND ended_at IS NOT NULL AND NOT is_test) THEN RETURN NULL; END IF;
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
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE invoice_id IS NOT NULL AND ended_at IS NOT NULL AND NOT is_test) THEN RETURN NULL; END IF;
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
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE invoice_id IS NOT NULL AND ended_at IS NOT NULL AND NOT is_test)
      AND NOT EXISTS (SELECT 1 FROM old_rows WHERE invoice_id IS NOT NULL AND ended_at IS NOT NULL AND NOT is_test) THEN RETURN NULL; END IF;
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
END $$;
--> statement-breakpoint
-- The audit trigger (0015) compares an update's columns in one query instead of three: the same rows, less work
-- for every audited update (a captured call's are most of them). The rest of the function is 0015's.
CREATE OR REPLACE FUNCTION "audit_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entity_name text := TG_ARGV[0];
  account_column text := TG_ARGV[1];
  entity_column text := TG_ARGV[2];
  ignored text[] := string_to_array(TG_ARGV[3], ',');
  secrets text[] := string_to_array(TG_ARGV[4], ',');
  repeated text[] := string_to_array(TG_ARGV[5], ',');
  old_full jsonb;
  new_full jsonb;
  old_row jsonb;
  new_row jsonb;
  before_values jsonb;
  after_values jsonb;
  secret text;
  actor jsonb := nullif(current_setting('minutely.actor', true), '')::jsonb;
  whole jsonb;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_full := to_jsonb(OLD); old_row := old_full - ignored; END IF;
  IF TG_OP <> 'DELETE' THEN new_full := to_jsonb(NEW); new_row := new_full - ignored; END IF;
  -- A desktop-tracking row keeps the computer's last look in its config: not a change anyone made.
  IF TG_TABLE_NAME = 'integrations' AND coalesce(new_full, old_full)->>'kind' = 'desktop' THEN
    old_row := old_row - 'config';
    new_row := new_row - 'config';
  END IF;
  FOREACH secret IN ARRAY secrets LOOP
    IF old_row IS NOT NULL AND new_row IS NOT NULL THEN
      new_row := jsonb_set(new_row, ARRAY[secret], CASE
        WHEN new_row->secret = 'null'::jsonb THEN (CASE WHEN old_row->secret = 'null'::jsonb THEN 'null'::jsonb ELSE '"(removed)"'::jsonb END)
        WHEN old_row->secret = 'null'::jsonb THEN '"(set)"'::jsonb
        WHEN old_row->secret IS DISTINCT FROM new_row->secret THEN '"(replaced)"'::jsonb
        ELSE '"(hidden)"'::jsonb END);
      old_row := jsonb_set(old_row, ARRAY[secret], CASE WHEN old_row->secret = 'null'::jsonb THEN 'null'::jsonb ELSE '"(hidden)"'::jsonb END);
    ELSIF new_row IS NOT NULL THEN
      new_row := jsonb_set(new_row, ARRAY[secret], CASE WHEN new_row->secret = 'null'::jsonb THEN 'null'::jsonb ELSE '"(set)"'::jsonb END);
    ELSIF old_row IS NOT NULL THEN
      old_row := jsonb_set(old_row, ARRAY[secret], CASE WHEN old_row->secret = 'null'::jsonb THEN 'null'::jsonb ELSE '"(hidden)"'::jsonb END);
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    -- One pass over the columns (0015 made three): the changed ones, and the changed ones with the repeated ones
    -- before and after. A row has the same keys before and after, so this is 0015's "whole || changed".
    SELECT jsonb_object_agg(o.key, o.value) FILTER (WHERE o.changed),
        jsonb_object_agg(o.key, o.value) FILTER (WHERE o.changed OR o.key = ANY (repeated)),
        jsonb_object_agg(o.key, new_row->o.key) FILTER (WHERE o.changed OR (o.key = ANY (repeated) AND new_row ? o.key))
      INTO whole, before_values, after_values
      FROM (SELECT e.key, e.value, (e.value IS DISTINCT FROM new_row->e.key OR new_row->e.key = '"(replaced)"'::jsonb) AS changed
        FROM jsonb_each(old_row) e) o;
    IF whole IS NULL THEN RETURN NULL; END IF;
  ELSE
    before_values := old_row;
    after_values := new_row;
  END IF;
  INSERT INTO "audit_events" ("account_id", "actor_kind", "actor_user_id", "actor_ip", "actor_agent", "via", "entity", "entity_id", "action", "before", "after")
  VALUES (
    (coalesce(new_full, old_full)->>account_column)::integer,
    coalesce(actor->>'kind', 'system'),
    (actor->>'userId')::integer,
    actor->>'ip',
    actor->>'agent',
    actor->>'via',
    entity_name,
    (coalesce(new_full, old_full)->>entity_column)::integer,
    CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END,
    before_values,
    after_values
  );
  RETURN NULL;
END $$;
