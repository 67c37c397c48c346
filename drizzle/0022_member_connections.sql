DROP INDEX "integrations_account_kind_provider_key";--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "secret_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Accounting connections belong to the practice; every other (capture) row belongs to a member:
-- the user who connected it, else the account's first owner (docs/team.md, "Connections per member").
UPDATE "integrations" SET "user_id" = NULL WHERE "kind" = 'accounting';--> statement-breakpoint
UPDATE "integrations" i SET "user_id" = (
  SELECT u."id" FROM "users" u WHERE u."account_id" = i."account_id"
  ORDER BY (u."role" = 'owner' AND u."removed_at" IS NULL) DESC, u."id" LIMIT 1
) WHERE i."kind" <> 'accounting' AND i."user_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_account_user_kind_provider_key" ON "integrations" USING btree ("account_id","user_id","kind","provider") WHERE "integrations"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_account_kind_provider_key" ON "integrations" USING btree ("account_id","kind","provider") WHERE "integrations"."user_id" is null;