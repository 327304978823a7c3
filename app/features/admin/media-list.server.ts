import { sql, type SQL } from "drizzle-orm";
import { FILE_TYPES, type CategoryNames, type FileType } from "~/db/schema";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { createSignedUrl } from "~/lib/storage.server";
import { isUuid } from "~/lib/uuid";

/**
 * The console's media table (issue 11): every item, searchable, sortable and paged, with its
 * thumbnail; and the categories with their item counts (filters, forms, the categories page).
 */
export const MEDIA_ADMIN_PAGE_SIZE = 25;
export const THUMBNAIL_URL_TTL_S = 3600;
const SORTS = {
  created: sql`m.created_at`,
  title: sql`lower(m.title)`,
  size: sql`m.file_size`,
  downloads: sql`m.download_count`,
  type: sql`m.file_type`,
} as const;
type Sort = keyof typeof SORTS;

export interface MediaAdminFilters {
  q: string;
  type: FileType | "";
  category: string;
  sort: Sort;
  dir: "asc" | "desc";
  page: number;
}

export function parseMediaAdminFilters(url: URL): MediaAdminFilters {
  const get = (name: string) => url.searchParams.get(name) ?? "";
  const type = get("type");
  const sort = get("sort");
  return {
    q: get("q").trim().slice(0, 200),
    type: (FILE_TYPES as readonly string[]).includes(type) ? (type as FileType) : "",
    category: isUuid(get("category")) ? get("category").toLowerCase() : "",
    sort: Object.hasOwn(SORTS, sort) ? (sort as Sort) : "created",
    dir: get("dir") === "asc" ? "asc" : "desc",
    page: Math.max(1, Math.min(10_000, Number.parseInt(get("page"), 10) || 1)),
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export function thumbnailUrl(row: { id: string; thumbnail_path: string | null }) {
  if (!row.thumbnail_path) return null;
  try {
    return createSignedUrl("media-files", row.thumbnail_path, THUMBNAIL_URL_TTL_S);
  } catch (error) {
    logger.warn(`Console: could not sign the thumbnail of ${row.id}: ${(error as Error).message}`);
    return null;
  }
}

export async function listMediaAdmin(filters: MediaAdminFilters) {
  const conditions: SQL[] = [];
  if (filters.type) conditions.push(sql`m.file_type = ${filters.type}`);
  if (filters.category)
    conditions.push(sql`exists (select 1 from media_categories mc where mc.media_item_id = m.id and mc.category_id = ${filters.category})`);
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    conditions.push(sql`(m.title ilike ${like} or m.description ilike ${like} or m.searchable_text ilike ${like})`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const direction = filters.dir === "asc" ? sql`asc` : sql`desc`;
  const { rows } = await db().execute<{
    id: string;
    title: string;
    file_type: FileType;
    language: string;
    file_size: number | null;
    download_count: number;
    created_at: Date;
    thumbnail_path: string | null;
    published: boolean;
    category_names: string[] | null;
    total: number;
  }>(sql`
    select m.id, m.title, m.file_type, m.language, m.file_size, m.download_count, m.created_at, m.thumbnail_path,
      m.published_at is not null as published,
      (select array_agg(c.name order by c.name) from media_categories mc join categories c on c.id = mc.category_id where mc.media_item_id = m.id) as category_names,
      count(*) over ()::int as total
    from media_items m ${where}
    order by ${SORTS[filters.sort]} ${direction} nulls last, m.id
    limit ${MEDIA_ADMIN_PAGE_SIZE} offset ${(filters.page - 1) * MEDIA_ADMIN_PAGE_SIZE}`);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      fileType: row.file_type,
      language: row.language,
      fileSize: row.file_size,
      downloads: row.download_count,
      createdAt: new Date(row.created_at).toISOString(),
      categories: row.category_names ?? [],
      thumbnailUrl: thumbnailUrl(row),
      published: row.published,
    })),
    total: rows[0]?.total ?? 0,
    pageSize: MEDIA_ADMIN_PAGE_SIZE,
  };
}

export async function listCategoriesWithCounts() {
  const { rows } = await db().execute<{ id: string; name: string; names: CategoryNames; items: number }>(sql`
    select c.id, c.name, c.names, (select count(*)::int from media_categories mc where mc.category_id = c.id) as items
    from categories c order by lower(c.name), c.id`);
  return rows;
}
