ALTER TABLE "integrations" ALTER COLUMN "status" SET DEFAULT 'not_connected';--> statement-breakpoint
-- Rows written before the one status vocabulary (core/integration-status.ts) take its words: saved and not yet
-- proved ("configured", Teams' "not connected") await events; "disconnected" is not connected.
UPDATE "integrations" SET "status" = CASE "status"
  WHEN 'configured' THEN 'awaiting_events'
  WHEN 'not connected' THEN 'awaiting_events'
  WHEN 'disconnected' THEN 'not_connected'
  ELSE "status" END
WHERE "status" IN ('configured', 'not connected', 'disconnected');
