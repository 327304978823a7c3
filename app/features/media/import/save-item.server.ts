import { eq, inArray, sql } from "drizzle-orm";
import { categories, mediaCategories, mediaItems, mediaItemTranslations, type CategoryNames } from "~/db/schema";
import { db, type Database } from "~/lib/db.server";

/** The database or the import's transaction. */
type Executor = Pick<Database, "insert" | "select" | "delete">;

/** An item's texts in one other language (a null field falls back to the item's own). */
export interface TranslationTexts {
  title: string | null;
  description: string | null;
  altText: string | null;
  searchableText: string | null;
}

/**
 * Replaces an item's translations (the import and the console's item form): one row per language,
 * none for the item's own language (its own columns hold those texts).
 */
export async function replaceTranslations(
  tx: Pick<Database, "insert" | "delete">,
  id: string,
  language: string,
  translations: Partial<Record<string, TranslationTexts>>,
) {
  await tx.delete(mediaItemTranslations).where(eq(mediaItemTranslations.mediaItemId, id));
  const rows = Object.entries(translations)
    .filter((entry): entry is [string, TranslationTexts] => entry[0] !== language && entry[1] !== undefined)
    .map(([code, texts]) => ({ mediaItemId: id, language: code, ...texts }));
  if (rows.length) await tx.insert(mediaItemTranslations).values(rows);
}

/** Sets the German and Spanish names the manifest gives, keeping names it does not give. */
export async function nameCategories(names: Record<string, Record<keyof CategoryNames, string | null>>) {
  for (const [name, translated] of Object.entries(names)) {
    const given = Object.fromEntries(Object.entries(translated).filter(([, value]) => value));
    if (Object.keys(given).length === 0) continue;
    await db()
      .update(categories)
      .set({ names: sql`${categories.names} || ${JSON.stringify(given)}::jsonb` })
      .where(eq(categories.name, name));
  }
}

/** The row of an imported item (the columns the manifest and the measuring fill). */
export type ItemValues = Omit<typeof mediaItems.$inferInsert, "createdAt" | "updatedAt" | "searchVector" | "downloadCount" | "publishedAt">;

/** The id of the oldest item with this title, so a manifest without ids updates rather than duplicates. */
export async function findItemIdByTitle(title: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ id: mediaItems.id })
    .from(mediaItems)
    .where(eq(mediaItems.title, title))
    .orderBy(mediaItems.createdAt)
    .limit(1);
  return row?.id;
}

/** The storage keys an item points at now (to delete the ones a re-import no longer uses). */
export async function findItemFiles(id: string) {
  const [row] = await db()
    .select({ filePath: mediaItems.filePath, thumbnailPath: mediaItems.thumbnailPath })
    .from(mediaItems)
    .where(eq(mediaItems.id, id));
  return row;
}

/** Creates the categories that do not exist yet. */
export async function ensureCategories(names: readonly string[], executor: Executor = db()) {
  if (names.length === 0) return;
  await executor
    .insert(categories)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing({ target: categories.name });
}

/**
 * Inserts or updates the item and replaces its category links, inside the caller's transaction.
 * `createdAt` null keeps an existing item's date (a new one gets now()); the download count is never touched.
 * A new item is published unless `draft` (a console upload); an existing one keeps its state.
 */
export async function upsertItem(
  tx: Executor,
  values: ItemValues & { id: string },
  categoryNames: readonly string[],
  createdAt: Date | null,
  draft = false,
) {
  await tx
    .insert(mediaItems)
    .values({ ...values, ...(createdAt ? { createdAt } : {}), ...(draft ? { publishedAt: null } : {}) })
    .onConflictDoUpdate({
      target: mediaItems.id,
      set: { ...values, ...(createdAt ? { createdAt } : {}), updatedAt: sql`now()` },
    });
  await tx.delete(mediaCategories).where(eq(mediaCategories.mediaItemId, values.id));
  if (categoryNames.length === 0) return;
  await ensureCategories(categoryNames, tx);
  const linked = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.name, [...categoryNames]));
  await tx
    .insert(mediaCategories)
    .values(linked.map((category) => ({ mediaItemId: values.id, categoryId: category.id })))
    .onConflictDoNothing();
}
