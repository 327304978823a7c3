import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { categories, FILE_TYPES, mediaCategories, mediaItems, type FileType } from "~/db/schema";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { publicContentChanged } from "~/lib/public-content.server";
import { createSignedUrl, deleteFile, deleteFolder } from "~/lib/storage.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { isUuid } from "./ids";

/**
 * The console's media library (issue 11): a searchable, sortable, paged table; the edit form of
 * every field of spec §3; delete (row first, then the files, as the import does); bulk
 * categories and bulk delete. Uploads and file replacement go through the import (upload.server.ts).
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

function thumbnailUrl(row: { id: string; thumbnail_path: string | null }) {
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
    category_names: string[] | null;
    total: number;
  }>(sql`
    select m.id, m.title, m.file_type, m.language, m.file_size, m.download_count, m.created_at, m.thumbnail_path,
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
    })),
    total: rows[0]?.total ?? 0,
    pageSize: MEDIA_ADMIN_PAGE_SIZE,
  };
}

export async function listCategoriesWithCounts() {
  const { rows } = await db().execute<{ id: string; name: string; items: number }>(sql`
    select c.id, c.name, (select count(*)::int from media_categories mc where mc.category_id = c.id) as items
    from categories c order by lower(c.name), c.id`);
  return rows;
}

type Row = typeof mediaItems.$inferSelect;

/** The fields the console edits and audits (storage paths and measurements stay the import's). */
function editable(row: Row, categoryIds: string[]) {
  return {
    title: row.title,
    description: row.description,
    fileType: row.fileType,
    language: row.language,
    aiGenerated: row.aiGenerated,
    version: row.version,
    searchableText: row.searchableText,
    serviceKind: row.serviceKind,
    endpoint: row.endpoint,
    externalLinks: row.externalLinks,
    creator: row.creator,
    source: row.source,
    license: row.license,
    attribution: row.attribution,
    categories: [...categoryIds].sort(),
  };
}

export async function loadMediaItem(id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db().select().from(mediaItems).where(eq(mediaItems.id, id));
  if (!row) return undefined;
  const links = await db().select({ id: mediaCategories.categoryId }).from(mediaCategories).where(eq(mediaCategories.mediaItemId, id));
  return {
    item: {
      ...editable(
        row,
        links.map((link) => link.id),
      ),
      id: row.id,
      hasFile: row.filePath !== null,
      fileName: row.filePath?.split("/").pop() ?? null,
      mimeType: row.mimeType,
      fileSize: row.fileSize,
      widthPx: row.widthPx,
      heightPx: row.heightPx,
      durationMs: row.durationMs,
      pages: row.pages,
      sheetType: row.sheetType,
      downloads: row.downloadCount,
      createdAt: row.createdAt.toISOString(),
      thumbnailUrl: thumbnailUrl({ id: row.id, thumbnail_path: row.thumbnailPath }),
    },
    categories: await listCategoriesWithCounts(),
  };
}

/* ---------- the edit form ---------- */

export const LINK_ROWS = 8;
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `admin.media.errors.tooLong`)
    .transform((value) => (value === "" ? null : value));
const httpUrl = z
  .string()
  .trim()
  .max(2000, "admin.media.errors.tooLong")
  .refine((value) => value === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), "admin.media.errors.url")
  .transform((value) => (value === "" ? null : value));

const editSchema = z.object({
  title: z.string().trim().min(1, "admin.media.errors.titleRequired").max(300, "admin.media.errors.tooLong"),
  description: optional(5000),
  fileType: z.enum(FILE_TYPES, { message: "admin.media.errors.fileType" }),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "admin.media.errors.language"),
  aiGenerated: z.boolean(),
  version: optional(50),
  searchableText: optional(20000),
  serviceKind: optional(100),
  endpoint: httpUrl,
  creatorName: optional(200),
  creatorUrl: httpUrl,
  creatorHandle: optional(200),
  sourceOrigin: optional(200),
  sourceNiche: optional(200),
  sourceAccountUrl: httpUrl,
  sourceAccountHandle: optional(200),
  licenseName: optional(200),
  licenseSpdx: optional(100),
  licenseUrl: httpUrl,
  licenseNotice: optional(2000),
  attributionText: optional(1000),
  attributionUrl: httpUrl,
});

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

function compact<T extends Record<string, unknown>>(value: T): T | null {
  return Object.values(value).some(
    (entry) => entry !== null && entry !== undefined && !(typeof entry === "object" && compact(entry as Record<string, unknown>) === null),
  )
    ? value
    : null;
}

export type EditResult = { ok: true } | { ok: false; status: number; error: string; errors?: Record<string, string> };

