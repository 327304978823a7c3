-- Operator console (issue 11, ADR 0020): console roles, the audit log, site settings edited in
-- the console, the contact inbox's state and replies, and one row per download for the numbers.
CREATE TABLE "user_roles" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"role" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by" text,
	CONSTRAINT "user_roles_role_check" CHECK ("role" in ('admin', 'editor'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"summary" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity", "at" DESC);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN IF NOT EXISTS "read_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN IF NOT EXISTS "handled_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "contact_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL REFERENCES "contact_messages"("id") ON DELETE CASCADE,
	"author_id" text,
	"author_email" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id", "created_at");
--> statement-breakpoint
CREATE TABLE "media_download_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"media_item_id" uuid REFERENCES "media_items"("id") ON DELETE SET NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_download_events_at_idx" ON "media_download_events" USING btree ("downloaded_at");
--> statement-breakpoint
CREATE INDEX "media_download_events_item_idx" ON "media_download_events" USING btree ("media_item_id", "downloaded_at");
--> statement-breakpoint
-- The same atomic count as 0002, plus one row per download so the console can show downloads per day.
CREATE OR REPLACE FUNCTION increment_download_count(media_id uuid) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  new_count integer;
BEGIN
  UPDATE media_items SET download_count = download_count + 1 WHERE id = media_id RETURNING download_count INTO new_count;
  IF new_count IS NOT NULL THEN
    INSERT INTO media_download_events (media_item_id) VALUES (media_id);
  END IF;
  RETURN new_count;
END
$$;
