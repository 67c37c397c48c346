ALTER TABLE "invoice_items" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_items_account_user_invoice_idx" ON "invoice_items" USING btree ("account_id","user_id","invoice_id");--> statement-breakpoint
-- Issue 26 §2, hand-written: each line already on an invoice records the member whose call or email it bills
-- (migration 0024 gave every call and email a member), found through the line's source id, which a void keeps.
-- Not a change anyone made: the audit trigger is off for it. The analytics triggers see no figure move.
ALTER TABLE "invoice_items" DISABLE TRIGGER "invoice_items_audit";--> statement-breakpoint
UPDATE "invoice_items" SET "user_id" = c."user_id" FROM "calls" c WHERE "invoice_items"."kind" = 'call' AND c."id" = "invoice_items"."source_id" AND c."account_id" = "invoice_items"."account_id" AND "invoice_items"."user_id" IS NULL;--> statement-breakpoint
UPDATE "invoice_items" SET "user_id" = e."user_id" FROM "tracked_emails" e WHERE "invoice_items"."kind" = 'email' AND e."id" = "invoice_items"."source_id" AND e."account_id" = "invoice_items"."account_id" AND "invoice_items"."user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ENABLE TRIGGER "invoice_items_audit";
