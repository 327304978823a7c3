-- A search's filter counts (issue 29, ADR 0092). Counting what a search finds read every found row
-- of media_items (1.3 kB a row, more than shared_buffers at 100,000 items) and joined it with the
-- category links; sorting by relevance ranked every found row there (0.5 s for 45,000 rows).
-- media_search holds, per published item, only its search document, its created_at (the ties of
-- a ranking) and one small number, its facet key: the combination of type group, language, licence
-- groups and categories it counts under (media_facet_keys, a few hundred rows). The counts of a
-- search are one GROUP BY over the found rows' keys, each filter's numbers summed from those groups
-- in the application; a page by relevance is ranked here and only its items are read from media_items.
CREATE TABLE "media_facet_keys" (
	"key" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"type_group" text NOT NULL,
	"language" text NOT NULL,
	"commercial" boolean NOT NULL,
	"modification" boolean NOT NULL,
	"category_ids" uuid[] NOT NULL,
	CONSTRAINT "media_facet_keys_facets" UNIQUE ("type_group", "language", "commercial", "modification", "category_ids")
);
--> statement-breakpoint
CREATE TABLE "media_search" (
	"media_item_id" uuid PRIMARY KEY REFERENCES "media_items"("id") ON DELETE CASCADE,
	"facet_key" integer NOT NULL,
	"created_at" timestamp with time zone,
	"document" tsvector NOT NULL
);
--> statement-breakpoint
-- The key of a combination, added when new (category ids sorted, so one set has one key).
CREATE FUNCTION media_facet_key(type_group text, language text, commercial boolean, modification boolean, category_ids uuid[])
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	found integer;
BEGIN
	SELECT k.key INTO found FROM media_facet_keys k WHERE k.type_group = $1 AND k.language = $2
		AND k.commercial = $3 AND k.modification = $4 AND k.category_ids = $5;
	IF found IS NULL THEN
		INSERT INTO media_facet_keys (type_group, language, commercial, modification, category_ids)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT ON CONSTRAINT media_facet_keys_facets DO NOTHING RETURNING key INTO found;
	END IF;
	IF found IS NULL THEN
		SELECT k.key INTO found FROM media_facet_keys k WHERE k.type_group = $1 AND k.language = $2
			AND k.commercial = $3 AND k.modification = $4 AND k.category_ids = $5;
	END IF;
	RETURN found;
