-- News posts (issue 24, ADR 0066): a post has a row per language it was written in. Its texts live in
-- `draft` (the form as last saved; null: no draft) and `published` (what visitors read; null: never
-- published). A language is live while `published` is set and `unpublished_at` is not.
CREATE TABLE "news_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "news_post_languages" (
	"post_id" uuid NOT NULL REFERENCES "news_posts"("id") ON DELETE CASCADE,
	"language" text NOT NULL,
	"draft" jsonb,
	"draft_at" timestamp with time zone,
	"draft_by" text,
	"published" jsonb,
	-- The address of the published text: unique per language, so /news/<slug> names one post.
	"published_slug" text,
	-- The first publish (the article's date, kept across later publishes) and the latest one (Atom's `updated`).
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	"published_by" text,
	"unpublished_at" timestamp with time zone,
	CONSTRAINT "news_post_languages_pkey" PRIMARY KEY ("post_id", "language"),
	CONSTRAINT "news_post_languages_language_check" CHECK ("language" in ('en', 'de', 'es'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "news_post_languages_slug_idx" ON "news_post_languages" ("language", "published_slug");
--> statement-breakpoint
CREATE INDEX "news_post_languages_live_idx" ON "news_post_languages" ("language", "published_at" DESC) WHERE "published" IS NOT NULL AND "unpublished_at" IS NULL;
--> statement-breakpoint
-- Every publish of a post in a language (history, restore as draft: as page_content_versions, ADR 0058).
CREATE TABLE "news_post_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL REFERENCES "news_posts"("id") ON DELETE CASCADE,
	"language" text NOT NULL,
	"fields" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"published_by_email" text
);
--> statement-breakpoint
CREATE INDEX "news_post_versions_post_idx" ON "news_post_versions" ("post_id", "language", "published_at" DESC);
--> statement-breakpoint
-- A scheduled publish of a post's draft in one language (as page_schedules, ADR 0059): its pg-boss job
-- names the row by `id`; a job whose row is gone does nothing.
CREATE TABLE "news_schedules" (
	"post_id" uuid NOT NULL REFERENCES "news_posts"("id") ON DELETE CASCADE,
	"language" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"scheduled_by" text NOT NULL,
	"scheduled_by_email" text NOT NULL,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_schedules_pkey" PRIMARY KEY ("post_id", "language"),
	CONSTRAINT "news_schedules_id_unique" UNIQUE ("id"),
	CONSTRAINT "news_schedules_language_check" CHECK ("language" in ('en', 'de', 'es'))
);
