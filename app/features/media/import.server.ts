import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { FILE_TYPES, type FileType } from "~/db/schema";
import { db } from "~/lib/db.server";
import { invalidatePages } from "~/lib/page-invalidation.server";
import { deleteFile, saveFile, saveFileFrom } from "~/lib/storage.server";

/**
 * Imports a media manifest (CONTRACT.md "Media manifest") into the database and the private
 * bucket `media-files`. Used by `npm run media:import`, the demo seeding at start-up and tests.
 *
 * Order per item (DESIGN habit 7): validate, copy the file and thumbnail under a key derived
 * from the item's id, measure, then write the row and its category links in ONE transaction.
 * A killed import therefore leaves at most unreferenced files; the rerun reuses the same id
 * (given, matched by title, or derived from the title) and so overwrites them and completes.
 */

export const THUMBNAIL_WIDTH_PX = 480;

const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null));
const optionalInt = z.number().int().nonnegative().nullish().transform((value) => value ?? null);
const optionalUrl = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).nullable());

const itemSchema = z.object({
  id: z.uuid({ message: "id must be a UUID" }).nullish(),
  title: z.string({ message: "title is required" }).trim().min(1, "title is required").max(300, "title is longer than 300 characters"),
  description: optionalText,
  file_type: z.enum(FILE_TYPES, {
    message: `file_type must be one of ${FILE_TYPES.join(", ")}`,
  }),
  file: optionalText,
  categories: z.array(z.string().trim().min(1).max(100)).nullish().transform((value) => value ?? []),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "language must be a language code like en, de or es")
    .nullish()
    .transform((value) => value ?? "en"),
  ai_generated: z.boolean().nullish().transform((value) => value ?? false),
  version: optionalText,
  width_px: optionalInt,
  height_px: optionalInt,
  duration_ms: optionalInt,
  pages: optionalInt,
  file_size: optionalInt,
  sheet_type: optionalText,
  service_kind: optionalText,
  endpoint: optionalUrl,
  external_links: z
    .record(z.string().trim().min(1), z.url({ protocol: /^https?$/, message: "external links must be http(s) URLs" }))
    .nullish()
    .transform((value) => value ?? {}),
  creator: z
    .object({ name: optionalText, url: optionalUrl, handles: z.object({ primary: optionalText }).nullish() })
    .nullish(),
  source: z
    .object({ origin: optionalText, niche: optionalText, account_url: optionalUrl, account_handle: optionalText })
    .nullish(),
  license: z
    .object({ name: optionalText, spdx_id: optionalText, url: optionalUrl, notice: optionalText })
    .nullish(),
  attribution: z.object({ text: optionalText, url: optionalUrl }).nullish(),
  searchable_text: optionalText,
  created_at: z.iso.datetime({ offset: true, message: "created_at must be an ISO-8601 time" }).nullish(),
});

type ManifestItem = z.infer<typeof itemSchema>;

const manifestSchema = z.object({
  categories: z.array(z.string().trim().min(1).max(100)).nullish().transform((value) => value ?? []),
  items: z.array(z.unknown(), { message: "the manifest needs an array items" }),
});

export interface RejectedItem {
  index: number;
  title?: string;
  reason: string;
}

export interface ImportResult {
  created: Array<{ index: number; id: string; title: string }>;
  updated: Array<{ index: number; id: string; title: string }>;
  rejected: RejectedItem[];
}

export class ManifestError extends Error {
  override name = "ManifestError";
}

export interface ImportOptions {
  /** Test hook: called after an item's files are stored, before its transaction commits. */
  beforeCommit?: (index: number) => void | Promise<void>;
  log?: (line: string) => void;
}

const MIME_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".ogv": "video/ogg",
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".opus": "audio/ogg",
  ".flac": "audio/flac",
  ".m4a": "audio/mp4",
  ".aac": "audio/aac",
  ".pdf": "application/pdf",
  ".csv": "text/csv",
  ".tsv": "text/tab-separated-values",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".xls": "application/vnd.ms-excel",
  ".ods": "application/vnd.oasis.opendocument.spreadsheet",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".doc": "application/msword",
  ".odt": "application/vnd.oasis.opendocument.text",
  ".rtf": "application/rtf",
  ".txt": "text/plain",
  ".md": "text/markdown",
  ".html": "text/html",
  ".json": "application/json",
  ".zip": "application/zip",
};

