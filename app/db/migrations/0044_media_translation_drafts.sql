-- A media item's texts in another language that are not public yet (ADR 0089): written by the translation
-- import and "start from the original" on /admin/translations, published by saving the item's form.
-- The public library never reads this table, so an import never changes what a visitor sees.
CREATE TABLE "media_item_translation_drafts" (
	"media_item_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text,
	"description" text,
	"alt_text" text,
	"searchable_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_item_translation_drafts_pkey" PRIMARY KEY("media_item_id","language"),
	CONSTRAINT "media_item_translation_drafts_language_check" CHECK ("media_item_translation_drafts"."language" in ('en', 'de', 'es'))
);
--> statement-breakpoint
ALTER TABLE "media_item_translation_drafts" ADD CONSTRAINT "media_item_translation_drafts_media_item_id_media_items_id_fk" FOREIGN KEY ("media_item_id") REFERENCES "public"."media_items"("id") ON DELETE cascade ON UPDATE no action;
