CREATE TABLE "accounting_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"entity" text NOT NULL,
	"local_id" integer NOT NULL,
	"remote_id" text,
	"remote_version" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"synced_fingerprint" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_records_entity_check" CHECK ("accounting_records"."entity" in ('customer', 'invoice', 'payment', 'email')),
	CONSTRAINT "accounting_records_state_check" CHECK ("accounting_records"."state" in ('pending', 'synced', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "accounting_sync_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_sync_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"requested_by" integer,
	"from_date" date,
	"to_date" date,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"synced" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"message" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_sync_runs_state_check" CHECK ("accounting_sync_runs"."state" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "outbound_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL,
	"day" date,
	"day_count" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_records" ADD CONSTRAINT "accounting_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_records" ADD CONSTRAINT "accounting_records_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sync_runs" ADD CONSTRAINT "accounting_sync_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sync_runs" ADD CONSTRAINT "accounting_sync_runs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sync_runs" ADD CONSTRAINT "accounting_sync_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_records_integration_entity_local_key" ON "accounting_records" USING btree ("integration_id","entity","local_id");--> statement-breakpoint
CREATE INDEX "accounting_records_account_entity_local_idx" ON "accounting_records" USING btree ("account_id","entity","local_id");--> statement-breakpoint
CREATE INDEX "accounting_sync_runs_integration_idx" ON "accounting_sync_runs" USING btree ("integration_id","created_at");