export function mimeTypeOf(fileName: string) {
  return MIME_TYPES[path.extname(fileName).toLowerCase()] ?? "application/octet-stream";
}

/** A storage-safe file name: letters, digits, dot, dash, underscore; keeps the extension. */
export function safeFileName(fileName: string) {
  const extension = path.extname(fileName).toLowerCase().replace(/[^a-z0-9.]/g, "").slice(0, 12);
  const base = path
    .basename(fileName, path.extname(fileName))
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "")
    .slice(0, 100);
  return `${base || "file"}${extension}`;
}

/** A stable UUID for a title, so a rerun of an interrupted import reuses the same storage keys. */
export function uuidFromTitle(title: string) {
  const hex = createHash("sha256").update(`media-item:${title}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface Measured {
  fileSize: number | null;
  widthPx: number | null;
  heightPx: number | null;
  durationMs: number | null;
  pages: number | null;
  sheetType: string | null;
  mimeType: string | null;
  thumbnail: Buffer | null;
}

/** Detects the sheet format from the bytes, with the extension to tell zip-based formats apart. */
export function detectSheetType(head: Buffer, fileName: string): string {
  const extension = path.extname(fileName).toLowerCase().slice(1);
  const isZip = head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  if (isZip) {
    const text = head.toString("latin1");
    if (text.includes("application/vnd.oasis.opendocument.spreadsheet")) return "ods";
    if (text.includes("xl/") || extension === "xlsx") return "xlsx";
    if (extension === "ods") return "ods";
    return extension || "xlsx";
  }
  const isOle = head.length >= 4 && head.readUInt32BE(0) === 0xd0cf11e0;
  if (isOle) return "xls";
  if (extension === "tsv") return "tsv";
  return "csv";
}

async function readHead(file: string, bytes = 4096) {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function measure(file: string, fileType: FileType): Promise<Measured> {
  const stat = await fs.promises.stat(file);
  const measured: Measured = {
    fileSize: stat.size,
    widthPx: null,
    heightPx: null,
    durationMs: null,
    pages: null,
    sheetType: null,
    mimeType: mimeTypeOf(file),
    thumbnail: null,
  };
  if (fileType === "image") {
    const { default: sharp } = await import("sharp");
    const image = sharp(file, { failOn: "error" });
    const metadata = await image.metadata();
    measured.widthPx = metadata.autoOrient?.width ?? metadata.width ?? null;
    measured.heightPx = metadata.autoOrient?.height ?? metadata.height ?? null;
    measured.thumbnail = await sharp(file)
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH_PX, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } else if (fileType === "audio" || fileType === "video") {
    const { parseFile } = await import("music-metadata");
    const metadata = await parseFile(file, { duration: true, skipCovers: true });
    if (metadata.format.duration !== undefined) measured.durationMs = Math.round(metadata.format.duration * 1000);
    if (fileType === "video") {
      const video = metadata.format as { width?: number; height?: number };
      measured.widthPx = video.width ?? null;
      measured.heightPx = video.height ?? null;
    }
  } else if (fileType === "pdf") {
    const { PDFDocument } = await import("pdf-lib");
    const document = await PDFDocument.load(await fs.promises.readFile(file), {
      ignoreEncryption: true,
      updateMetadata: false,
    });
    measured.pages = document.getPageCount();
  } else if (fileType === "sheet") {
    measured.sheetType = detectSheetType(await readHead(file), file);
  }
  return measured;
}

function describeError(error: unknown) {
  if (error instanceof z.ZodError) {
    return error.issues
      .map((issue) => {
        const where = issue.path.join(".");
        // Messages that already name their field ("title is required") are not prefixed again.
        return where && !issue.message.startsWith(where) ? `${where}: ${issue.message}` : issue.message;
      })
      .join("; ");
  }
  return error instanceof Error ? error.message : String(error);
}

async function findIdByTitle(title: string): Promise<string | undefined> {
  const { rows } = await db().execute<{ id: string }>(
    sql`select id from media_items where title = ${title} order by created_at limit 1`,
  );
  return rows[0]?.id;
}

async function existingPaths(id: string) {
  const { rows } = await db().execute<{ file_path: string | null; thumbnail_path: string | null }>(
    sql`select file_path, thumbnail_path from media_items where id = ${id}`,
  );
  return rows[0];
}

async function importItem(
  raw: unknown,
  index: number,
  baseDir: string,
  seenIds: Set<string>,
  options: ImportOptions,
): Promise<{ id: string; title: string; created: boolean }> {
  const item: ManifestItem = itemSchema.parse(raw);
  if (item.file_type !== "services" && !item.file) throw new Error(`file is required for file_type ${item.file_type}`);
  let sourceFile: string | undefined;
  if (item.file) {
    sourceFile = path.resolve(baseDir, item.file);
    const stat = await fs.promises.stat(sourceFile).catch(() => undefined);
    if (!stat?.isFile()) throw new Error(`file not found: ${item.file}`);
  }

  const id = item.id ?? (await findIdByTitle(item.title)) ?? uuidFromTitle(item.title);
  if (seenIds.has(id)) throw new Error("duplicate of an earlier item in this manifest (same id or title)");
  seenIds.add(id);
  const previous = await existingPaths(id);

  let filePath: string | null = null;
  let thumbnailPath: string | null = null;
  let measured: Measured | undefined;
  if (sourceFile) {
    try {
      measured = await measure(sourceFile, item.file_type);
    } catch (error) {
      throw new Error(`could not read ${item.file} as ${item.file_type}: ${describeError(error)}`);
    }
    filePath = `items/${id}/${safeFileName(path.basename(sourceFile))}`;
    await saveFileFrom("media-files", filePath, sourceFile);
    if (measured.thumbnail) {
      thumbnailPath = `items/${id}/thumbnail.webp`;
      await saveFile("media-files", thumbnailPath, measured.thumbnail);
    }
  }

  // Categories named only on an item are created too; the manifest's list is a convenience.
  const categoryNames = [...new Set(item.categories)];

  const values = {
    id,
    title: item.title,
    description: item.description,
    fileType: item.file_type,
    filePath,
    thumbnailPath,
    mimeType: measured?.mimeType ?? null,
    fileSize: item.file_size ?? measured?.fileSize ?? null,
    language: item.language,
    aiGenerated: item.ai_generated,
    version: item.version,
    widthPx: item.width_px ?? measured?.widthPx ?? null,
    heightPx: item.height_px ?? measured?.heightPx ?? null,
    durationMs: item.duration_ms ?? measured?.durationMs ?? null,
    pages: item.pages ?? measured?.pages ?? null,
    sheetType: item.sheet_type ?? measured?.sheetType ?? null,
    searchableText: item.searchable_text,
    serviceKind: item.service_kind,
    endpoint: item.endpoint,
    externalLinks: item.external_links,
    creator: item.creator ?? null,
    source: item.source ?? null,
    license: item.license ?? null,
    attribution: item.attribution ?? null,
  };

  await db().transaction(async (tx) => {
    const createdAt = item.created_at ? new Date(item.created_at) : null;
    await tx.execute(sql`
      insert into media_items (
        id, title, description, file_type, file_path, thumbnail_path, mime_type, file_size, language,
        ai_generated, version, width_px, height_px, duration_ms, pages, sheet_type, searchable_text,
        service_kind, endpoint, external_links, creator, source, license, attribution, created_at, updated_at
      ) values (
        ${values.id}, ${values.title}, ${values.description}, ${values.fileType}, ${values.filePath},
        ${values.thumbnailPath}, ${values.mimeType}, ${values.fileSize}, ${values.language},
        ${values.aiGenerated}, ${values.version}, ${values.widthPx}, ${values.heightPx}, ${values.durationMs},
        ${values.pages}, ${values.sheetType}, ${values.searchableText}, ${values.serviceKind}, ${values.endpoint},
        ${JSON.stringify(values.externalLinks)}::jsonb, ${json(values.creator)}::jsonb, ${json(values.source)}::jsonb,
        ${json(values.license)}::jsonb, ${json(values.attribution)}::jsonb, coalesce(${createdAt}::timestamptz, now()), now()
      )
      on conflict (id) do update set
        title = excluded.title, description = excluded.description, file_type = excluded.file_type,
        file_path = excluded.file_path, thumbnail_path = excluded.thumbnail_path, mime_type = excluded.mime_type,
        file_size = excluded.file_size, language = excluded.language, ai_generated = excluded.ai_generated,
        version = excluded.version, width_px = excluded.width_px, height_px = excluded.height_px,
        duration_ms = excluded.duration_ms, pages = excluded.pages, sheet_type = excluded.sheet_type,
        searchable_text = excluded.searchable_text, service_kind = excluded.service_kind,
        endpoint = excluded.endpoint, external_links = excluded.external_links, creator = excluded.creator,
        source = excluded.source, license = excluded.license, attribution = excluded.attribution,
        created_at = case when ${createdAt}::timestamptz is null then media_items.created_at else excluded.created_at end,
        updated_at = now()
    `);
    await tx.execute(sql`delete from media_categories where media_item_id = ${id}`);
    for (const name of categoryNames) {
      await tx.execute(sql`insert into categories (name) values (${name}) on conflict (name) do nothing`);
      await tx.execute(sql`
        insert into media_categories (media_item_id, category_id)
        select ${id}, id from categories where name = ${name}
        on conflict do nothing`);
    }
    await options.beforeCommit?.(index);
  });

  // Only after the commit: remove files the item no longer references.
  for (const old of [previous?.file_path, previous?.thumbnail_path]) {
    if (old && old !== filePath && old !== thumbnailPath) await deleteFile("media-files", old).catch(() => {});
  }
  return { id, title: item.title, created: !previous };
}

function json(value: unknown) {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** Imports every valid item of a manifest; bad items are rejected with their index and reason. */
export async function importManifest(manifestFile: string, options: ImportOptions = {}): Promise<ImportResult> {
  try {
    return await importManifestItems(manifestFile, options);
  } finally {
    // Cached library pages show the old list: drop them (ADR 0026), also after a partial import.
    invalidatePages("media");
  }
}

async function importManifestItems(manifestFile: string, options: ImportOptions): Promise<ImportResult> {
  let text: string;
  try {
    text = await fs.promises.readFile(manifestFile, "utf8");
  } catch (error) {
    throw new ManifestError(`Cannot read the manifest ${manifestFile}: ${(error as Error).message}`);
  }
  let parsedJson: unknown;
  try {
    parsedJson = JSON.parse(text);
  } catch (error) {
    throw new ManifestError(`The manifest is not valid JSON: ${(error as Error).message}`);
  }
  const manifest = manifestSchema.safeParse(parsedJson);
  if (!manifest.success) throw new ManifestError(`The manifest is invalid: ${describeError(manifest.error)}`);
  const baseDir = path.dirname(path.resolve(manifestFile));

  for (const name of new Set(manifest.data.categories)) {
    await db().execute(sql`insert into categories (name) values (${name}) on conflict (name) do nothing`);
  }

  const result: ImportResult = { created: [], updated: [], rejected: [] };
  const seenIds = new Set<string>();
  for (const [index, raw] of manifest.data.items.entries()) {
    const title = typeof (raw as { title?: unknown })?.title === "string" ? (raw as { title: string }).title : undefined;
    try {
      const done = await importItem(raw, index, baseDir, seenIds, options);
      (done.created ? result.created : result.updated).push({ index, id: done.id, title: done.title });
      options.log?.(`${done.created ? "created" : "updated"} #${index} ${done.title}`);
    } catch (error) {
      if (options.beforeCommit && error instanceof InterruptedImport) throw error;
      result.rejected.push({ index, title, reason: describeError(error) });
      options.log?.(`rejected #${index}${title ? ` ${title}` : ""}: ${describeError(error)}`);
    }
  }
  return result;
}

/** Thrown by tests from `beforeCommit` to simulate a killed import. */
export class InterruptedImport extends Error {
  override name = "InterruptedImport";
}

export function formatSummary(result: ImportResult) {
  const lines = [
    `Created: ${result.created.length}, updated: ${result.updated.length}, rejected: ${result.rejected.length}`,
  ];
  for (const rejected of result.rejected) {
    lines.push(`  rejected item ${rejected.index}${rejected.title ? ` ("${rejected.title}")` : ""}: ${rejected.reason}`);
  }
  return lines.join("\n");
}

