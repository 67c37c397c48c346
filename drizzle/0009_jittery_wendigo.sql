-- Issue 23 defects 4 and 14. Before the unique indexes: of several accounts tracking one computer, only the
-- first one switched on keeps tracking; of several unfinished sync runs of one integration, the newest stays.
UPDATE "integrations" SET "enabled" = false, "status" = 'disconnected'
WHERE "kind" = 'desktop' AND "provider" = 'this-computer' AND "enabled"
  AND "id" <> (SELECT min(i2."id") FROM "integrations" i2 WHERE i2."kind" = 'desktop' AND i2."provider" = 'this-computer'
    AND i2."enabled" AND i2."config"->>'hostname' = "integrations"."config"->>'hostname');--> statement-breakpoint
UPDATE "accounting_sync_runs" SET "state" = 'failed', "finished_at" = now(), "updated_at" = now(),
  "message" = 'Replaced by a newer sync of the same integration'
WHERE "state" IN ('queued', 'running')
  AND "id" <> (SELECT max(r2."id") FROM "accounting_sync_runs" r2 WHERE r2."integration_id" = "accounting_sync_runs"."integration_id"
    AND r2."state" IN ('queued', 'running'));--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_desktop_hostname_key" ON "integrations" USING btree (("config"->>'hostname')) WHERE "integrations"."kind" = 'desktop' and "integrations"."provider" = 'this-computer' and "integrations"."enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_sync_runs_active_key" ON "accounting_sync_runs" USING btree ("integration_id") WHERE "accounting_sync_runs"."state" in ('queued', 'running');