END $$;
--> statement-breakpoint
-- One item's row as it is now: published items only, gone with the item.
CREATE FUNCTION media_search_sync(item_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	item media_items;
	facet integer;
BEGIN
	SELECT * INTO item FROM media_items WHERE id = item_id;
	IF NOT FOUND OR item.published_at IS NULL THEN
		DELETE FROM media_search WHERE media_item_id = item_id;
		RETURN;
	END IF;
	facet := media_facet_key(media_type_group(item.file_type), item.language, coalesce(item.license_commercial, false),
		coalesce(item.license_modification, false),
		ARRAY(SELECT category_id FROM media_categories WHERE media_item_id = item_id ORDER BY category_id));
	INSERT INTO media_search AS s (media_item_id, facet_key, created_at, document)
	VALUES (item_id, facet, item.created_at, coalesce(item.search_document, ''::tsvector))
	ON CONFLICT (media_item_id) DO UPDATE SET facet_key = excluded.facet_key, created_at = excluded.created_at, document = excluded.document
	WHERE s.facet_key <> excluded.facet_key OR s.created_at IS DISTINCT FROM excluded.created_at OR s.document <> excluded.document;
END $$;
--> statement-breakpoint
CREATE FUNCTION media_items_search_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM media_search_sync(NEW.id);
	RETURN NULL;
END $$;
--> statement-breakpoint
-- After insert and update: the search document (a BEFORE trigger) and the licence groups (generated) are set by then.
CREATE TRIGGER media_items_search_facets AFTER INSERT ON media_items FOR EACH ROW EXECUTE FUNCTION media_items_search_facets();
--> statement-breakpoint
CREATE TRIGGER media_items_search_facets_update AFTER UPDATE ON media_items FOR EACH ROW
	WHEN (OLD.search_document IS DISTINCT FROM NEW.search_document OR (OLD.published_at IS NULL) <> (NEW.published_at IS NULL)
		OR OLD.created_at IS DISTINCT FROM NEW.created_at
		OR OLD.file_type IS DISTINCT FROM NEW.file_type OR OLD.language IS DISTINCT FROM NEW.language
		OR OLD.license IS DISTINCT FROM NEW.license)
	EXECUTE FUNCTION media_items_search_facets();
--> statement-breakpoint
CREATE FUNCTION media_categories_search_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM media_search_sync(OLD.media_item_id);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM media_search_sync(NEW.media_item_id);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_categories_search_facets AFTER INSERT OR UPDATE OF media_item_id, category_id OR DELETE
	ON media_categories FOR EACH ROW EXECUTE FUNCTION media_categories_search_facets();
--> statement-breakpoint
-- What a search finds, read through the GIN index and without parallel workers, whatever the planner
-- estimates for a word in half the library: the index's answer needs no re-check, a sequential scan
-- evaluates @@ on every row (twice the time), and on two busy cores workers only compete (ADR 0092).
-- A function with its own settings is not inlined: they hold for its statement only.
-- The counts: how many found items each facet key has.
CREATE FUNCTION media_search_facets(query tsquery) RETURNS TABLE (facet_key integer, n integer)
LANGUAGE sql STABLE SET enable_seqscan = off SET max_parallel_workers_per_gather = 0 AS $$
	SELECT s.facet_key, count(*)::integer FROM media_search s WHERE s.document @@ query GROUP BY s.facet_key;
$$;
--> statement-breakpoint
-- The `n` most relevant found items among those of `facet_keys` (null: all), as the page by relevance
-- orders them (ts_rank, then newest). For a query of one word (its stemmings agree) ts_rank puts
-- every item with the word in a title (weight A: at least 1/1.645 = 0.61) above every item with it
-- elsewhere only (at most 0.47, whatever its positions): when at least `n` found items have it in a
-- title, only those are ranked, found through media_search_titles_idx.
CREATE FUNCTION media_search_ranked(query tsquery, facet_keys integer[], n integer) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET max_parallel_workers_per_gather = 0 AS $$
DECLARE
	words text[] := ARRAY(SELECT DISTINCT m[1] FROM regexp_matches(query::text, '''((?:[^'']|'''')*)''', 'g') AS m);
	word tsquery;
BEGIN
	-- (No weight or prefix marks: websearch_to_tsquery writes none, and any ':' falls back.)
	IF cardinality(words) = 1 AND position(':' IN query::text) = 0 THEN
		word := ('''' || words[1] || '''')::tsquery;
		IF (SELECT count(*) FROM (SELECT FROM media_search s WHERE ts_filter(s.document, '{a}') @@ word AND s.document @@ query
				AND (facet_keys IS NULL OR s.facet_key = ANY (facet_keys)) LIMIT n) AS titled) >= n THEN
			RETURN QUERY SELECT s.media_item_id FROM media_search s
				WHERE ts_filter(s.document, '{a}') @@ word AND s.document @@ query AND (facet_keys IS NULL OR s.facet_key = ANY (facet_keys))
				ORDER BY ts_rank(s.document, query) DESC, s.created_at DESC NULLS LAST, s.media_item_id DESC LIMIT n;
			RETURN;
		END IF;
	END IF;
	RETURN QUERY SELECT s.media_item_id FROM media_search s
		WHERE s.document @@ query AND (facet_keys IS NULL OR s.facet_key = ANY (facet_keys))
		ORDER BY ts_rank(s.document, query) DESC, s.created_at DESC NULLS LAST, s.media_item_id DESC LIMIT n;
END $$;
--> statement-breakpoint
CREATE TEMPORARY TABLE media_search_fill AS
SELECT m.id, media_type_group(m.file_type) AS type_group, m.language, coalesce(m.license_commercial, false) AS commercial,
	coalesce(m.license_modification, false) AS modification,
	ARRAY(SELECT c.category_id FROM media_categories c WHERE c.media_item_id = m.id ORDER BY c.category_id) AS category_ids,
	m.created_at, coalesce(m.search_document, ''::tsvector) AS document
FROM media_items m WHERE m.published_at IS NOT NULL;
--> statement-breakpoint
INSERT INTO media_facet_keys (type_group, language, commercial, modification, category_ids)
SELECT DISTINCT type_group, language, commercial, modification, category_ids FROM media_search_fill;
--> statement-breakpoint
INSERT INTO media_search (media_item_id, facet_key, created_at, document)
SELECT f.id, k.key, f.created_at, f.document FROM media_search_fill f
JOIN media_facet_keys k USING (type_group, language, commercial, modification, category_ids);
--> statement-breakpoint
DROP TABLE media_search_fill;
--> statement-breakpoint
-- Built after the fill, without a pending list (fastupdate): a search would read every entry of
-- that list on each query (6,000 of them after the fill); an item is written one at a time.
CREATE INDEX "media_search_document_idx" ON "media_search" USING gin ("document") WITH (fastupdate = off);
--> statement-breakpoint
-- The words of the titles (weight A), for media_search_ranked's first tier.
CREATE INDEX "media_search_titles_idx" ON "media_search" USING gin (ts_filter("document", '{a}')) WITH (fastupdate = off);
--> statement-breakpoint
-- Its statistics now, not at autovacuum's next round.
ANALYZE media_search;