/** Validates and saves every field of the edit form; categories by id; audited with the changed fields. */
export async function updateMediaItem(actor: ConsoleActor, id: string, form: FormData): Promise<EditResult> {
  const current = await loadMediaItem(id);
  if (!current) return { ok: false, status: 404, error: "admin.errors.notFound" };
  const raw = Object.fromEntries(Object.keys(editSchema.shape).map((name) => [name, field(form, name)])) as Record<string, unknown>;
  raw.aiGenerated = form.get("aiGenerated") === "on";
  const parsed = editSchema.safeParse(raw);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;

  const externalLinks: Record<string, string> = {};
  for (let index = 0; index < 50; index += 1) {
    const label = field(form, `linkLabel${index}`).trim();
    const url = field(form, `linkUrl${index}`).trim();
    if (!label && !url) continue;
    if (!label || label.length > 100) errors[`linkLabel${index}`] = "admin.media.errors.linkLabel";
    else if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url) || url.length > 2000) errors[`linkUrl${index}`] = "admin.media.errors.url";
    else if (Object.hasOwn(externalLinks, label)) errors[`linkLabel${index}`] = "admin.media.errors.linkDuplicate";
    else externalLinks[label] = url;
  }
  const known = new Set(current.categories.map((category) => category.id));
  const categoryIds = [...new Set(form.getAll("categories").filter((value): value is string => typeof value === "string"))];
  if (categoryIds.some((categoryId) => !known.has(categoryId))) errors.categories = "admin.media.errors.category";
  if (parsed.success && current.item.hasFile && parsed.data.fileType === "services") errors.fileType = "admin.media.errors.servicesHasFile";
  if (parsed.success && !current.item.hasFile && parsed.data.fileType !== "services") errors.fileType = "admin.media.errors.needsFile";
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, status: 400, error: "admin.media.errors.invalid", errors };

  const data = parsed.data;
  const values = {
    title: data.title,
    description: data.description,
    fileType: data.fileType,
    language: data.language,
    aiGenerated: data.aiGenerated,
    version: data.version,
    searchableText: data.searchableText,
    serviceKind: data.serviceKind,
    endpoint: data.endpoint,
    externalLinks,
    creator: compact({ name: data.creatorName, url: data.creatorUrl, handles: compact({ primary: data.creatorHandle }) }),
    source: compact({
      origin: data.sourceOrigin,
      niche: data.sourceNiche,
      account_url: data.sourceAccountUrl,
      account_handle: data.sourceAccountHandle,
    }),
    license: compact({ name: data.licenseName, spdx_id: data.licenseSpdx, url: data.licenseUrl, notice: data.licenseNotice }),
    attribution: compact({ text: data.attributionText, url: data.attributionUrl }),
  };
  const before = editable({ ...(current.item as unknown as Row) }, current.item.categories);
  await db().transaction(async (tx) => {
    await tx
      .update(mediaItems)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(mediaItems.id, id));
    await tx.delete(mediaCategories).where(eq(mediaCategories.mediaItemId, id));
    if (categoryIds.length) await tx.insert(mediaCategories).values(categoryIds.map((categoryId) => ({ mediaItemId: id, categoryId })));
    await recordAudit(
      actor,
      {
        action: "library.update",
        entity: "media",
        entityId: id,
        summary: values.title,
        before,
        after: { ...values, categories: [...categoryIds].sort() },
      },
      tx,
    );
  });
  publicContentChanged();
  return { ok: true };
}

/** Deletes items: each row (with its category links) in a transaction, then its files, as the import does. */
export async function deleteMediaItems(actor: ConsoleActor, ids: string[]) {
  let deleted = 0;
  for (const id of ids.filter(isUuid)) {
    const removed = await db().transaction(async (tx) => {
      const [row] = await tx.delete(mediaItems).where(eq(mediaItems.id, id)).returning();
      if (!row) return undefined;
      await recordAudit(
        actor,
        {
          action: "library.delete",
          entity: "media",
          entityId: id,
          summary: row.title,
          before: { title: row.title, fileType: row.fileType, filePath: row.filePath },
          after: null,
        },
        tx,
      );
      return row;
    });
    if (!removed) continue;
    deleted += 1;
    // Only after the commit: a crash in between leaves unreferenced files, never a row without its file.
    for (const path of [removed.filePath, removed.thumbnailPath]) {
      if (path)
        await deleteFile("media-files", path).catch((error: unknown) => logger.warn(`Console: could not delete ${path}: ${String(error)}`));
    }
    await deleteFolder("media-files", `items/${id}`).catch(() => {});
  }
  if (deleted) publicContentChanged();
  return deleted;
}

