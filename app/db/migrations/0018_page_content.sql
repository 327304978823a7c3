-- Pages as content (ADR 0054): per content namespace and language, the operator's overrides of the
-- locale file's default fields, published and draft. An override map is
-- { "<dotted path>": { "value": "...", "default": "<the file text it replaced>" } }; draft null = no draft.
CREATE TABLE "page_content" (
	"namespace" text NOT NULL,
	"language" text NOT NULL,
	"published" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text,
	"draft" jsonb,
	"draft_at" timestamp with time zone,
	"draft_by" text,
	CONSTRAINT "page_content_pkey" PRIMARY KEY ("namespace", "language"),
	CONSTRAINT "page_content_language_check" CHECK ("language" in ('en', 'de', 'es'))
);
--> statement-breakpoint
-- Every publish is a version (who, when, which language), for history, diff and restore.
-- No foreign key on the user: a version outlives a deleted account (as the audit log does).
CREATE TABLE "page_content_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"namespace" text NOT NULL,
	"language" text NOT NULL,
	"fields" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"published_by_email" text
);
--> statement-breakpoint
CREATE INDEX "page_content_versions_page_idx" ON "page_content_versions" USING btree ("namespace", "language", "published_at" DESC);
