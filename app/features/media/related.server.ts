import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { mediaCategories, mediaItems } from "~/db/schema";
import { subscribeToChanges } from "~/lib/change-bus.server";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { LIVE_LIFETIME_MS } from "~/lib/page";
import { onPagesInvalidated } from "~/lib/page-invalidation.server";
import { isPublished, selectItems, toView } from "./media.server";
import { toCardView, type MediaCardView, type RelatedItems } from "./media-types";

/** Cards per row of the dialog's related items. */
export const RELATED_LIMIT = 6;

/** The creator an item is credited to, as compared: the name, trimmed, in lower case (indexed: migration 0042). */
const creatorKey = (column: SQL | typeof mediaItems.creator) => sql`lower(btrim(${column}->>'name'))`;
/** A licence as compared: its SPDX id, else its address, else its name (lower case; indexed: migration 0042). */
const licenseKey = (column: SQL | typeof mediaItems.license) =>
  sql`lower(coalesce(nullif(btrim(${column}->>'spdx_id'), ''), nullif(btrim(${column}->>'url'), ''), nullif(btrim(${column}->>'name'), '')))`;

/** Up to RELATED_LIMIT published items (not the item itself) that meet `condition`, newest first. */
async function row(itemId: string, condition: SQL, language: Language): Promise<MediaCardView[]> {
  const rows = await selectItems(language)
    .where(and(isPublished, ne(mediaItems.id, itemId), condition))
    .orderBy(desc(mediaItems.createdAt), desc(mediaItems.id))
    .limit(RELATED_LIMIT);
  return rows.map((found) => toCardView(toView(found, language)));
}

/**
 * The three related rows of a published item: the same category (any of its categories), the same
 * creator (`creator.name`) and the same licence. Empty for a draft or an unknown item. `only`: that
 * row alone (the benchmark times each).
 */
export async function findRelatedItems(itemId: string, language: Language, only?: keyof RelatedItems): Promise<RelatedItems> {
  const [item] = await db()
    .select({ creator: creatorKey(mediaItems.creator), license: licenseKey(mediaItems.license) })
    .from(mediaItems)
    .where(and(eq(mediaItems.id, itemId), isPublished));
  if (!item) return {};
  const { creator, license } = item as { creator: string | null; license: string | null };
  // The newest of each of its categories, from one short range of media_categories_related_idx each
  // (migration 0046): the row's items are among them.
  const inCategory = sql`${mediaItems.id} in (select newest.media_item_id from ${mediaCategories} mine
    cross join lateral (select theirs.media_item_id from ${mediaCategories} theirs
      where theirs.category_id = mine.category_id and theirs.item_published and theirs.media_item_id <> ${itemId}::uuid
      order by theirs.item_created_at desc, theirs.media_item_id desc limit ${RELATED_LIMIT}) newest
    where mine.media_item_id = ${itemId}::uuid)`;
  const wanted = (kind: keyof RelatedItems) => !only || only === kind;
  const [category, byCreator, byLicense] = await Promise.all([
    wanted("category") ? row(itemId, inCategory, language) : [],
    creator && wanted("creator") ? row(itemId, sql`${creatorKey(mediaItems.creator)} = ${creator}`, language) : [],
    license && wanted("license") ? row(itemId, sql`${licenseKey(mediaItems.license)} = ${license}`, language) : [],
  ]);
  const related: RelatedItems = {};
  if (category.length) related.category = category;
  if (byCreator.length) related.creator = byCreator;
  if (byLicense.length) related.license = byLicense;
  return related;
}

/**
 * Kept per item and language like the library's pages (server/page-cache.ts): dropped by the same
 * "media" invalidation, here and from other processes, and after LIVE_LIFETIME_MS at most; so a
 * dialog opened again costs no query.
 */
const MAX_ENTRIES = 1000;
const cache = new Map<string, { expiresAt: number; value: Promise<RelatedItems> }>();
const dropAll = (tag: string) => {
  if (tag === "media" || tag === "*" || (tag !== "shop" && tag !== "content")) cache.clear();
};
onPagesInvalidated(dropAll);
subscribeToChanges((topic) => dropAll(String(topic)));

export function relatedItems(itemId: string, language: Language): Promise<RelatedItems> {
  const key = `${itemId}|${language}`;
  const now = Date.now();
  const kept = cache.get(key);
  if (kept && kept.expiresAt > now) return kept.value;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  const value = findRelatedItems(itemId, language);
  cache.set(key, { expiresAt: now + LIVE_LIFETIME_MS, value });
  // A failure is not kept: the next opening tries again.
  value.catch(() => cache.delete(key));
  return value;
}

/** For tests: forget what is kept. */
export function clearRelatedCache() {
  cache.clear();
}
