CREATE TABLE "setup_guides" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"dismissed_at" timestamp with time zone,
	"test_call_seen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "setup_guides" ADD CONSTRAINT "setup_guides_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;