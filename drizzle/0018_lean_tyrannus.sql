DROP INDEX "calls_account_client_started_idx";--> statement-breakpoint
DROP INDEX "calls_account_unbilled_idx";--> statement-breakpoint
CREATE INDEX "calls_account_client_started_idx" ON "calls" USING btree ("account_id","client_id","started_at","id","ended_at","invoice_id","duration_seconds","billed_seconds","amount_cents");--> statement-breakpoint
CREATE INDEX "calls_account_unbilled_idx" ON "calls" USING btree ("account_id","client_id","started_at","id") WHERE "calls"."invoice_id" is null and "calls"."ended_at" is not null;