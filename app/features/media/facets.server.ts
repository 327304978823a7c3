import { sql, type SQL } from "drizzle-orm";
import { mediaCategories, mediaFacetCounts, mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { filterConditions, findMedia, isPublished, type MediaPage } from "./media.server";
import type { MediaFacets, MediaFilters, TypeFilter } from "./media-types";
import { correctSearch, searchCondition, type SearchTerms } from "./search.server";

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
 * media_facet_counts (kept by triggers, migration 0032); with one, counted over what it finds.
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

/**
 * Without a search: the few hundred rows of media_facet_counts, summed here. Each count leaves out
 * its own filter; a chosen category counts from that category's rows instead of the items' own.
 */
async function countLibraryFacets(filters: MediaFilters): Promise<{ facets: MediaFacets; total: number }> {
  const rows = await db().select().from(mediaFacetCounts);
  const t = (row: (typeof rows)[number]) => filters.type === "all" || row.typeGroup === filters.type;
  const l = (row: (typeof rows)[number]) => !filters.language || row.language === filters.language;
  const g = (row: (typeof rows)[number]) => !filters.license || row[filters.license];
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

/**
 * With a search: one scan of what it finds (one index search), each row marked with the filters it
 * passes; one aggregate over it by (type group, language) carries every count but the categories'
 * (each filter's count leaves out its own filter), and a hash join with the category links gives
 * those. The sums over the groups are done here.
 */
async function countFoundFacets(filters: MediaFilters, terms?: SearchTerms): Promise<{ facets: MediaFacets; total: number }> {
  const search = filters.q ? [searchCondition(terms ?? { q: filters.q, corrected: null })] : [];
  const all = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);
  // Each filter's own condition alone (true when unset); the scan is of what the search and the rest leave.
  const own = (change: Partial<MediaFilters>) => all(filterConditions({ q: "", type: "all", category: "", ...change }).slice(1));
  const type = own({ type: filters.type });
  // The chosen category as a hashed set of its items, not a probe per row.
  const category = filters.category
    ? sql`${mediaItems.id} in (select ${mediaCategories.mediaItemId} from ${mediaCategories} where ${mediaCategories.categoryId} = ${filters.category})`
    : sql`true`;
  const language = own({ language: filters.language });
  const license = own({ license: filters.license });
  const typeGroup = sql`media_type_group(${mediaItems.fileType})`;
  const scan = sql`select ${mediaItems.id} as id, ${typeGroup} as type_group, ${mediaItems.language} as language,
      ${mediaItems.licenseCommercial} as commercial, ${mediaItems.licenseModification} as modification,
      ${type} as t, ${category} as c, ${language} as l, ${license} as g
    from ${mediaItems} where ${all([isPublished, ...search])}`;
  const { rows } = await db().execute<{
    type_group: string | null;
    language: string | null;
    category: string | null;
    total: number;
    by_type: number;
    by_language: number;
    by_license: number;
    commercial: number;
    modification: number;
    by_category: number;
  }>(sql`with rows as materialized (${scan})
    select type_group, language, null as category,
      count(*) filter (where t and c and l and g)::int as total,
      count(*) filter (where c and l and g)::int as by_type,
      count(*) filter (where t and c and g)::int as by_language,
      count(*) filter (where t and c and l)::int as by_license,
      count(*) filter (where t and c and l and commercial)::int as commercial,
      count(*) filter (where t and c and l and modification)::int as modification,
      count(*) filter (where t and l and g)::int as by_category
    from rows group by type_group, language
    union all
    select null, null, ${mediaCategories.categoryId}::text, 0, 0, 0, 0, 0, 0, count(*) filter (where t and l and g)::int
    from rows join ${mediaCategories} on ${mediaCategories.mediaItemId} = rows.id
    group by ${mediaCategories.categoryId}`);
  const facets = emptyFacets();
  let total = 0;
  for (const row of rows) {
    if (row.category !== null) {
      facets.category[row.category] = row.by_category;
      continue;
    }
    total += row.total;
    add(facets.type, row.type_group as TypeFilter, row.by_type);
    add(facets.language, row.language ?? "", row.by_language);
    facets.license[""] += row.by_license;
    facets.license.commercial += row.commercial;
    facets.license.modification += row.modification;
    facets.category[""] += row.by_category;
  }
  return { facets: withSums(facets), total };
}