/** Adds the given categories to every given item (existing links stay). */
export async function assignCategories(actor: ConsoleActor, ids: string[], categoryIds: string[]) {
  const items = ids.filter(isUuid);
  const wanted = categoryIds.filter(isUuid);
  if (!items.length || !wanted.length) return 0;
  const found = await db().select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, wanted));
  const existing = await db().select({ id: mediaItems.id }).from(mediaItems).where(inArray(mediaItems.id, items));
  if (!found.length || !existing.length) return 0;
  await db().transaction(async (tx) => {
    await tx
      .insert(mediaCategories)
      .values(existing.flatMap((item) => found.map((category) => ({ mediaItemId: item.id, categoryId: category.id }))))
      .onConflictDoNothing();
    await recordAudit(
      actor,
      {
        action: "library.assignCategories",
        entity: "media",
        summary: `${existing.length} items`,
        before: null,
        after: { items: existing.map((item) => item.id), categories: found.map((category) => category.name) },
      },
      tx,
    );
  });
  publicContentChanged();
  return existing.length;
}

/* ---------- categories ---------- */

const categoryName = z.string().trim().min(1, "admin.categories.errors.nameRequired").max(100, "admin.categories.errors.nameTooLong");
type CategoryOutcome = { ok: true; message: string } | { ok: false; error: string; status: number };

async function nameTaken(name: string, exceptId?: string) {
  const rows = await db()
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  return rows.some((row) => row.id !== exceptId);
}

export async function createCategory(actor: ConsoleActor, name: string): Promise<CategoryOutcome> {
  const parsed = categoryName.safeParse(name);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message, status: 400 };
  if (await nameTaken(parsed.data)) return { ok: false, error: "admin.categories.errors.exists", status: 409 };
  await db().transaction(async (tx) => {
    const [row] = await tx.insert(categories).values({ name: parsed.data }).returning();
    await recordAudit(
      actor,
      {
        action: "category.create",
        entity: "category",
        entityId: row!.id,
        summary: parsed.data,
        before: null,
        after: { name: parsed.data },
      },
      tx,
    );
  });
  publicContentChanged();
  return { ok: true, message: "admin.categories.created" };
}

export async function renameCategory(actor: ConsoleActor, id: string, name: string): Promise<CategoryOutcome> {
  const parsed = categoryName.safeParse(name);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message, status: 400 };
  if (!isUuid(id)) return { ok: false, error: "admin.errors.notFound", status: 404 };
  const [current] = await db().select().from(categories).where(eq(categories.id, id));
  if (!current) return { ok: false, error: "admin.errors.notFound", status: 404 };
  if (await nameTaken(parsed.data, id)) return { ok: false, error: "admin.categories.errors.exists", status: 409 };
  await db().transaction(async (tx) => {
    await tx.update(categories).set({ name: parsed.data }).where(eq(categories.id, id));
    await recordAudit(
      actor,
      {
        action: "category.rename",
        entity: "category",
        entityId: id,
        summary: parsed.data,
        before: { name: current.name },
        after: { name: parsed.data },
      },
      tx,
    );
  });
  publicContentChanged();
  return { ok: true, message: "admin.categories.renamed" };
}

/** Moves every item of `fromId` into `intoId` (items keep their other categories), then removes `fromId`. */
export async function mergeCategory(actor: ConsoleActor, fromId: string, intoId: string): Promise<CategoryOutcome> {
  if (!isUuid(fromId) || !isUuid(intoId)) return { ok: false, error: "admin.errors.notFound", status: 404 };
  if (fromId === intoId) return { ok: false, error: "admin.categories.errors.mergeSame", status: 400 };
  const rows = await db()
    .select()
    .from(categories)
    .where(inArray(categories.id, [fromId, intoId]));
  const from = rows.find((row) => row.id === fromId);
  const into = rows.find((row) => row.id === intoId);
  if (!from || !into) return { ok: false, error: "admin.errors.notFound", status: 404 };
  await db().transaction(async (tx) => {
    const moved = await tx.execute<{ media_item_id: string }>(sql`
      insert into media_categories (media_item_id, category_id)
      select media_item_id, ${intoId}::uuid from media_categories where category_id = ${fromId}
      on conflict do nothing returning media_item_id`);
    await tx.delete(categories).where(eq(categories.id, fromId));
    await recordAudit(
      actor,
      {
        action: "category.merge",
        entity: "category",
        entityId: fromId,
        summary: `${from.name} → ${into.name}`,
        before: { name: from.name },
        after: { mergedInto: into.name, itemsAdded: moved.rows.length },
      },
      tx,
    );
  });
  publicContentChanged();
  return { ok: true, message: "admin.categories.merged" };
}

export async function deleteCategory(actor: ConsoleActor, id: string): Promise<CategoryOutcome> {
  if (!isUuid(id)) return { ok: false, error: "admin.errors.notFound", status: 404 };
  await db().transaction(async (tx) => {
    const [row] = await tx.delete(categories).where(eq(categories.id, id)).returning();
    if (row)
      await recordAudit(
        actor,
        { action: "category.delete", entity: "category", entityId: id, summary: row.name, before: { name: row.name }, after: null },
        tx,
      );
  });
  publicContentChanged();
  return { ok: true, message: "admin.categories.deleted" };
}
