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
 * none for the item's own language (its own columns hold those texts). A language whose texts are
 * unchanged keeps its `updated_at`: the translation status (ADR 0062) compares it with when the item's
 * own texts changed, so saving the form must not make an old translation look new.
 */
export async function replaceTranslations(
  tx: Executor,
  id: string,
  language: string,
  translations: Partial<Record<string, TranslationTexts>>,
) {
  const before = await tx.select().from(mediaItemTranslations).where(eq(mediaItemTranslations.mediaItemId, id));
  await tx.delete(mediaItemTranslations).where(eq(mediaItemTranslations.mediaItemId, id));
  const same = (texts: TranslationTexts, row: (typeof before)[number]) =>
    texts.title === row.title &&
    texts.description === row.description &&
    texts.altText === row.altText &&
    texts.searchableText === row.searchableText;
  const rows = Object.entries(translations)
    .filter((entry): entry is [string, TranslationTexts] => entry[0] !== language && entry[1] !== undefined)
    .map(([code, texts]) => {
      const kept = before.find((row) => row.language === code && same(texts, row));
      return { mediaItemId: id, language: code, ...texts, ...(kept ? { updatedAt: kept.updatedAt } : {}) };
    });
  if (rows.length) await tx.insert(mediaItemTranslations).values(rows);
}

/** An update's `source_updated_at`: now (the transaction's time, as a translation saved with it) when the item's own texts change. */
export const sourceUpdatedAtOnChange = sql`case when ("media_items"."title", "media_items"."description", "media_items"."alt_text", "media_items"."language")
  is distinct from (excluded."title", excluded."description", excluded."alt_text", excluded."language") then now() else "media_items"."source_updated_at" end`;

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
    .select({ filePath: mediaItems.filePath, thumbnailPath: mediaItems.thumbnailPath, renditionWidths: mediaItems.renditionWidths })
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
      set: { ...values, ...(createdAt ? { createdAt } : {}), updatedAt: sql`now()`, sourceUpdatedAt: sourceUpdatedAtOnChange },
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
