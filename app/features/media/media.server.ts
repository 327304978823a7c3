import path from "node:path";
import { and, eq, exists, getTableColumns, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { categories, mediaCategories, mediaItems, mediaItemTranslations } from "~/db/schema";
import type { SessionUser } from "~/features/account/session.server";
import { db } from "~/lib/db.server";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { createSignedUrl } from "~/lib/storage.server";
import { decodeCursor, encodeCursor, isUuid } from "./filters";
import { CARD_PREVIEW_TTL_S, FILE_URL_TTL_S, PAGE_SIZE, type CategoryOption, type MediaFilters, type MediaItemView } from "./media-types";

/**
 * Reading the media library (spec §7 "Media"): newest first, optional type group, category and
 * full-text search, keyset pagination on (created_at, id) so page 4,000 is as fast as page 1.
 * Visitors see published items only, in the page's language where the item has a translation and
 * in the item's own language otherwise (ADR 0060).
 */

export { decodeCursor, encodeCursor, isUuid, parseFilters } from "./filters";

/** websearch syntax, stemmed by each supported language and OR-ed: "Häuser" finds "Haus". */
export function searchQuery(q: string): SQL {
  return sql`(websearch_to_tsquery('english'::regconfig, ${q}) || websearch_to_tsquery('german'::regconfig, ${q}) || websearch_to_tsquery('spanish'::regconfig, ${q}) || websearch_to_tsquery('simple'::regconfig, ${q}))`;
}

/**
 * The ways an item matches a search, one condition each: its own texts (stemmed in its language), or
 * its translation into the page's language (stemmed in that one). The page and the count run one
 * query per way and join the results (see findMedia): an OR of the two in one query cannot use both
 * GIN indexes and walked the whole table for a rare word, a UNION inside one query collected every
 * match of a common word before sorting. More ways to match (issue 29: typos, unaccent) are more
 * entries here.
 */
export function searchMatches(q: string, language: Language): SQL[] {
  const query = searchQuery(q);
  return [
    sql`${mediaItems.searchVector} @@ ${query}`,
    sql`exists (select 1 from media_item_translations tr
      where tr.media_item_id = ${mediaItems.id} and tr.language = ${language} and tr.search_vector @@ ${query})`,
  ];
}

/** What visitors may see: published items (a draft is seen only in the console). */
export const isPublished = isNotNull(mediaItems.publishedAt);

/** The columns a view needs: all but the search vector, the searchable text and updated_at. */
const {
  searchVector: _searchVector,
  searchableText: _searchableText,
  updatedAt: _updatedAt,
  publishedAt: _publishedAt,
  ...viewColumns
} = getTableColumns(mediaItems);
const itemColumns = {
  ...viewColumns,
  // The cursor keeps PostgreSQL's microseconds, which a JavaScript Date would round away.
  cursorTs: sql<string>`${mediaItems.createdAt}::text`,
  translatedTitle: mediaItemTranslations.title,
  translatedDescription: mediaItemTranslations.description,
  translatedAltText: mediaItemTranslations.altText,
};

/** Every read of items goes through this one query (with the page language's texts), so a row has one inferred type. */
const selectItems = (language: Language) =>
  db()
    .select(itemColumns)
    .from(mediaItems)
    .leftJoin(
      mediaItemTranslations,
      and(eq(mediaItemTranslations.mediaItemId, mediaItems.id), eq(mediaItemTranslations.language, language)),
    );
type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

/**
 * A text in the page's language when the item has it, else the item's own: the value, and the
 * language of a text shown in another language than the page's (null when it is the page's).
 */
function textIn(language: Language, row: ItemRow, own: string | null, translated: string | null) {
  if (translated && row.language !== language) return { value: translated, language: null };
  return { value: own, language: own && row.language !== language ? row.language : null };
}

function previewUrl(row: ItemRow): string | null {
  try {
    // Images: a thumbnail; PDFs: their first page, drawn at import.
    if ((row.fileType === "image" || row.fileType === "pdf") && row.thumbnailPath) {
      return createSignedUrl("media-files", row.thumbnailPath, CARD_PREVIEW_TTL_S);
    }
    if (row.fileType === "video" && row.filePath) {
      return createSignedUrl("media-files", row.filePath, CARD_PREVIEW_TTL_S);
    }
  } catch (error) {
    // Spec §8: a failed card preview URL is only logged.
    logger.warn(`Could not sign the preview of ${row.id}: ${(error as Error).message}`);
  }
  return null;
}

function toView(row: ItemRow, language: Language): MediaItemView {
  const title = textIn(language, row, row.title, row.translatedTitle);
  const description = textIn(language, row, row.description, row.translatedDescription);
  const altText = textIn(language, row, row.altText, row.translatedAltText);
  // Field by field on purpose: a new column reaches the browser only when it is added here.
  return {
    id: row.id,
    title: title.value ?? row.title,
    titleLanguage: title.language,
    description: description.value,
    descriptionLanguage: description.language,
    altText: altText.value,
    altTextLanguage: altText.language,
    fileType: row.fileType,
    hasFile: row.filePath !== null,
    fileExtension: row.filePath ? path.extname(row.filePath).slice(1).toLowerCase() : null,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    downloadCount: row.downloadCount,
    language: row.language,
    aiGenerated: row.aiGenerated,
    version: row.version,
    widthPx: row.widthPx,
    heightPx: row.heightPx,
    durationMs: row.durationMs,
    pages: row.pages,
    sheetType: row.sheetType,
    serviceKind: row.serviceKind,
    endpoint: row.endpoint,
    externalLinks: row.externalLinks ?? {},
    creator: row.creator,
    source: row.source,
    license: row.license,
    attribution: row.attribution,
    createdAt: row.createdAt.toISOString(),
    previewUrl: previewUrl(row),
  };
}

export interface MediaPage {
  items: MediaItemView[];
  nextCursor: string | null;
}

/**
 * The WHERE conditions of the library's filters but the search: one definition for the page
 * (findMedia) and its count (countMedia). Published items only.
 */
export function filterConditions(filters: MediaFilters): SQL[] {
  const conditions: SQL[] = [isPublished];
  if (filters.type === "document") conditions.push(inArray(mediaItems.fileType, ["pdf", "sheet", "document"]));
  else if (filters.type !== "all") conditions.push(eq(mediaItems.fileType, filters.type));
  if (filters.category) {
    const linked = db()
      .select({ one: sql`1` })
      .from(mediaCategories)
      .where(and(eq(mediaCategories.mediaItemId, mediaItems.id), eq(mediaCategories.categoryId, filters.category)));
    conditions.push(exists(linked));
  }
  if (filters.language) conditions.push(eq(mediaItems.language, filters.language));
  return conditions;
}

/** The list's order (created_at, id descending) in JavaScript: milliseconds, then PostgreSQL's microseconds, then the id. */
function newestFirst(a: ItemRow, b: ItemRow) {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  if (a.cursorTs !== b.cursorTs) return a.cursorTs < b.cursorTs ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/** One page of the library for the given filters, newest first, in the page's language. */
export async function findMedia(
  filters: MediaFilters,
  options: { cursor?: string | null; limit?: number; language?: Language } = {},
): Promise<MediaPage> {
  const limit = Math.min(Math.max(options.limit ?? PAGE_SIZE, 1), 100);
  const language = options.language ?? DEFAULT_LANGUAGE;
  const conditions = filterConditions(filters);
  const cursor = decodeCursor(options.cursor);
  // A row comparison, so PostgreSQL walks media_items_created_at_idx from the cursor on.
  if (cursor) conditions.push(sql`(${mediaItems.createdAt}, ${mediaItems.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  const newest = (extra?: SQL) =>
    selectItems(language)
      .where(and(...conditions, extra))
      // The index's own order (DESC NULLS LAST); Drizzle's desc() would sort NULLS FIRST.
      .orderBy(sql`${mediaItems.createdAt} desc nulls last`, sql`${mediaItems.id} desc nulls last`)
      .limit(limit + 1);
  // A search: the newest matches of each way, each with its own best plan, merged in the same order.
  const found = filters.q ? await Promise.all(searchMatches(filters.q, language).map((match) => newest(match))) : [await newest()];
  const seen = new Set<string>();
  const rows = found
    .flat()
    .sort(newestFirst)
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toView(row, language)),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.cursorTs, id: last.id }) : null,
  };
}

/** A published item in the page's language (a draft is not found). */
export async function findMediaItem(id: string, language: Language = DEFAULT_LANGUAGE): Promise<MediaItemView | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectItems(language).where(and(eq(mediaItems.id, id), isPublished));
  return row ? toView(row, language) : undefined;
}

/** Categories ordered by name (spec §7.3). */
export async function listCategories(): Promise<CategoryOption[]> {
  return db().select({ id: categories.id, name: categories.name }).from(categories).orderBy(categories.name, categories.id);
}

/** The file name a download is saved under: the item's title plus the stored file's extension. */
export function downloadFileName(title: string, filePath: string) {
  const extension = path.extname(filePath).toLowerCase();
  const base =
    title
      .replace(/[\\/:*?"<>|\r\n\t\0]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 150) || "download";
  return base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`;
}

export type FileAccess =
  | { ok: true; url: string; fileName: string; downloadCount?: number }
  | { ok: false; status: 401 | 404; reason: "unauthenticated" | "not-found" };

/** A published item's file: the one place downloads and previews look an item up, so a draft's file is no one's. */
async function findStoredFile(id: string) {
  const [item] = await db()
    .select({ title: mediaItems.title, filePath: mediaItems.filePath })
    .from(mediaItems)
    .where(and(eq(mediaItems.id, id), isPublished));
  return item;
}

/** A download counts once per account and item in this time (issue 28): clicking again re-sends the file, not the count. */
export const DOWNLOAD_COUNT_ONCE_PER_S = 60 * 60;

/**
 * Counts a download (increment_download_count, spec §7.5) and records it in the account's own
 * list (data export, Art. 15; deleted with the account), unless the account downloaded the item
 * within the last DOWNLOAD_COUNT_ONCE_PER_S: then nothing is written. The lock makes two
 * simultaneous clicks one count. Answers the item's count.
 */
async function countDownload(userId: string, itemId: string, title: string): Promise<number | undefined> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}), hashtext(${itemId}))`);
    const recent = await tx.execute(sql`select 1 from media_downloads where user_id = ${userId} and media_item_id = ${itemId}::uuid
      and created_at > now() - make_interval(secs => ${DOWNLOAD_COUNT_ONCE_PER_S}) limit 1`);
    if (recent.rows.length > 0) {
      const current = await tx.execute<{ count: number }>(sql`select download_count as count from media_items where id = ${itemId}::uuid`);
      return current.rows[0]?.count;
    }
    const counted = await tx.execute<{ count: number | null }>(sql`select increment_download_count(${itemId}::uuid) as count`);
    // (An account deleted a moment ago records nothing.)
    await tx.execute(sql`insert into media_downloads (user_id, media_item_id, title)
      select id, ${itemId}::uuid, ${title} from users where id = ${userId}`);
    return counted.rows[0]?.count ?? undefined;
  });
}

/**
 * Download (spec §6, §7.5): only for signed-in users. Counts (once an hour per account), then signs a 60 s URL
 * that the browser downloads natively (attachment, streamed from disk), never buffered here.
 */
export async function createDownload(user: SessionUser | null, id: string): Promise<FileAccess> {
  if (!user) return { ok: false, status: 401, reason: "unauthenticated" };
  if (!isUuid(id)) return { ok: false, status: 404, reason: "not-found" };
  const item = await findStoredFile(id);
  if (!item?.filePath) return { ok: false, status: 404, reason: "not-found" };
  const downloadCount = await countDownload(user.id, id, item.title);
  const fileName = downloadFileName(item.title, item.filePath);
  return {
    ok: true,
    url: createSignedUrl("media-files", item.filePath, FILE_URL_TTL_S, { downloadName: fileName }),
    fileName,
    downloadCount,
  };
}

/** Preview (spec §6): anyone may open the file inline through a 60 s signed URL. */
export async function createPreview(id: string): Promise<FileAccess> {
  if (!isUuid(id)) return { ok: false, status: 404, reason: "not-found" };
  const item = await findStoredFile(id);
  if (!item?.filePath) return { ok: false, status: 404, reason: "not-found" };
  return {
    ok: true,
    url: createSignedUrl("media-files", item.filePath, FILE_URL_TTL_S),
    fileName: downloadFileName(item.title, item.filePath),
  };
}
