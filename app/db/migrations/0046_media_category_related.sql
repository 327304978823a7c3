-- The item dialog's "same category" row (issue 29, ADR 0092): the newest published items of a
-- category. Each link carries its item's created_at and whether the item is published (kept by the
-- triggers below), so the row reads one short index range per category instead of every link of
-- the category joined with the library and sorted (55 ms at 100,000 items).
ALTER TABLE "media_categories" ADD COLUMN "item_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "media_categories" ADD COLUMN "item_published" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The facet counts follow a link's item and category only, not these copies of the item's fields.
DROP TRIGGER media_categories_facet_counts ON media_categories;
--> statement-breakpoint
CREATE TRIGGER media_categories_facet_counts AFTER INSERT OR UPDATE OF media_item_id, category_id OR DELETE
	ON media_categories FOR EACH ROW EXECUTE FUNCTION media_categories_facet_counts();
--> statement-breakpoint
UPDATE media_categories mc SET item_created_at = m.created_at, item_published = m.published_at IS NOT NULL
FROM media_items m WHERE m.id = mc.media_item_id;
--> statement-breakpoint
CREATE FUNCTION media_categories_item_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT m.created_at, m.published_at IS NOT NULL INTO NEW.item_created_at, NEW.item_published
	FROM media_items m WHERE m.id = NEW.media_item_id;
	NEW.item_published := coalesce(NEW.item_published, false);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_categories_item_fields BEFORE INSERT OR UPDATE OF media_item_id
	ON media_categories FOR EACH ROW EXECUTE FUNCTION media_categories_item_fields();
--> statement-breakpoint
CREATE FUNCTION media_items_category_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE media_categories SET item_created_at = NEW.created_at, item_published = NEW.published_at IS NOT NULL
	WHERE media_item_id = NEW.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_items_category_fields AFTER UPDATE OF created_at, published_at ON media_items FOR EACH ROW
	WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR (OLD.published_at IS NULL) <> (NEW.published_at IS NULL))
	EXECUTE FUNCTION media_items_category_fields();
--> statement-breakpoint
CREATE INDEX "media_categories_related_idx" ON "media_categories" USING btree ("category_id", "item_created_at" DESC, "media_item_id" DESC) WHERE "item_published";
