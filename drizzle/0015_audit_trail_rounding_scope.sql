CREATE TABLE "analytics_forecasts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_forecasts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"made_in_quarter" date NOT NULL,
	"month" date NOT NULL,
	"low_cents" bigint NOT NULL,
	"expected_cents" bigint NOT NULL,
	"high_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" integer,
	"actor_ip" text,
	"actor_agent" text,
	"via" text,
	"entity" text NOT NULL,
	"entity_id" integer,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "rounding_scope" text DEFAULT 'entry' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "weekly_working_hours" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "rounding_scope" text;--> statement-breakpoint
ALTER TABLE "analytics_forecasts" ADD CONSTRAINT "analytics_forecasts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_forecasts_account_quarter_month_key" ON "analytics_forecasts" USING btree ("account_id","made_in_quarter","month");--> statement-breakpoint
CREATE INDEX "audit_events_account_idx" ON "audit_events" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("account_id","entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "calls_account_unbilled_idx" ON "calls" USING btree ("account_id","client_id") WHERE "calls"."invoice_id" is null and "calls"."ended_at" is not null;--> statement-breakpoint
CREATE INDEX "invoice_items_account_work_date_idx" ON "invoice_items" USING btree ("account_id","work_date");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_rounding_scope_check" CHECK ("accounts"."rounding_scope" in ('entry', 'day', 'invoice'));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_weekly_working_hours_check" CHECK ("accounts"."weekly_working_hours" between 1 and 168);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_rounding_scope_check" CHECK ("clients"."rounding_scope" in ('entry', 'day', 'invoice'));--> statement-breakpoint
-- Issue 27 §2, hand-written (docs/audit-trail.md): the audit trail is written by the database itself, in
-- the transaction of the change, so no write path can forget it and no crash can split a change from
-- its row. The actor comes from the transaction-local setting minutely.actor (src/server/audit/audit-actor.ts).
-- Arguments: entity name, the column holding the account id, the column holding the entity id,
-- ignored columns, secret columns (shown only as "(set)", "(replaced)", "(removed)" or "(hidden)"),
-- and columns every update row repeats (a call's raw and billed time, so its history shows both).
CREATE FUNCTION "audit_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row->o.key)
      INTO before_values, after_values
      FROM jsonb_each(old_row) o
      WHERE o.value IS DISTINCT FROM new_row->o.key OR new_row->o.key = '"(replaced)"'::jsonb;
    IF before_values IS NULL THEN RETURN NULL; END IF;
    SELECT coalesce(jsonb_object_agg(r, old_row->r), '{}'::jsonb) INTO whole FROM unnest(repeated) r WHERE old_row ? r;
    before_values := whole || before_values;
    SELECT coalesce(jsonb_object_agg(r, new_row->r), '{}'::jsonb) INTO whole FROM unnest(repeated) r WHERE new_row ? r;
    after_values := whole || after_values;
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
--> statement-breakpoint
-- A new session is a sign-in: by its user, from where the transaction's actor says.
CREATE FUNCTION "audit_sign_in"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('minutely.actor', true), '')::jsonb;
BEGIN
  INSERT INTO "audit_events" ("account_id", "actor_kind", "actor_user_id", "actor_ip", "actor_agent", "via", "entity", "entity_id", "action", "before", "after")
  VALUES (NEW."account_id", 'user', NEW."user_id", actor->>'ip', actor->>'agent', actor->>'via', 'user', NEW."user_id", 'signed_in', NULL, NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "clients_audit" AFTER INSERT OR UPDATE OR DELETE ON "clients" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('client', 'account_id', 'id', 'created_at,updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER "calls_audit" AFTER INSERT OR UPDATE OR DELETE ON "calls" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('call', 'account_id', 'id', 'created_at,updated_at,participants', '', 'duration_seconds,billed_seconds,amount_cents');--> statement-breakpoint
CREATE TRIGGER "tracked_emails_audit" AFTER INSERT OR UPDATE OR DELETE ON "tracked_emails" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('email', 'account_id', 'id', 'created_at,updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER "invoices_audit" AFTER INSERT OR UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('invoice', 'account_id', 'id', 'created_at,updated_at', '', '');--> statement-breakpoint
CREATE TRIGGER "invoice_items_audit" AFTER INSERT OR UPDATE OR DELETE ON "invoice_items" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('invoice_line', 'account_id', 'invoice_id', '', '', '');--> statement-breakpoint
CREATE TRIGGER "accounts_audit" AFTER INSERT OR UPDATE OR DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('settings', 'id', 'id', 'created_at,updated_at,next_invoice_sequence,plan,billing_cycle,subscription_status,trial_ends_at,payment_customer_id,payment_subscription_id,current_period_end,cancel_at_period_end,subscription_event_at', '', '');--> statement-breakpoint
CREATE TRIGGER "users_audit" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('user', 'account_id', 'id', 'created_at,updated_at', 'password_hash', '');--> statement-breakpoint
CREATE TRIGGER "integrations_audit" AFTER INSERT OR UPDATE OR DELETE ON "integrations" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('integration', 'account_id', 'id', 'created_at,updated_at,last_event_at,last_sync_at,last_error', 'secret_ciphertext,webhook_token', '');--> statement-breakpoint
CREATE TRIGGER "email_integrations_audit" AFTER INSERT OR UPDATE OR DELETE ON "email_integrations" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('mailbox', 'account_id', 'id', 'created_at,updated_at,last_tested_at,last_test_message,token_expires_at', 'secret_ciphertext', '');--> statement-breakpoint
CREATE TRIGGER "sessions_audit_sign_in" AFTER INSERT ON "sessions" FOR EACH ROW EXECUTE FUNCTION "audit_sign_in"();
