-- Search across the three languages (issue 29, ADR 0069).
-- unaccent and pg_trgm ship with PostgreSQL's contrib (the embedded server and Debian's
-- postgresql-15 both have them) and are trusted extensions: the database owner may create them.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Each language's stemmer behind the unaccent filter, so "Häuser", "Hauser" and "vídeo"/"video"
-- meet: text and query go through the same configuration.
CREATE TEXT SEARCH CONFIGURATION media_english (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION media_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION media_german (COPY = german);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION media_german ALTER MAPPING FOR hword, hword_part, word WITH unaccent, german_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION media_spanish (COPY = spanish);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION media_spanish ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION media_simple (COPY = simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION media_simple ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
--> statement-breakpoint
-- One set of texts (an item's own, or one translation) weighted title > description > the rest,
-- stemmed in its language; any other language code gets the unstemmed configuration.
CREATE FUNCTION media_texts_vector(lang text, title text, description text, alt_text text, searchable_text text)
RETURNS tsvector LANGUAGE plpgsql STABLE AS $$
DECLARE
	config regconfig := CASE lang
		WHEN 'en' THEN 'media_english'::regconfig
		WHEN 'de' THEN 'media_german'::regconfig
		WHEN 'es' THEN 'media_spanish'::regconfig
		ELSE 'media_simple'::regconfig END;
BEGIN
	RETURN setweight(to_tsvector(config, coalesce(title, '')), 'A')
		|| setweight(to_tsvector(config, coalesce(description, '')), 'B')
		|| setweight(to_tsvector(config, concat_ws(' ', alt_text, searchable_text)), 'C');
END $$;
--> statement-breakpoint
-- The words a typo is corrected to ("tutoral" -> "tutorial"): lower case, accents folded, from every
-- title, description and category name in every language. Words are only added; a word no item
-- uses any more is never offered, because a correction is shown only when it finds items.
CREATE TABLE "media_search_words" (
	"word" text PRIMARY KEY
);
--> statement-breakpoint
CREATE INDEX "media_search_words_trgm_idx" ON "media_search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION media_learn_words(VARIADIC texts text[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO media_search_words (word)
	SELECT DISTINCT w FROM unnest(texts) t, regexp_split_to_table(lower(unaccent(coalesce(t, ''))), '[^[:alpha:]]+') w
	WHERE length(w) BETWEEN 3 AND 40
	ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
-- Everything an item is found by: its own texts, its translations (each in its language) and the
-- names of its categories in the three languages.
CREATE FUNCTION media_search_document(item_id uuid, lang text, title text, description text, alt_text text, searchable_text text)
RETURNS tsvector LANGUAGE plpgsql STABLE AS $$
DECLARE
	doc tsvector := media_texts_vector(lang, title, description, alt_text, searchable_text);
	r record;
BEGIN
	FOR r IN SELECT * FROM media_item_translations tr WHERE tr.media_item_id = item_id LOOP
		doc := doc || media_texts_vector(r.language, r.title, r.description, r.alt_text, r.searchable_text);
	END LOOP;
	FOR r IN SELECT c.name, c.names FROM media_categories mc JOIN categories c ON c.id = mc.category_id WHERE mc.media_item_id = item_id LOOP
		doc := doc || setweight(to_tsvector('media_english', r.name), 'B')
			|| setweight(to_tsvector('media_german', coalesce(r.names ->> 'de', '')), 'B')
			|| setweight(to_tsvector('media_spanish', coalesce(r.names ->> 'es', '')), 'B');
	END LOOP;
	RETURN doc;
END $$;
--> statement-breakpoint
ALTER TABLE "media_items" ADD COLUMN "search_document" tsvector;
--> statement-breakpoint
CREATE FUNCTION media_items_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.search_document := media_search_document(NEW.id, NEW.language, NEW.title, NEW.description, NEW.alt_text, NEW.searchable_text);
	PERFORM media_learn_words(NEW.title, NEW.description);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_items_search_document BEFORE INSERT OR UPDATE OF title, description, alt_text, searchable_text, language
	ON media_items FOR EACH ROW EXECUTE FUNCTION media_items_search_document();
--> statement-breakpoint
CREATE FUNCTION media_refresh_search_document(item_ids uuid[]) RETURNS void LANGUAGE sql AS $$
	UPDATE media_items m
	SET search_document = media_search_document(m.id, m.language, m.title, m.description, m.alt_text, m.searchable_text)
	WHERE m.id = ANY(item_ids);
$$;
--> statement-breakpoint
CREATE FUNCTION media_item_translations_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN
		PERFORM media_learn_words(NEW.title, NEW.description);
		PERFORM media_refresh_search_document(ARRAY[NEW.media_item_id]);
	END IF;
	IF TG_OP <> 'INSERT' THEN
		PERFORM media_refresh_search_document(ARRAY[OLD.media_item_id]);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_item_translations_search_document AFTER INSERT OR UPDATE OR DELETE
	ON media_item_translations FOR EACH ROW EXECUTE FUNCTION media_item_translations_search_document();
--> statement-breakpoint
CREATE FUNCTION media_categories_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM media_refresh_search_document(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD.media_item_id ELSE NEW.media_item_id END]);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_categories_search_document AFTER INSERT OR DELETE
	ON media_categories FOR EACH ROW EXECUTE FUNCTION media_categories_search_document();
--> statement-breakpoint
CREATE FUNCTION categories_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM media_learn_words(NEW.name, NEW.names ->> 'de', NEW.names ->> 'es');
	IF TG_OP = 'UPDATE' THEN
		PERFORM media_refresh_search_document(ARRAY(SELECT media_item_id FROM media_categories WHERE category_id = NEW.id));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_search_document AFTER INSERT OR UPDATE OF name, names
	ON categories FOR EACH ROW EXECUTE FUNCTION categories_search_document();
--> statement-breakpoint
UPDATE media_items SET title = title;
--> statement-breakpoint
SELECT media_learn_words(title, description) FROM media_item_translations;
--> statement-breakpoint
SELECT media_learn_words(name, names ->> 'de', names ->> 'es') FROM categories;
--> statement-breakpoint
CREATE INDEX "media_items_search_document_idx" ON "media_items" USING gin ("search_document");
--> statement-breakpoint
-- Openverse's license groups, read from the licence's SPDX id, address and name: an open licence
-- (Creative Commons, public domain, common software licences) allows commercial use unless it is
-- NonCommercial (NC), and changes unless it is NoDerivatives (ND). Anything else allows neither.
CREATE FUNCTION media_license_allows(license jsonb, what text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE
		WHEN t !~ '\m(cc0|mit|apache|bsd|[al]?gpl|mpl|ofl|unlicense|isc|pdm)\M|cc[- ]by|creativecommons\.org/(licenses|publicdomain)|public domain' THEN false
		WHEN what = 'commercial' THEN t !~ '\mnc\M|noncommercial|non-commercial'
		WHEN what = 'modification' THEN t !~ '\mnd\M|noderiv|no-deriv'
		ELSE false END
	FROM (SELECT lower(concat_ws(' ', license ->> 'spdx_id', license ->> 'url', license ->> 'name')) AS t) l;
$$;
--> statement-breakpoint
-- Kept with the row, so the filters' counts read two booleans instead of matching the licence text.
ALTER TABLE "media_items" ADD COLUMN "license_commercial" boolean GENERATED ALWAYS AS (media_license_allows("license", 'commercial')) STORED;
--> statement-breakpoint
ALTER TABLE "media_items" ADD COLUMN "license_modification" boolean GENERATED ALWAYS AS (media_license_allows("license", 'modification')) STORED;
