import { and, asc, count } from "drizzle-orm";
import { categories, mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import { filterConditions } from "./media.server";
import type { CategoryOption, MediaFilters } from "./media-types";

/**
 * What makes the library readable beyond spec §7's list: categories by readable address
 * (`?category=brand-assets`, old `?category=<uuid>` links still work), a filter by the item's
 * language (`?language=de`), and the number of results.
 */

export { parseLibraryFilters } from "./filters";

/** Categories by name, each with its slug (its id when the name gives no slug). */
export async function listCategoryOptions(): Promise<CategoryOption[]> {
  const rows = await db()
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug || row.id }));
}

/** The category a URL names by slug or by id (first by name when two names share a slug). */
export function findCategory(options: CategoryOption[], value: string): CategoryOption | undefined {
  if (!value) return undefined;
  return options.find((option) => option.id === value) ?? options.find((option) => option.slug === value);
}

/** How many items match (the same conditions as findMedia, without the page cursor). */
export async function countMedia(filters: MediaFilters): Promise<number> {
  const conditions = filterConditions(filters);
  const [row] = await db()
    .select({ total: count() })
    .from(mediaItems)
    .where(and(...conditions));
  return row?.total ?? 0;
}
