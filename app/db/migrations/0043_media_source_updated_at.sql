-- The translation status page (ADR 0062, issue 23) marks an item's German or Spanish text outdated when
-- its own language's title, description or alt text changed after that translation was last saved.
-- Null: not changed since this column came (items then count as up to date where translated).
ALTER TABLE "media_items" ADD COLUMN "source_updated_at" timestamp with time zone;
