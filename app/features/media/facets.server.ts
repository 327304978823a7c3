import { sql } from "drizzle-orm";
import { mediaFacetCounts, mediaFacetKeys } from "~/db/schema";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { filterConditions, findMedia, type MediaPage } from "./media.server";
import type { MediaFacets, MediaFilters } from "./media-types";
import { correctSearch, searchTsQuery, type SearchTerms } from "./search.server";

/**
 * The /media loader's database work (ADR 0072): the page and the filters' counts of the search as
 * typed, at once; only when that finds fewer than FEW_MATCHES items the typo fallback runs
 * (its count is the one just made) and, when it found a correction, the page and counts again.
 */
export async function searchLibrary(
  filters: MediaFilters,
  options: { cursor?: string | null; language?: Language; limit?: number } = {},
): Promise<MediaPage & { facets: MediaFacets; total: number; terms: SearchTerms }> {
  const run = async (terms: SearchTerms) => {
    const [page, counted] = await Promise.all([findMedia(filters, { ...options, terms }), countFacets(filters, terms)]);
    return { ...page, ...counted, terms };
  };
  const typed = await run({ q: filters.q, corrected: null });
  if (!filters.q) return typed;
  const terms = await correctSearch(filters.q, filterConditions(filters), typed.total);
  return terms.corrected ? run(terms) : typed;
}

/**
 * The filters' counts (ADR 0069, 0072): for each filter, how many items each of its choices leaves
 * with the other filters and the search as they are, so a choice's number is what choosing it shows.
 * Exact, each in one statement (one snapshot). Without a search they are read from
 * media_facet_counts (kept by triggers, migration 0032); with one, counted over what it finds (ADR 0092).
 */
export async function countFacets(filters: MediaFilters, terms?: SearchTerms): Promise<{ facets: MediaFacets; total: number }> {
  return filters.q ? countFoundFacets(filters, terms) : countLibraryFacets(filters);
}

const emptyFacets = (): MediaFacets => ({
  type: {},
  category: { "": 0 },
  language: {},
  license: { "": 0, commercial: 0, modification: 0 },
});
const add = (counts: Record<string, number>, key: string, n: number) => (counts[key] = (counts[key] ?? 0) + n);

/** Every item is in exactly one type group and has one language: "all" is their sum. */
function withSums(facets: MediaFacets): MediaFacets {
  facets.type.all = Object.values(facets.type).reduce((sum, n) => sum + n, 0);
  facets.language[""] = Object.values(facets.language).reduce((sum, n) => sum + n, 0);
  return facets;
}

/** How many published items count under one combination of a category (null: the items themselves) and the other facets. */
type FacetRow = typeof mediaFacetCounts.$inferSelect;

/**
 * The counts from rows of media_facet_counts' shape: each count leaves out its own filter; a chosen
 * category counts from that category's rows instead of the items' own.
 */
function sumFacets(rows: FacetRow[], filters: MediaFilters): { facets: MediaFacets; total: number } {
  const t = (row: FacetRow) => filters.type === "all" || row.typeGroup === filters.type;
  const l = (row: FacetRow) => !filters.language || row.language === filters.language;
  const g = (row: FacetRow) => !filters.license || row[filters.license];
  const items = filters.category ? filters.category : null;
  const facets = emptyFacets();
  let total = 0;
  for (const row of rows) {
    if (t(row) && l(row) && g(row)) add(facets.category, row.categoryId ?? "", row.n);
    if (row.categoryId !== items) continue;
    if (t(row) && l(row) && g(row)) total += row.n;
    if (l(row) && g(row)) add(facets.type, row.typeGroup, row.n);
    if (t(row) && g(row)) add(facets.language, row.language, row.n);
    if (t(row) && l(row)) {
      facets.license[""] += row.n;
      if (row.commercial) facets.license.commercial += row.n;
      if (row.modification) facets.license.modification += row.n;
    }
  }
  return { facets: withSums(facets), total };
}

/** Without a search: the few hundred rows of media_facet_counts (kept by triggers, migration 0032). */
async function countLibraryFacets(filters: MediaFilters): Promise<{ facets: MediaFacets; total: number }> {
  return sumFacets(await db().select().from(mediaFacetCounts), filters);
}

/**
 * With a search (ADR 0092): one GIN search of media_search (a narrow copy of the published items'
 * documents, migration 0047: media_search_facets) grouped by the found items' facet keys, a few hundred groups at most;
 * each group is one combination of type group, language, licence groups and categories, so it
 * stands for rows of media_facet_counts' shape (the items, and each of their categories) and the
 * filters' numbers are summed as without a search. No filter narrows the scan: each count leaves
 * out its own filter and keeps the others, all of which the groups carry.
 */
async function countFoundFacets(filters: MediaFilters, terms?: SearchTerms): Promise<{ facets: MediaFacets; total: number }> {
  const query = searchTsQuery(terms ?? { q: filters.q, corrected: null });
  const { rows } = await db().execute<{
    type_group: string;
    language: string;
    commercial: boolean;
    modification: boolean;
    category_ids: string[];
    n: number;
  }>(sql`select k.type_group, k.language, k.commercial, k.modification, k.category_ids::text[] as category_ids, found.n
    from media_search_facets(${query}) as found join ${mediaFacetKeys} k on k.key = found.facet_key`);
  const facetRows = rows.flatMap((row) => {
    const facet = {
      typeGroup: row.type_group,
      language: row.language,
      commercial: row.commercial,
      modification: row.modification,
      n: row.n,
    };
    return [{ ...facet, categoryId: null }, ...row.category_ids.map((categoryId) => ({ ...facet, categoryId }))];
  });
  return sumFacets(facetRows, filters);
}
