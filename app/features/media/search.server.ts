import { sql, type SQL } from "drizzle-orm";
import { mediaFacetKeys, mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import type { MediaFilters } from "./media-types";

/**
 * Searching the library in any of the three languages (ADR 0069). Every item carries one
 * `search_document` (migration 0029, kept by triggers): its own texts, its translations and its
 * categories' names in en/de/es, each stemmed with its language's dictionary behind `unaccent`.
 * A query is read by the same four configurations and OR-ed, so "Häuser", "hauser" and "house"
 * each meet the item's German or English words, whatever the page's language.
 */

/** A search as the library runs it: what was typed, and the typo-corrected query when the fallback found one. */
export interface SearchTerms {
  q: string;
  /** The query with misspelt words replaced by library words ("tutoral" → "tutorial"); null when none was needed or found. */
  corrected: string | null;
}

/** Below this many exact matches the typo fallback looks for a correction. */
export const FEW_MATCHES = 3;
/** pg_trgm similarity a library word needs to count as the meant word (0.3 is pg_trgm's own default). */
const SIMILARITY_MIN = 0.3;

/** websearch syntax read by each language's configuration, OR-ed. */
function tsQuery(q: string): SQL {
  return sql`(websearch_to_tsquery('media_english'::regconfig, ${q}) || websearch_to_tsquery('media_german'::regconfig, ${q}) || websearch_to_tsquery('media_spanish'::regconfig, ${q}) || websearch_to_tsquery('media_simple'::regconfig, ${q}))`;
}

/** The tsquery of a search: the typed words, or these or the corrected ones. */
export function searchTsQuery(terms: SearchTerms): SQL {
  return terms.corrected ? sql`(${tsQuery(terms.q)} || ${tsQuery(terms.corrected)})` : tsQuery(terms.q);
}

/** The one condition of a search (one GIN index, media_items_search_document_idx). */
export function searchCondition(terms: SearchTerms): SQL {
  return sql`${mediaItems.searchDocument} @@ ${searchTsQuery(terms)}`;
}

/** Relevance: title words weigh more than descriptions and category names (the document's weights). */
export function searchRank(terms: SearchTerms): SQL<number> {
  return sql<number>`ts_rank(${mediaItems.searchDocument}, ${searchTsQuery(terms)})`;
}

/**
 * The ids of the `limit` most relevant items (ADR 0092), as a subquery: ranked in media_search, the
 * narrow copy of the published items' documents (migration 0047, media_search_ranked), not over the
 * wide media_items rows; the filters are those of the items' facet keys. The same rank and ties as
 * the page's order, so a page reads only these rows and sorts them the same way again.
 */
export function rankedIds(terms: SearchTerms, filters: MediaFilters, limit: number): SQL {
  const keys: SQL[] = [];
  if (filters.type !== "all") keys.push(sql`${mediaFacetKeys.typeGroup} = ${filters.type}`);
  if (filters.language) keys.push(sql`${mediaFacetKeys.language} = ${filters.language}`);
  if (filters.license) keys.push(sql`${filters.license === "commercial" ? mediaFacetKeys.commercial : mediaFacetKeys.modification}`);
  if (filters.category) keys.push(sql`${filters.category}::uuid = any(${mediaFacetKeys.categoryIds})`);
  const facetKeys = keys.length
    ? sql`array(select ${mediaFacetKeys.key} from ${mediaFacetKeys} where ${sql.join(keys, sql` and `)})`
    : sql`null::integer[]`;
  return sql`(select media_search_ranked(${searchTsQuery(terms)}, ${facetKeys}, ${limit}))`;
}

/** The words of a query as the vocabulary holds them: lower case, accents folded, letters only. */
function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * The typo fallback for a search that found `exact` items under `conditions` (searchLibrary knows
 * that number from its counts, so a search with hits costs no trigram work at all): when fewer than
 * FEW_MATCHES, each word of 3+ letters the library does not use is replaced by the most similar one
 * it does (pg_trgm); the corrected query is kept only when it finds more than the typed one.
 */
export async function correctSearch(q: string, conditions: SQL[], exact: number): Promise<SearchTerms> {
  const typed: SearchTerms = { q, corrected: null };
  if (!q || exact >= FEW_MATCHES) return typed;
  const words = queryWords(q);
  const candidates = [...new Set(words.filter((word) => word.length >= 3))];
  if (candidates.length === 0) return typed;
  const { rows } = await db().execute<{ typed: string; word: string }>(sql`
    select q.w as typed, best.word
    from unnest(${sql.param(candidates)}::text[]) as q(w)
    cross join lateral (
      select v.word from media_search_words v
      where v.word % q.w and similarity(v.word, q.w) >= ${SIMILARITY_MIN}
      order by (v.word = q.w) desc, similarity(v.word, q.w) desc, v.word
      limit 1
    ) best`);
  const replacement = new Map(rows.filter((row) => row.word !== row.typed).map((row) => [row.typed, row.word]));
  if (replacement.size === 0) return typed;
  const corrected = words.map((word) => replacement.get(word) ?? word).join(" ");
  const withCorrection: SearchTerms = { q, corrected };
  return (await countUpTo(withCorrection, conditions, FEW_MATCHES + 1)) > exact ? withCorrection : typed;
}

/** How many items match, counting no further than `limit` (cheap for a common word). */
async function countUpTo(terms: SearchTerms, conditions: SQL[], limit: number): Promise<number> {
  const where = sql.join([...conditions, searchCondition(terms)], sql` and `);
  const { rows } = await db().execute<{ found: number }>(
    sql`select count(*)::int as found from (select 1 from ${mediaItems} where ${where} limit ${limit}) as matches`,
  );
  return rows[0]?.found ?? 0;
}
