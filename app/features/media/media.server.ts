import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { SessionUser } from "~/features/account/session.server";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { createSignedUrl } from "~/lib/storage.server";
import {
  CARD_PREVIEW_TTL_S,
  FILE_URL_TTL_S,
  PAGE_SIZE,
  type CategoryOption,
  type MediaFilters,
  type MediaItemView,
  type TypeFilter,
} from "./media-types";

/**
 * Reading the media library (spec §7 "Media"): newest first, optional type group, category and
 * full-text search, keyset pagination on (created_at, id) so page 4,000 is as fast as page 1.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

const TYPE_FILTERS: readonly TypeFilter[] = ["all", "document", "image", "video", "audio", "services"];

/** The filters of a URL (`?q=&type=&category=`); anything unknown falls back to "all". */
export function parseFilters(url: URL): MediaFilters {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const type = url.searchParams.get("type") ?? "all";
  const category = url.searchParams.get("category");
  return {
    q,
    type: (TYPE_FILTERS as readonly string[]).includes(type) ? (type as TypeFilter) : "all",
    category: isUuid(category) ? category.toLowerCase() : "",
  };
}

interface Cursor {
  createdAt: string;
  id: string;
}

export function encodeCursor(cursor: Cursor) {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString("base64url");
}

export function decodeCursor(value: string | null | undefined): Cursor | undefined {
  if (!value) return undefined;
  const [createdAt, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  // PostgreSQL's text form of a timestamptz, e.g. "2025-01-03 10:00:00.123456+00".
  if (!isUuid(id) || !/^\d{4,}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2}$/.test(createdAt ?? "")) return undefined;
  return { createdAt, id };
}

/** websearch syntax, stemmed by each supported language and OR-ed: "Häuser" finds "Haus". */
function searchQuery(q: string): SQL {
  return sql`(websearch_to_tsquery('english'::regconfig, ${q}) || websearch_to_tsquery('german'::regconfig, ${q}) || websearch_to_tsquery('spanish'::regconfig, ${q}) || websearch_to_tsquery('simple'::regconfig, ${q}))`;
}

type Row = {
  id: string;
  title: string;
  description: string | null;
  file_type: MediaItemView["fileType"];
  file_path: string | null;
  thumbnail_path: string | null;
  mime_type: string | null;
  file_size: number | null;
  download_count: number;
  language: string;
  ai_generated: boolean;
  version: string | null;
  width_px: number | null;
  height_px: number | null;
  duration_ms: number | null;
  pages: number | null;
  sheet_type: string | null;
  service_kind: string | null;
  endpoint: string | null;
  external_links: Record<string, string> | null;
  creator: MediaItemView["creator"];
  source: MediaItemView["source"];
  license: MediaItemView["license"];
  attribution: MediaItemView["attribution"];
  created_at: Date;
  cursor_ts: string;
};

const COLUMNS = sql`m.id, m.title, m.description, m.file_type, m.file_path, m.thumbnail_path, m.mime_type,
  m.file_size, m.download_count, m.language, m.ai_generated, m.version, m.width_px, m.height_px, m.duration_ms,
  m.pages, m.sheet_type, m.service_kind, m.endpoint, m.external_links, m.creator, m.source, m.license,
  m.attribution, m.created_at, m.created_at::text as cursor_ts`;

function previewUrl(row: Row): string | null {
  try {
    if (row.file_type === "image" && row.thumbnail_path) {
      return createSignedUrl("media-files", row.thumbnail_path, CARD_PREVIEW_TTL_S);
    }
    if (row.file_type === "video" && row.file_path) {
      return createSignedUrl("media-files", row.file_path, CARD_PREVIEW_TTL_S);
    }
  } catch (error) {
    // Spec §8: a failed card preview URL is only logged.
    logger.warn(`Could not sign the preview of ${row.id}: ${(error as Error).message}`);
  }
  return null;
}

function toView(row: Row): MediaItemView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    fileType: row.file_type,
    hasFile: row.file_path !== null,
    fileExtension: row.file_path ? path.extname(row.file_path).slice(1).toLowerCase() : null,
    mimeType: row.mime_type,
    fileSize: row.file_size,
    downloadCount: row.download_count,
    language: row.language,
    aiGenerated: row.ai_generated,
    version: row.version,
    widthPx: row.width_px,
    heightPx: row.height_px,
    durationMs: row.duration_ms,
    pages: row.pages,
    sheetType: row.sheet_type,
    serviceKind: row.service_kind,
    endpoint: row.endpoint,
    externalLinks: row.external_links ?? {},
    creator: row.creator,
    source: row.source,
    license: row.license,
    attribution: row.attribution,
    createdAt: new Date(row.created_at).toISOString(),
    previewUrl: previewUrl(row),
  };
}

