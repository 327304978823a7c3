-- Crash-safe confirmation mail (ADR 0030): when the account's first confirmation mail was queued.
-- Accounts that exist before this migration count as handled (their mail went out the old way),
-- so the sweep never sends them a second one.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "confirmation_mail_queued_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "users" SET "confirmation_mail_queued_at" = "created_at" WHERE "confirmation_mail_queued_at" IS NULL;
--> statement-breakpoint
-- The confirmation sweep reads only accounts without the mark: a small partial index.
CREATE INDEX IF NOT EXISTS "users_confirmation_pending_idx" ON "users" ("created_at") WHERE NOT "email_verified" AND "confirmation_mail_queued_at" IS NULL;
