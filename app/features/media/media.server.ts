import path from "node:path";
import { and, eq, exists, getTableColumns, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { categories, mediaCategories, mediaItems, mediaItemTranslations } from "~/db/schema";
import type { SessionUser } from "~/features/account/session.server";
import { db } from "~/lib/db.server";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n";
import { createSignedUrl } from "~/lib/storage.server";
import { isUuid } from "~/lib/uuid";
import { decodeCursor, encodeCursor, sortOf } from "./filters";
import { rankedIds, searchCondition, searchRank, type SearchTerms } from "./search.server";
import { cardPicture, previewUrl } from "./item-pictures.server";
import { FILE_URL_TTL_S, PAGE_SIZE, type CategoryOption, type MediaFilters, type MediaItemView } from "./media-types";

/**
 * Reading the media library (spec §7 "Media"): newest first (keyset pagination on (created_at, id),
 * so page 4,000 is as fast as page 1), by relevance or by downloads; type group, category, language,
 * license group and the search across languages (search.server.ts, ADR 0069). Visitors see published
 * items only, in the page's language where the item has a translation, else in its own (ADR 0060).
 */
export { decodeCursor, encodeCursor, parseFilters } from "./filters";

/** What visitors may see: published items (a draft is seen only in the console). */
export const isPublished = isNotNull(mediaItems.publishedAt);

/** The columns a view needs: all but the search vector, the searchable text and updated_at. */
const {
  searchVector: _searchVector,
  searchDocument: _searchDocument,
  licenseCommercial: _licenseCommercial,
  licenseModification: _licenseModification,
  searchableText: _searchableText,
  updatedAt: _updatedAt,
  publishedAt: _publishedAt,
  ...viewColumns
} = getTableColumns(mediaItems);
const itemColumns = {
  ...viewColumns,
  // The cursor keeps PostgreSQL's microseconds, which a JavaScript Date would round away.
  cursorTs: sql<string>`${mediaItems.createdAt}::text`,
  // The version of the card picture's address (ADR 0093).
  changedAt: mediaItems.updatedAt,
  translatedTitle: mediaItemTranslations.title,
  translatedDescription: mediaItemTranslations.description,
  translatedAltText: mediaItemTranslations.altText,
};

/** Every read of items goes through this one query (with the page language's texts), so a row has one inferred type. */
export const selectItems = (language: Language) =>
  db()
    .select(itemColumns)
    .from(mediaItems)
    .leftJoin(
      mediaItemTranslations,
      and(eq(mediaItemTranslations.mediaItemId, mediaItems.id), eq(mediaItemTranslations.language, language)),
    );
export type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

/**
 * A text in the page's language when the item has it, else the item's own: the value, and the
 * language of a text shown in another language than the page's (null when it is the page's).
 */
function textIn(language: Language, row: ItemRow, own: string | null, translated: string | null) {
  if (translated && row.language !== language) return { value: translated, language: null };
  return { value: own, language: own && row.language !== language ? row.language : null };
}

export function toView(row: ItemRow, language: Language): MediaItemView {
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
    picture: cardPicture(row),
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
  if (filters.license === "commercial") conditions.push(eq(mediaItems.licenseCommercial, true));
  else if (filters.license === "modification") conditions.push(eq(mediaItems.licenseModification, true));
  return conditions;
}

/** One page of the library for the filters, in the page's language; a search as `terms` says (searchLibrary: typo-corrected). */
export async function findMedia(
  filters: MediaFilters,
  options: { cursor?: string | null; limit?: number; language?: Language; terms?: SearchTerms } = {},
): Promise<MediaPage> {
  const limit = Math.min(Math.max(options.limit ?? PAGE_SIZE, 1), 100);
  const language = options.language ?? DEFAULT_LANGUAGE;
  const terms = filters.q ? (options.terms ?? { q: filters.q, corrected: null }) : undefined;
  const conditions = filterConditions(filters);
  if (terms) conditions.push(searchCondition(terms));
  const sort = sortOf(filters);
  const cursor = decodeCursor(options.cursor);
  // The index's own order (DESC NULLS LAST), which Drizzle's desc() would not write.
  const newest = [sql`${mediaItems.createdAt} desc nulls last`, sql`${mediaItems.id} desc nulls last`];
  let order = newest;
  let offset = 0;
  if (sort === "newest") {
    // A row comparison, so PostgreSQL walks media_items_created_at_idx from the cursor on.
    if (cursor && "id" in cursor)
      conditions.push(sql`(${mediaItems.createdAt}, ${mediaItems.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  } else {
    offset = cursor && "offset" in cursor ? cursor.offset : 0;
    // By relevance only the rows up to the page's end are read here, as ranked in media_search (ADR 0092).
    if (sort === "relevance" && terms) conditions.push(sql`${mediaItems.id} in ${rankedIds(terms, filters, offset + limit + 1)}`);
    order = [sort === "relevance" && terms ? sql`${searchRank(terms)} desc` : sql`${mediaItems.downloadCount} desc`, ...newest];
  }
  const rows = await selectItems(language)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(offset);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next =
    rows.length <= limit || !last
      ? null
      : sort === "newest"
        ? encodeCursor({ createdAt: last.cursorTs, id: last.id })
        : encodeCursor({ offset: offset + limit });
  return { items: page.map((row) => toView(row, language)), nextCursor: next };
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
    .select({
      title: mediaItems.title,
      filePath: mediaItems.filePath,
      thumbnailPath: mediaItems.thumbnailPath,
      fileType: mediaItems.fileType,
    })
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

/**
 * Preview (spec §6, ADR 0069), inline through a 60 s signed URL. A member opens the original file. A
 * visitor sees an image, and a PDF's first page, as the WebP drawn at import (re-encoded, at most
 * 480 px wide and 1440 px high), never the original bytes (401 for an image without one); audio and
 * video stream as they are (Range requests), and so, for now, do sheets and other documents.
 */
export async function createPreview(id: string, user: SessionUser | null = null): Promise<FileAccess> {
  if (!isUuid(id)) return { ok: false, status: 404, reason: "not-found" };
  const item = await findStoredFile(id);
  if (!item?.filePath) return { ok: false, status: 404, reason: "not-found" };
  const rendition = !user && (item.fileType === "image" || item.fileType === "pdf");
  if (!rendition) {
    return {
      ok: true,
      url: createSignedUrl("media-files", item.filePath, FILE_URL_TTL_S),
      fileName: downloadFileName(item.title, item.filePath),
    };
  }
  if (!item.thumbnailPath) return { ok: false, status: 401, reason: "unauthenticated" };
  return {
    ok: true,
    url: createSignedUrl("media-files", item.thumbnailPath, FILE_URL_TTL_S),
    fileName: downloadFileName(item.title, item.thumbnailPath),
  };
}