export interface MediaPage {
  items: MediaItemView[];
  nextCursor: string | null;
}

/** One page of the library for the given filters, newest first. */
export async function findMedia(filters: MediaFilters, options: { cursor?: string | null; limit?: number } = {}): Promise<MediaPage> {
  const limit = Math.min(Math.max(options.limit ?? PAGE_SIZE, 1), 100);
  const conditions: SQL[] = [];
  if (filters.type === "document") conditions.push(sql`m.file_type in ('pdf', 'sheet', 'document')`);
  else if (filters.type !== "all") conditions.push(sql`m.file_type = ${filters.type}`);
  if (filters.category) {
    conditions.push(
      sql`exists (select 1 from media_categories mc where mc.media_item_id = m.id and mc.category_id = ${filters.category})`,
    );
  }
  if (filters.q) conditions.push(sql`m.search_vector @@ ${searchQuery(filters.q)}`);
  const cursor = decodeCursor(options.cursor);
  if (cursor) conditions.push(sql`(m.created_at, m.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const { rows } = await db().execute<Row>(sql`
    select ${COLUMNS} from media_items m ${where}
    order by m.created_at desc nulls last, m.id desc nulls last
    limit ${limit + 1}`);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toView),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.cursor_ts, id: last.id }) : null,
  };
}

export async function findMediaItem(id: string): Promise<MediaItemView | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db().execute<Row>(sql`select ${COLUMNS} from media_items m where m.id = ${id}`);
  return rows[0] ? toView(rows[0]) : undefined;
}

/** Categories ordered by name (spec §7.3). */
export async function listCategories(): Promise<CategoryOption[]> {
  const { rows } = await db().execute<CategoryOption & Record<string, unknown>>(sql`select id, name from categories order by name, id`);
  return rows;
}

/** The file name a download is saved under: the item's title plus the stored file's extension. */
export function downloadFileName(title: string, filePath: string) {
  const extension = path.extname(filePath).toLowerCase();
  const base = title.replace(/[\\/:*?"<>|\r\n\t\0]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 150) || "download";
  return base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`;
}

export type FileAccess =
  | { ok: true; url: string; fileName: string; downloadCount?: number }
  | { ok: false; status: 401 | 404; reason: "unauthenticated" | "not-found" };

/**
 * Download (spec §6, §7.5): only for signed-in users. Counts atomically, then signs a 60 s URL
 * that the browser downloads natively (attachment, streamed from disk), never buffered here.
 */
export async function createDownload(user: SessionUser | null, id: string): Promise<FileAccess> {
  if (!user) return { ok: false, status: 401, reason: "unauthenticated" };
  if (!isUuid(id)) return { ok: false, status: 404, reason: "not-found" };
  const { rows } = await db().execute<{ title: string; file_path: string | null }>(
    sql`select title, file_path from media_items where id = ${id}`,
  );
  const item = rows[0];
  if (!item?.file_path) return { ok: false, status: 404, reason: "not-found" };
  const counted = await db().execute<{ count: number | null }>(sql`select increment_download_count(${id}::uuid) as count`);
  // The account's own record of its downloads (data export, Art. 15); deleted with the account.
  // (An account deleted a moment ago records nothing.)
  await db().execute(sql`insert into media_downloads (user_id, media_item_id, title)
    select id, ${id}::uuid, ${item.title} from users where id = ${user.id}`);
  const fileName = downloadFileName(item.title, item.file_path);
  return {
    ok: true,
    url: createSignedUrl("media-files", item.file_path, FILE_URL_TTL_S, { downloadName: fileName }),
    fileName,
    downloadCount: counted.rows[0]?.count ?? undefined,
  };
}

/** Preview (spec §6): anyone may open the file inline through a 60 s signed URL. */
export async function createPreview(id: string): Promise<FileAccess> {
  if (!isUuid(id)) return { ok: false, status: 404, reason: "not-found" };
  const { rows } = await db().execute<{ title: string; file_path: string | null }>(
    sql`select title, file_path from media_items where id = ${id}`,
  );
  const item = rows[0];
  if (!item?.file_path) return { ok: false, status: 404, reason: "not-found" };
  return {
    ok: true,
    url: createSignedUrl("media-files", item.file_path, FILE_URL_TTL_S),
    fileName: downloadFileName(item.title, item.file_path),
  };
}
