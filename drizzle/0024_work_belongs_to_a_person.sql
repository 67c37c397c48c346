ALTER TABLE "accounts" ADD COLUMN "members_see_rates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tracked_emails" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "tracked_emails" ADD CONSTRAINT "tracked_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_account_user_started_idx" ON "calls" USING btree ("account_id","user_id","started_at","id");--> statement-breakpoint
-- Issue 26 §2, hand-written: work from before the Team plan belongs to the account's owner (its first one), so a
-- member's "mine" never shows it and the owner's does. Not a change anyone made: the audit triggers are off for it.
ALTER TABLE "calls" DISABLE TRIGGER "calls_audit";--> statement-breakpoint
ALTER TABLE "tracked_emails" DISABLE TRIGGER "tracked_emails_audit";--> statement-breakpoint
UPDATE "calls" SET "user_id" = (SELECT u."id" FROM "users" u WHERE u."account_id" = "calls"."account_id" AND u."role" = 'owner' ORDER BY u."id" LIMIT 1) WHERE "user_id" IS NULL;--> statement-breakpoint
UPDATE "tracked_emails" SET "user_id" = (SELECT u."id" FROM "users" u WHERE u."account_id" = "tracked_emails"."account_id" AND u."role" = 'owner' ORDER BY u."id" LIMIT 1) WHERE "user_id" IS NULL;--> statement-breakpoint
UPDATE "call_proposals" SET "user_id" = (SELECT u."id" FROM "users" u WHERE u."account_id" = "call_proposals"."account_id" AND u."role" = 'owner' ORDER BY u."id" LIMIT 1) WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "calls" ENABLE TRIGGER "calls_audit";--> statement-breakpoint
ALTER TABLE "tracked_emails" ENABLE TRIGGER "tracked_emails_audit";
