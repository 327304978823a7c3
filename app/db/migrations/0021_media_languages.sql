-- Media in three languages and drafts (issue 23, ADR 0060).
-- An item is public while "published_at" is set. Every existing row is published (the column's
-- default fills them at once, without rewriting the table); the import keeps publishing by default,
-- only a console upload stores null (a draft).
ALTER TABLE "media_items" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();
--> statement-breakpoint
-- The alternative text of the item's picture, in the item's own language.
ALTER TABLE "media_items" ADD COLUMN "alt_text" text;
--> statement-breakpoint
-- The item's texts in the other site languages. The item's own columns stay its original-language
-- texts; a field left empty here falls back to them. Each row is indexed with its language's own
-- text search configuration, so a German word is found by its German forms.
CREATE TABLE "media_item_translations" (
	"media_item_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text,
	"description" text,
	"alt_text" text,
	"searchable_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (CASE "language"
		WHEN 'de' THEN
			setweight(to_tsvector('german'::regconfig, coalesce("title", '')), 'A') ||
			setweight(to_tsvector('german'::regconfig, coalesce("description", '')), 'B') ||
			setweight(to_tsvector('german'::regconfig, coalesce("searchable_text", '')), 'C')
		WHEN 'es' THEN
			setweight(to_tsvector('spanish'::regconfig, coalesce("title", '')), 'A') ||
			setweight(to_tsvector('spanish'::regconfig, coalesce("description", '')), 'B') ||
			setweight(to_tsvector('spanish'::regconfig, coalesce("searchable_text", '')), 'C')
		WHEN 'en' THEN
			setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
			setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B') ||
			setweight(to_tsvector('english'::regconfig, coalesce("searchable_text", '')), 'C')
		ELSE
			setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') ||
			setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'B') ||
			setweight(to_tsvector('simple'::regconfig, coalesce("searchable_text", '')), 'C')
		END) STORED,
	CONSTRAINT "media_item_translations_pkey" PRIMARY KEY ("media_item_id", "language"),
	CONSTRAINT "media_item_translations_language_check" CHECK ("language" in ('en', 'de', 'es')),
	CONSTRAINT "media_item_translations_item_fk" FOREIGN KEY ("media_item_id") REFERENCES "media_items"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "media_item_translations_search_idx" ON "media_item_translations" USING gin ("search_vector");
--> statement-breakpoint
-- Category names in German and Spanish ({"de": "Marke", "es": "Marca"}); "name" stays the English
-- name, the fallback and the source of the slug.
ALTER TABLE "categories" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_names_check" CHECK (jsonb_typeof("names") = 'object');
