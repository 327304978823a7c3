import { sql, type SQL } from "drizzle-orm";
import { mediaCategories, mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import { filterConditions, isPublished } from "./media.server";
import type { MediaFacets, MediaFilters, TypeFilter } from "./media-types";
import { searchCondition, type SearchTerms } from "./search.server";

/**
 * The filters' counts (ADR 0069): for each filter, how many items each of its choices leaves with
 * the other filters and the search as they are, so a choice's number is what choosing it shows.
 * Exact, in one statement (one snapshot) with the page's own conditions (filterConditions).
 */
export async function countFacets(filters: MediaFilters, terms?: SearchTerms): Promise<{ facets: MediaFacets; total: number }> {
  const search = filters.q ? [searchCondition(terms ?? { q: filters.q, corrected: null })] : [];
  const all = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);
  // Each filter's own condition alone (true when unset); the scan is of what the search and the rest leave.
  const own = (change: Partial<MediaFilters>) => all(filterConditions({ q: "", type: "all", category: "", ...change }));
  const type = own({ type: filters.type });
  const category = own({ category: filters.category });
  const language = own({ language: filters.language });
  const license = own({ license: filters.license });
  const typeGroup = sql`case when ${mediaItems.fileType} in ('pdf', 'sheet', 'document') then 'document' else ${mediaItems.fileType} end`;
  // One scan: every row says which filters it passes; each count leaves out its own filter.
  const scan = sql`select ${typeGroup} as type_group, ${mediaItems.language} as language,
      ${mediaItems.licenseCommercial} as commercial, ${mediaItems.licenseModification} as modification,
      ${type} as t, ${category} as c, ${language} as l, ${license} as g
    from ${mediaItems} where ${all([isPublished, ...search])}`;
  const parts: SQL[] = [
    sql`select 'total' as facet, '' as value, count(*) filter (where t and c and l and g)::int as n from rows`,
    sql`select 'type', type_group, count(*) filter (where c and l and g)::int from rows group by type_group`,
    sql`select 'language', language, count(*) filter (where t and c and g)::int from rows group by language`,
    sql`select 'license', '', count(*) filter (where t and c and l)::int from rows`,
    sql`select 'license', 'commercial', count(*) filter (where t and c and l and commercial)::int from rows`,
    sql`select 'license', 'modification', count(*) filter (where t and c and l and modification)::int from rows`,
  ];
  const categories = sql`select 'category', ${mediaCategories.categoryId}::text, count(*)::int from ${mediaItems}
    join ${mediaCategories} on ${mediaCategories.mediaItemId} = ${mediaItems.id}
    where ${all([...filterConditions({ ...filters, category: "" }), ...search])} group by 2`;
  const { rows } = await db().execute<{ facet: string; value: string; n: number }>(
    sql`with rows as materialized (${scan}) ${sql.join(parts, sql` union all `)}
      union all select 'category', '', count(*) filter (where t and l and g)::int from rows
      union all ${categories}`,
  );
  const facets: MediaFacets = { type: {}, category: {}, language: {}, license: { "": 0, commercial: 0, modification: 0 } };
  let total = 0;
  for (const { facet, value, n } of rows) {
    if (facet === "total") total = n;
    else if (facet === "type") facets.type[value as TypeFilter] = n;
    else if (facet === "category") facets.category[value] = n;
    else if (facet === "language") facets.language[value] = n;
    else if (facet === "license") facets.license[value as keyof MediaFacets["license"]] = n;
  }
  // Every item is in exactly one type group and has one language: "all" is their sum.
  facets.type.all = Object.values(facets.type).reduce((sum, n) => sum + n, 0);
  facets.language[""] = Object.values(facets.language).reduce((sum, n) => sum + n, 0);
  return { facets, total };
}
