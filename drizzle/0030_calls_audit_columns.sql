CREATE INDEX "notifications_account_kind_call_idx" ON "notifications" USING btree ("account_id","kind",("data"->>'callId'));
--> statement-breakpoint
-- Issue 22 §3 (docs/performance.md, docs/audit-trail.md): the calls' audit trigger with the columns written out. The
-- generic audit_row_change (0015, 0028, 0029) turns both rows into jsonb, removes the ignored keys and walks every
-- key to find the changed ones: most of each captured write's trigger time (0.2-0.4 ms of a 0.4-0.7 ms update on
-- PostgreSQL, about a fifth of the embedded database's CPU per webhook delivery). Here an update compares the
-- columns themselves and builds jsonb of the changed ones only. It writes the same rows as audit_row_change with
-- the arguments calls_audit had ('call', 'account_id', 'id', ignored 'created_at,updated_at,participants', no
-- secrets, repeated 'duration_seconds,billed_seconds,amount_cents'): an insert's or a delete's whole row without
-- the ignored columns; an update's changed columns before and after, with the repeated ones beside them, and no
-- row when nothing but the ignored columns changed. tests/api/audit-call-trigger.test.ts compares the two
-- functions' rows and fails when a column of calls is neither compared here nor ignored.
CREATE OR REPLACE FUNCTION "audit_call_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('minutely.actor', true), '')::jsonb;
  before_values jsonb;
  after_values jsonb;
  account integer;
  entity integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    before_values := '{}'::jsonb;
    after_values := '{}'::jsonb;
    IF OLD."id" IS DISTINCT FROM NEW."id" THEN
      before_values := before_values || jsonb_build_object('id', OLD."id"); after_values := after_values || jsonb_build_object('id', NEW."id");
    END IF;
    IF OLD."account_id" IS DISTINCT FROM NEW."account_id" THEN
      before_values := before_values || jsonb_build_object('account_id', OLD."account_id"); after_values := after_values || jsonb_build_object('account_id', NEW."account_id");
    END IF;
    IF OLD."client_id" IS DISTINCT FROM NEW."client_id" THEN
      before_values := before_values || jsonb_build_object('client_id', OLD."client_id"); after_values := after_values || jsonb_build_object('client_id', NEW."client_id");
    END IF;
    IF OLD."platform" IS DISTINCT FROM NEW."platform" THEN
      before_values := before_values || jsonb_build_object('platform', OLD."platform"); after_values := after_values || jsonb_build_object('platform', NEW."platform");
    END IF;
    IF OLD."call_type" IS DISTINCT FROM NEW."call_type" THEN
      before_values := before_values || jsonb_build_object('call_type', OLD."call_type"); after_values := after_values || jsonb_build_object('call_type', NEW."call_type");
    END IF;
    IF OLD."notes" IS DISTINCT FROM NEW."notes" THEN
      before_values := before_values || jsonb_build_object('notes', OLD."notes"); after_values := after_values || jsonb_build_object('notes', NEW."notes");
    END IF;
    IF OLD."description" IS DISTINCT FROM NEW."description" THEN
      before_values := before_values || jsonb_build_object('description', OLD."description"); after_values := after_values || jsonb_build_object('description', NEW."description");
    END IF;
    IF OLD."started_at" IS DISTINCT FROM NEW."started_at" THEN
      before_values := before_values || jsonb_build_object('started_at', OLD."started_at"); after_values := after_values || jsonb_build_object('started_at', NEW."started_at");
    END IF;
    IF OLD."ended_at" IS DISTINCT FROM NEW."ended_at" THEN
      before_values := before_values || jsonb_build_object('ended_at', OLD."ended_at"); after_values := after_values || jsonb_build_object('ended_at', NEW."ended_at");
    END IF;
    IF OLD."duration_seconds" IS DISTINCT FROM NEW."duration_seconds" THEN
      before_values := before_values || jsonb_build_object('duration_seconds', OLD."duration_seconds"); after_values := after_values || jsonb_build_object('duration_seconds', NEW."duration_seconds");
    END IF;
    IF OLD."billed_seconds" IS DISTINCT FROM NEW."billed_seconds" THEN
      before_values := before_values || jsonb_build_object('billed_seconds', OLD."billed_seconds"); after_values := after_values || jsonb_build_object('billed_seconds', NEW."billed_seconds");
    END IF;
    IF OLD."rate_cents" IS DISTINCT FROM NEW."rate_cents" THEN
      before_values := before_values || jsonb_build_object('rate_cents', OLD."rate_cents"); after_values := after_values || jsonb_build_object('rate_cents', NEW."rate_cents");
    END IF;
    IF OLD."billing_type" IS DISTINCT FROM NEW."billing_type" THEN
      before_values := before_values || jsonb_build_object('billing_type', OLD."billing_type"); after_values := after_values || jsonb_build_object('billing_type', NEW."billing_type");
    END IF;
    IF OLD."minimum_billing_minutes" IS DISTINCT FROM NEW."minimum_billing_minutes" THEN
      before_values := before_values || jsonb_build_object('minimum_billing_minutes', OLD."minimum_billing_minutes"); after_values := after_values || jsonb_build_object('minimum_billing_minutes', NEW."minimum_billing_minutes");
    END IF;
    IF OLD."rounding_increment_minutes" IS DISTINCT FROM NEW."rounding_increment_minutes" THEN
      before_values := before_values || jsonb_build_object('rounding_increment_minutes', OLD."rounding_increment_minutes"); after_values := after_values || jsonb_build_object('rounding_increment_minutes', NEW."rounding_increment_minutes");
    END IF;
    IF OLD."amount_cents" IS DISTINCT FROM NEW."amount_cents" THEN
      before_values := before_values || jsonb_build_object('amount_cents', OLD."amount_cents"); after_values := after_values || jsonb_build_object('amount_cents', NEW."amount_cents");
    END IF;
    IF OLD."invoice_id" IS DISTINCT FROM NEW."invoice_id" THEN
      before_values := before_values || jsonb_build_object('invoice_id', OLD."invoice_id"); after_values := after_values || jsonb_build_object('invoice_id', NEW."invoice_id");
    END IF;
    IF OLD."source" IS DISTINCT FROM NEW."source" THEN
      before_values := before_values || jsonb_build_object('source', OLD."source"); after_values := after_values || jsonb_build_object('source', NEW."source");
    END IF;
    IF OLD."external_id" IS DISTINCT FROM NEW."external_id" THEN
      before_values := before_values || jsonb_build_object('external_id', OLD."external_id"); after_values := after_values || jsonb_build_object('external_id', NEW."external_id");
    END IF;
    IF OLD."user_id" IS DISTINCT FROM NEW."user_id" THEN
      before_values := before_values || jsonb_build_object('user_id', OLD."user_id"); after_values := after_values || jsonb_build_object('user_id', NEW."user_id");
    END IF;
    IF OLD."is_test" IS DISTINCT FROM NEW."is_test" THEN
      before_values := before_values || jsonb_build_object('is_test', OLD."is_test"); after_values := after_values || jsonb_build_object('is_test', NEW."is_test");
    END IF;
    IF before_values = '{}'::jsonb THEN RETURN NULL; END IF;
    before_values := before_values || jsonb_build_object('duration_seconds', OLD."duration_seconds", 'billed_seconds', OLD."billed_seconds", 'amount_cents', OLD."amount_cents");
    after_values := after_values || jsonb_build_object('duration_seconds', NEW."duration_seconds", 'billed_seconds', NEW."billed_seconds", 'amount_cents', NEW."amount_cents");
    account := NEW."account_id";
    entity := NEW."id";
  ELSIF TG_OP = 'INSERT' THEN
    after_values := to_jsonb(NEW) - '{created_at,updated_at,participants}'::text[];
    account := NEW."account_id";
    entity := NEW."id";
  ELSE
    before_values := to_jsonb(OLD) - '{created_at,updated_at,participants}'::text[];
    account := OLD."account_id";
    entity := OLD."id";
  END IF;
  INSERT INTO "audit_events" ("account_id", "actor_kind", "actor_user_id", "actor_ip", "actor_agent", "via", "entity", "entity_id", "action", "before", "after")
  VALUES (
    account,
    coalesce(actor->>'kind', 'system'),
    (actor->>'userId')::integer,
    actor->>'ip',
    actor->>'agent',
    actor->>'via',
    'call',
    entity,
    CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END,
    before_values,
    after_values
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "calls_audit" ON "calls";--> statement-breakpoint
CREATE TRIGGER "calls_audit" AFTER INSERT OR UPDATE OR DELETE ON "calls" FOR EACH ROW EXECUTE FUNCTION "audit_call_change"();
