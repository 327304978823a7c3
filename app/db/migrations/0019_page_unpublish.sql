-- A language of a content page can be unpublished (ADR 0058): the page then shows the default
-- language's published content with a note. The published overrides stay, so republishing brings
-- them back unchanged. unpublished_at null: the language is live.
ALTER TABLE "page_content" ADD COLUMN "unpublished_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "page_content" ADD COLUMN "unpublished_by" text;
