CREATE TABLE "client_legal_settings" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"ledes_client_id" text,
	"default_matter_id" integer,
	"default_task_code" text,
	"default_activity_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_ledes_checks" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"format" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"checked_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "legal_billing_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"law_firm_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_line_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_line_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"call_id" integer,
	"email_id" integer,
	"invoice_item_id" integer,
	"matter_id" integer,
	"task_code" text,
	"activity_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_line_codes_one_target" CHECK (("legal_line_codes"."call_id" is not null)::int + ("legal_line_codes"."email_id" is not null)::int + ("legal_line_codes"."invoice_item_id" is not null)::int = 1)
);
--> statement-breakpoint
CREATE TABLE "matters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "matters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"law_firm_matter_id" text NOT NULL,
	"client_matter_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timekeepers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"timekeeper_id" text,
	"name" text,
	"classification" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timekeepers_classification_check" CHECK ("timekeepers"."classification" is null or "timekeepers"."classification" in ('PT', 'AS', 'OC', 'LA', 'OT'))
);
--> statement-breakpoint
ALTER TABLE "client_legal_settings" ADD CONSTRAINT "client_legal_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_legal_settings" ADD CONSTRAINT "client_legal_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_legal_settings" ADD CONSTRAINT "client_legal_settings_default_matter_id_matters_id_fk" FOREIGN KEY ("default_matter_id") REFERENCES "public"."matters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_ledes_checks" ADD CONSTRAINT "invoice_ledes_checks_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_ledes_checks" ADD CONSTRAINT "invoice_ledes_checks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_ledes_checks" ADD CONSTRAINT "invoice_ledes_checks_checked_by_user_id_users_id_fk" FOREIGN KEY ("checked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_billing_settings" ADD CONSTRAINT "legal_billing_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_line_codes" ADD CONSTRAINT "legal_line_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_line_codes" ADD CONSTRAINT "legal_line_codes_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_line_codes" ADD CONSTRAINT "legal_line_codes_email_id_tracked_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."tracked_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_line_codes" ADD CONSTRAINT "legal_line_codes_invoice_item_id_invoice_items_id_fk" FOREIGN KEY ("invoice_item_id") REFERENCES "public"."invoice_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_line_codes" ADD CONSTRAINT "legal_line_codes_matter_id_matters_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timekeepers" ADD CONSTRAINT "timekeepers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timekeepers" ADD CONSTRAINT "timekeepers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_line_codes_call_key" ON "legal_line_codes" USING btree ("call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_line_codes_email_key" ON "legal_line_codes" USING btree ("email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_line_codes_item_key" ON "legal_line_codes" USING btree ("invoice_item_id");--> statement-breakpoint
CREATE INDEX "legal_line_codes_matter_idx" ON "legal_line_codes" USING btree ("matter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matters_client_law_firm_matter_key" ON "matters" USING btree ("account_id","client_id","law_firm_matter_id");--> statement-breakpoint
CREATE INDEX "matters_account_client_idx" ON "matters" USING btree ("account_id","client_id");--> statement-breakpoint
CREATE INDEX "timekeepers_account_idx" ON "timekeepers" USING btree ("account_id");