-- Limits a stranger cannot turn against the account's owner (issue 28, ADR 0043).
-- The reset links that were actually mailed (a request while one is still valid, or past the
-- recipient's daily quota, mails nothing): the newest of the day can be made valid again instead.
CREATE TABLE IF NOT EXISTS "password_reset_mails" (
	"verification_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"mailed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_mails" ADD CONSTRAINT "password_reset_mails_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "password_reset_mails" ADD CONSTRAINT "password_reset_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "password_reset_mails_user_idx" ON "password_reset_mails" USING btree ("user_id","mailed_at");
--> statement-breakpoint
-- A download is counted once per account and item per hour: the check reads this index.
CREATE INDEX IF NOT EXISTS "media_downloads_user_item_idx" ON "media_downloads" USING btree ("user_id","media_item_id","created_at");
