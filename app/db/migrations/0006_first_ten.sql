-- Readable category addresses (/media?category=brand-assets): a slug derived from the name,
-- kept up to date by PostgreSQL itself, so every way a category is created (import, seeding,
-- console) gets one. German and Spanish letters are spelled out; other characters become "-".
ALTER TABLE "categories" ADD COLUMN "slug" text GENERATED ALWAYS AS (
	trim(both '-' from regexp_replace(
		translate(
			replace(replace(replace(replace(lower("name"), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'),
			'áàâãéèêëíìîïóòôõúùûçñ', 'aaaaeeeeiiiioooouuucn'
		),
		'[^a-z0-9]+', '-', 'g'
	))
) STORED;
--> statement-breakpoint
CREATE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");
--> statement-breakpoint
-- "Tell me when it opens" (/academy, /tandem): an address, confirmed by a link in a mail
-- (double opt-in). Only the SHA-256 of the confirmation token is stored.
CREATE TABLE "launch_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launch_notifications_topic_check" CHECK ("topic" in ('academy', 'tandem')),
	CONSTRAINT "launch_notifications_email_topic_unique" UNIQUE("email", "topic"),
	CONSTRAINT "launch_notifications_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "launch_notifications_created_at_idx" ON "launch_notifications" USING btree ("created_at" DESC NULLS LAST);
