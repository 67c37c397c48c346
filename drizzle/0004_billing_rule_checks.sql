ALTER TABLE "accounts" ADD CONSTRAINT "accounts_billing_type_check" CHECK ("accounts"."billing_type" in ('minute', 'hour', 'call'));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_minimum_billing_minutes_check" CHECK ("accounts"."minimum_billing_minutes" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_rounding_increment_minutes_check" CHECK ("accounts"."rounding_increment_minutes" in (1, 6, 15, 30));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_billing_type_check" CHECK ("calls"."billing_type" in ('minute', 'hour', 'call'));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_minimum_billing_minutes_check" CHECK ("calls"."minimum_billing_minutes" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_rounding_increment_minutes_check" CHECK ("calls"."rounding_increment_minutes" in (1, 6, 15, 30));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_billing_type_check" CHECK ("clients"."billing_type" in ('minute', 'hour', 'call'));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_minimum_billing_minutes_check" CHECK ("clients"."minimum_billing_minutes" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_rounding_increment_minutes_check" CHECK ("clients"."rounding_increment_minutes" in (1, 6, 15, 30));