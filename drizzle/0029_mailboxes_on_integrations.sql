-- Issue 24 §1 and 26 §2, hand-written (docs/emails.md "Where a mailbox is stored"): mailboxes move onto the
-- integrations kit's store, one row per member (kind 'mailbox', provider as the row said). Each old row
-- belongs to the account's first owner (migration 0024's rule; an account without an owner: its first
-- user; an account without users cannot sign in, and its mailbox is not copied). Settings go to `config`
-- (the last test's time as Unix ms); the ciphertext is copied as it is, marked secret_version 0: it opens
-- with its old context (email_integrations:<account>) until the next save or token refresh seals it
-- with the kit's (integrations/integration-store.ts). Not a change anyone made: no audit rows for it.
ALTER TABLE "integrations" DISABLE TRIGGER "integrations_audit";--> statement-breakpoint
INSERT INTO "integrations" ("account_id", "user_id", "kind", "provider", "enabled", "status", "config", "secret_ciphertext", "secret_version", "last_error", "created_at", "updated_at")
SELECT e."account_id", o."id", 'mailbox', e."provider", e."enabled",
  CASE
    WHEN NOT e."enabled" THEN 'not_connected'
    WHEN e."last_test_message" LIKE 'Signed in to %' THEN 'connected'
    WHEN e."last_test_message" LIKE '%refused the sign-in (invalid_grant%' THEN 'reconnect'
    WHEN e."last_test_message" IS NOT NULL THEN 'error'
    WHEN e."auth_type" = 'oauth2' THEN 'connected'
    ELSE 'awaiting_events'
  END,
  jsonb_build_object(
    'host', e."host", 'port', e."port", 'secure', e."secure", 'username', e."username", 'address', e."address",
    'authType', CASE WHEN e."auth_type" = 'oauth2' THEN 'oauth2' ELSE 'password' END,
    'lastTestedAt', CASE WHEN e."last_tested_at" IS NULL THEN NULL ELSE floor(extract(epoch FROM e."last_tested_at") * 1000)::bigint END,
    'lastTestMessage', e."last_test_message"
  ),
  e."secret_ciphertext", 0,
  CASE WHEN e."enabled" AND e."last_test_message" IS NOT NULL AND e."last_test_message" NOT LIKE 'Signed in to %' THEN e."last_test_message" END,
  e."created_at", e."updated_at"
FROM "email_integrations" e
CROSS JOIN LATERAL (
  SELECT u."id" FROM "users" u WHERE u."account_id" = e."account_id" ORDER BY (u."role" = 'owner') DESC, u."id" LIMIT 1
) o;--> statement-breakpoint
ALTER TABLE "integrations" ENABLE TRIGGER "integrations_audit";--> statement-breakpoint
DROP TABLE "email_integrations" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_member_mailbox_key" ON "integrations" USING btree ("account_id","user_id") WHERE "integrations"."kind" = 'mailbox';--> statement-breakpoint
-- 0028's audit function (one pass over an update's columns) with the mailbox rule above the secrets.
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
  -- A mailbox (kind 'mailbox', migration 0029) keeps its last sign-in test in config and status: not a change
  -- anyone made, as when it had its own table; its rows keep the entity name they had there.
  IF TG_TABLE_NAME = 'integrations' AND coalesce(new_full, old_full)->>'kind' = 'mailbox' THEN
    entity_name := 'mailbox';
    old_row := jsonb_set(old_row, '{config}', coalesce(old_row->'config', '{}'::jsonb) - 'lastTestedAt' - 'lastTestMessage') - 'status';
    new_row := jsonb_set(new_row, '{config}', coalesce(new_row->'config', '{}'::jsonb) - 'lastTestedAt' - 'lastTestMessage') - 'status';
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
