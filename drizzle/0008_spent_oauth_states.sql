CREATE TABLE "spent_oauth_states" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spent_oauth_states_expires_at_idx" ON "spent_oauth_states" USING btree ("expires_at");