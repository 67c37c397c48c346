-- The Team overview's hours per member and the dashboard's figures read a period of the whole practice from
-- calls_account_started_idx alone (its trailing columns); the client log narrowed to one member checks user_id
-- inside calls_account_client_started_idx (docs/performance.md, "The Team plan at 50 members").
DROP INDEX "calls_account_started_idx";--> statement-breakpoint
DROP INDEX "calls_account_client_started_idx";--> statement-breakpoint
CREATE INDEX "calls_account_started_idx" ON "calls" USING btree ("account_id","started_at","id","user_id","ended_at","is_test","invoice_id","duration_seconds","billed_seconds","amount_cents");--> statement-breakpoint
CREATE INDEX "calls_account_client_started_idx" ON "calls" USING btree ("account_id","client_id","started_at","id","ended_at","invoice_id","duration_seconds","billed_seconds","amount_cents","user_id");