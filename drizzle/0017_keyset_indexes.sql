DROP INDEX "calls_account_started_idx";--> statement-breakpoint
DROP INDEX "calls_account_client_started_idx";--> statement-breakpoint
DROP INDEX "tracked_emails_account_client_created_idx";--> statement-breakpoint
DROP INDEX "tracked_emails_account_created_idx";--> statement-breakpoint
DROP INDEX "invoices_account_created_idx";--> statement-breakpoint
DROP INDEX "invoices_account_client_idx";--> statement-breakpoint
CREATE INDEX "calls_account_started_idx" ON "calls" USING btree ("account_id","started_at","id");--> statement-breakpoint
CREATE INDEX "calls_account_client_started_idx" ON "calls" USING btree ("account_id","client_id","started_at","id");--> statement-breakpoint
CREATE INDEX "tracked_emails_account_client_created_idx" ON "tracked_emails" USING btree ("account_id","client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tracked_emails_account_created_idx" ON "tracked_emails" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_account_created_idx" ON "invoices" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_account_client_idx" ON "invoices" USING btree ("account_id","client_id","created_at","id");