-- The library's filter counts without a search, kept as they change (issue 29, ADR 0072): how many
-- published items there are per (type group, language, licence groups), once per item (category_id
-- null) and once per category link. The first page and every filter-only page read these few
-- hundred rows instead of counting the whole library; a search still counts what it finds.
CREATE TABLE "media_facet_counts" (
	"category_id" uuid,
	"type_group" text NOT NULL,
	"language" text NOT NULL,
	"commercial" boolean NOT NULL,
	"modification" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "media_facet_counts_key" UNIQUE NULLS NOT DISTINCT ("category_id", "type_group", "language", "commercial", "modification")
);
--> statement-breakpoint
-- The type filter's groups (media.server.ts filterConditions: pdf, sheet and document are "document").
CREATE FUNCTION media_type_group(file_type text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN file_type IN ('pdf', 'sheet', 'document') THEN 'document' ELSE file_type END;
$$;
--> statement-breakpoint
-- Adds `delta` for one item (when published): its own row and, for `categories`, one per category.
CREATE FUNCTION media_facet_add(item media_items, categories uuid[], delta integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO media_facet_counts AS f (category_id, type_group, language, commercial, modification, n)
	SELECT c.id, media_type_group(item.file_type), item.language, coalesce(item.license_commercial, false),
		coalesce(item.license_modification, false), delta
	FROM unnest(categories) AS c(id)
	WHERE item.published_at IS NOT NULL
	ON CONFLICT ON CONSTRAINT media_facet_counts_key DO UPDATE SET n = f.n + excluded.n;
$$;
--> statement-breakpoint
CREATE FUNCTION media_items_facet_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	links uuid[];
BEGIN
	-- Before a delete, while its category links (deleted by the cascade after it) are still there.
	links := ARRAY[NULL::uuid] || ARRAY(SELECT category_id FROM media_categories WHERE media_item_id = coalesce(NEW.id, OLD.id));
	IF TG_OP <> 'INSERT' THEN
		PERFORM media_facet_add(OLD, links, -1);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM media_facet_add(NEW, links, 1);
		RETURN NULL;
	END IF;
	RETURN OLD;
END $$;
--> statement-breakpoint
-- After insert and update: the generated licence-group columns are computed by then.
CREATE TRIGGER media_items_facet_counts AFTER INSERT OR UPDATE OF file_type, language, license, published_at
	ON media_items FOR EACH ROW EXECUTE FUNCTION media_items_facet_counts();
--> statement-breakpoint
CREATE TRIGGER media_items_facet_counts_delete BEFORE DELETE
	ON media_items FOR EACH ROW EXECUTE FUNCTION media_items_facet_counts();
--> statement-breakpoint
-- A link added or removed; an item's own delete has already taken its links off (the item is gone here).
CREATE FUNCTION media_categories_facet_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	item media_items;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		SELECT * INTO item FROM media_items WHERE id = OLD.media_item_id;
		IF FOUND THEN
			PERFORM media_facet_add(item, ARRAY[OLD.category_id], -1);
		END IF;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		SELECT * INTO item FROM media_items WHERE id = NEW.media_item_id;
		IF FOUND THEN
			PERFORM media_facet_add(item, ARRAY[NEW.category_id], 1);
		END IF;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_categories_facet_counts AFTER INSERT OR UPDATE OR DELETE
	ON media_categories FOR EACH ROW EXECUTE FUNCTION media_categories_facet_counts();
--> statement-breakpoint
INSERT INTO media_facet_counts (category_id, type_group, language, commercial, modification, n)
SELECT c.category_id, media_type_group(m.file_type), m.language, coalesce(m.license_commercial, false),
	coalesce(m.license_modification, false), count(*)
FROM media_items m
CROSS JOIN LATERAL (SELECT NULL::uuid AS category_id UNION ALL SELECT category_id FROM media_categories WHERE media_item_id = m.id) c
WHERE m.published_at IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- The list joins each item's translation into the page's language. When (almost) no item has one in
-- that language, PostgreSQL collects them all first: by language, that is an empty range, not a
-- walk over the whole primary key (50 ms at 100,000 items).
CREATE INDEX "media_item_translations_language_idx" ON "media_item_translations" USING btree ("language", "media_item_id");
