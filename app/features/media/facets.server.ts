import { sql, type SQL } from "drizzle-orm";
import { mediaCategories, mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import { filterConditions } from "./media.server";
import type { MediaFacets, MediaFilters, TypeFilter } from "./media-types";
import { searchCondition, type SearchTerms } from "./search.server";

/**
 * The filters' counts (ADR 0069): for each filter, how many items each of its choices leaves with
 * the other filters and the search as they are, so a choice's number is what choosing it shows.
 * Exact, in one statement (one snapshot) with the page's own conditions (filterConditions).
 */
export async function countFacets(filters: MediaFilters, terms?: SearchTerms): Promise<{ facets: MediaFacets; total: number }> {
  const search = filters.q ? [searchCondition(terms ?? { q: filters.q, corrected: null })] : [];
  const where = (change: Partial<MediaFilters>) => sql.join([...filterConditions({ ...filters, ...change }), ...search], sql` and `);
  const typeGroup = sql`case when ${mediaItems.fileType} in ('pdf', 'sheet', 'document') then 'document' else ${mediaItems.fileType} end`;
  const parts: SQL[] = [
    sql`select 'total' as facet, '' as value, count(*)::int as n from ${mediaItems} where ${where({})}`,
    sql`select 'type', ${typeGroup}, count(*)::int from ${mediaItems} where ${where({ type: "all" })} group by 2`,
    sql`select 'category', '', count(*)::int from ${mediaItems} where ${where({ category: "" })}`,
    sql`select 'category', ${mediaCategories.categoryId}::text, count(*)::int from ${mediaItems}
      join ${mediaCategories} on ${mediaCategories.mediaItemId} = ${mediaItems.id} where ${where({ category: "" })} group by 2`,
    sql`select 'language', ${mediaItems.language}, count(*)::int from ${mediaItems} where ${where({ language: "" })} group by 2`,
    sql`select 'license', groups.value, groups.n from (
      select count(*)::int as every,
        (count(*) filter (where media_license_allows(${mediaItems.license}, 'commercial')))::int as commercial,
        (count(*) filter (where media_license_allows(${mediaItems.license}, 'modification')))::int as modification
      from ${mediaItems} where ${where({ license: "" })}) counted
      cross join lateral (values ('', counted.every), ('commercial', counted.commercial), ('modification', counted.modification)) as groups(value, n)`,
  ];
  const { rows } = await db().execute<{ facet: string; value: string; n: number }>(sql.join(parts, sql` union all `));
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
  facets.language[""] = Object.entries(facets.language).reduce((sum, [, n]) => sum + n, 0);
  return { facets, total };
}
