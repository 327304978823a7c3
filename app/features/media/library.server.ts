import { and, asc, count } from "drizzle-orm";
import { categories, mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, type Language } from "~/lib/i18n";
import { filterConditions } from "./media.server";
import { searchCondition, type SearchTerms } from "./search.server";
import type { CategoryOption, MediaFilters } from "./media-types";

/**
 * What makes the library readable beyond spec §7's list: categories by readable address
 * (`?category=brand-assets`, old `?category=<uuid>` links still work), a filter by the item's
 * language (`?language=de`), and the number of results.
 */

export { parseLibraryFilters } from "./filters";

/**
 * Categories by name in the page's language, each with its slug (its id when the name gives no
 * slug). A category without a name in that language shows its English one, marked `lang: "en"`.
 */
export async function listCategoryOptions(language: Language = DEFAULT_LANGUAGE): Promise<CategoryOption[]> {
  const rows = await db()
    .select({ id: categories.id, name: categories.name, names: categories.names, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.name), asc(categories.id));
  const collator = new Intl.Collator(LANGUAGE_LOCALES[language]);
  return rows
    .map((row) => {
      const translated = language === "en" ? undefined : row.names[language]?.trim();
      return {
        id: row.id,
        name: translated || row.name,
        slug: row.slug || row.id,
        ...(language !== "en" && !translated ? { lang: "en" } : {}),
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

/** The category a URL names by slug or by id (first by name when two names share a slug). */
export function findCategory(options: CategoryOption[], value: string): CategoryOption | undefined {
  if (!value) return undefined;
  return options.find((option) => option.id === value) ?? options.find((option) => option.slug === value);
}

/** How many items match (the same conditions as findMedia, without the page cursor). */
export async function countMedia(filters: MediaFilters, terms?: SearchTerms): Promise<number> {
  const conditions = filterConditions(filters);
  if (filters.q) conditions.push(searchCondition(terms ?? { q: filters.q, corrected: null }));
  const [row] = await db()
    .select({ total: count() })
    .from(mediaItems)
    .where(and(...conditions));
  return row?.total ?? 0;
}
