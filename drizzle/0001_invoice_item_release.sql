ALTER TABLE "invoice_items" DROP CONSTRAINT "invoice_items_one_source";--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_one_source" CHECK (("invoice_items"."released_at" is not null and "invoice_items"."call_id" is null and "invoice_items"."email_id" is null) or ("invoice_items"."call_id" is null) <> ("invoice_items"."email_id" is null));