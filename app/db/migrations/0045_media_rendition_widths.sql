-- The page renditions of an image (ADR 0091): the widths drawn in WebP and AVIF beside its thumbnail at
-- items/<id>/w<width>.<format>. Null: not drawn yet (items imported before); the start-up job draws them.
ALTER TABLE "media_items" ADD COLUMN "rendition_widths" integer[];
