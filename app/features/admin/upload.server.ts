import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { mediaCategories, mediaItems, categories, type FileType } from "~/db/schema";
import { importManifest, safeFileName, type RejectedItem } from "~/features/media/import.server";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { PRIVATE_FILE_MODE } from "~/lib/private-files.server";
import { MEDIA_POSTER_MAX_BYTES } from "./upload-limit";
import { publicContentChanged } from "~/lib/public-content.server";
import { makeScratchFolder, removeScratchFolder } from "~/lib/scratch.server";
import { deleteFolder } from "~/lib/storage.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { isUuid } from "~/lib/uuid";

/**
 * Browser uploads (issue 11). The request body (the file's bytes, not multipart) is streamed to a
 * temporary file, never held in memory; then the item goes through the SAME code path as
 * `npm run media:import`: a one-item manifest handed to importManifest, which measures size,
 * dimensions, duration and pages, makes the thumbnail, stores the file and writes the row. A
 * failed or aborted upload removes its temporary folder and anything it stored.
 */

export { MEDIA_UPLOAD_MAX_BYTES } from "./upload-limit";

/**
 * The length of the picture sent in front of the file (ADR 0093), from `X-Poster-Length`: 0 without one;
 * a value that is no whole number of bytes within MEDIA_POSTER_MAX_BYTES is refused.
 */
export function posterLengthOf(request: Request) {
  const header = request.headers.get("x-poster-length");
  if (header === null || header === "" || header === "0") return 0;
  const length = /^[1-9]\d{0,9}$/.test(header) ? Number(header) : NaN;
  if (!(length <= MEDIA_POSTER_MAX_BYTES)) throw new UploadError("admin.media.errors.poster", 400);
  return length;
}

/** Keeps the first `length` bytes of the body (the poster) apart and passes the rest (the file) on. */
function posterSplitter(length: number) {
  const chunks: Buffer[] = [];
  let kept = 0;
  const splitter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const take = Math.min(length - kept, chunk.length);
      if (take > 0) {
        chunks.push(chunk.subarray(0, take));
        kept += take;
      }
      callback(null, take < chunk.length ? chunk.subarray(take) : undefined);
    },
  });
  return { splitter, poster: () => (kept === length ? Buffer.concat(chunks) : undefined) };
}

/** The file name sent in `X-File-Name` (URI-encoded), or undefined when missing or unusable. */
export function fileNameOf(request: Request) {
  try {
    const name = decodeURIComponent(request.headers.get("x-file-name") ?? "").trim();
    const hasControlCharacter = [...name].some((char) => char.charCodeAt(0) < 0x20);
    return name && name.length <= 255 && !hasControlCharacter && !/[/\\]/.test(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

const EXTENSIONS: Record<Exclude<FileType, "services">, readonly string[]> = {
  image: [".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".tif", ".tiff"],
  video: [".mp4", ".m4v", ".webm", ".mkv", ".mov", ".ogv"],
  audio: [".mp3", ".wav", ".ogg", ".oga", ".opus", ".flac", ".m4a", ".aac"],
  pdf: [".pdf"],
  sheet: [".csv", ".tsv", ".xlsx", ".xls", ".ods"],
  document: [".docx", ".doc", ".odt", ".rtf", ".txt", ".md"],
};

/** The media type of a file by its extension (the import then checks the bytes). */
export function fileTypeOf(fileName: string): FileType | undefined {
  const extension = path.extname(fileName).toLowerCase();
  return (Object.keys(EXTENSIONS) as Array<keyof typeof EXTENSIONS>).find((type) => EXTENSIONS[type].includes(extension));
}

export const ACCEPTED_EXTENSIONS = Object.values(EXTENSIONS).flat();

export class UploadError extends Error {
  constructor(
    public readonly key: string,
    public readonly status: number,
  ) {
    super(key);
  }
}

/** The title of an upload: the file name without extension, separators as spaces. */
export function titleOf(fileName: string) {
  const base = path.basename(fileName, path.extname(fileName)).replace(/[_]+/g, " ").replace(/\s+/g, " ").trim();
  return (base || "Untitled").slice(0, 300);
}

/**
 * Streams the body into a scratch folder (`$DATA_DIR/tmp/uploads/…`), counting bytes; throws (and cleans
 * up) past maxBytes or on abort. A poster in front of the file (`X-Poster-Length`, ADR 0093) is kept
 * apart in the same folder: `poster`, its file name there.
 */
export async function receiveUpload(request: Request, fileName: string, maxBytes: number) {
  if (!request.body) throw new UploadError("admin.media.errors.emptyFile", 400);
  const posterLength = posterLengthOf(request);
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared - posterLength > maxBytes) throw new UploadError("admin.media.errors.tooLarge", 413);
  const split = posterSplitter(posterLength);
  const folder = await makeScratchFolder("uploads");
  const file = path.join(folder, safeFileName(fileName));
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new UploadError("admin.media.errors.tooLarge", 413));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(request.body as import("node:stream/web").ReadableStream),
      split.splitter,
      counter,
      fs.createWriteStream(file, { mode: PRIVATE_FILE_MODE }),
    );
  } catch (error) {
    await removeScratchFolder(folder);
    if (error instanceof UploadError) throw error;
    // The browser went away (aborted upload) or the connection broke: nothing stays behind.
    throw new UploadError("admin.media.errors.aborted", 400);
  }
  if (size === 0) {
    await removeScratchFolder(folder);
    throw new UploadError("admin.media.errors.emptyFile", 400);
  }
  if (!posterLength) return { folder, file, size };
  const posterBytes = split.poster();
  if (!posterBytes) {
    await removeScratchFolder(folder);
    throw new UploadError("admin.media.errors.poster", 400);
  }
  // Named apart from any file name (safeFileName never starts with a dot).
  const poster = ".card-picture";
  await fs.promises.writeFile(path.join(folder, poster), posterBytes, { mode: PRIVATE_FILE_MODE });
  return { folder, file, size, poster };
}

/** The manifest's poster for an upload: only a video's or an audio file's picture is kept (ADR 0093). */
const posterField = (fileType: FileType, poster: string | undefined) =>
  poster && (fileType === "video" || fileType === "audio") ? { poster } : {};

interface ManifestFields {
  title: string;
  file_type: FileType;
  language: string;
  [key: string]: unknown;
}

/** What the editor reads when the import refused the file (ADR 0041 for the limits). */
const REFUSAL_KEYS: Record<NonNullable<RejectedItem["refusal"]>, string> = {
  unreadable: "admin.media.errors.unreadable",
  time: "admin.media.errors.tooComplex",
  memory: "admin.media.errors.tooComplex",
  pixels: "admin.media.errors.tooManyPixels",
  pages: "admin.media.errors.tooManyPages",
};

/** One item through importManifest (the import's code path); returns its id or throws with the import's reason. */
async function importOne(folder: string, file: string, id: string, fields: ManifestFields, options: { draft?: boolean } = {}) {
  const manifest = path.join(folder, "manifest.json");
  await fs.promises.writeFile(manifest, JSON.stringify({ items: [{ ...fields, id, file: path.basename(file) }] }), {
    mode: PRIVATE_FILE_MODE,
  });
  // A poster in an upload is the picture the browser drew from the file (ADR 0093).
  const result = await importManifest(manifest, { ...options, drawnPosters: true });
  const rejected = result.rejected[0];
  if (rejected) {
    logger.warn(`Console upload rejected: ${rejected.reason}`);
    throw new UploadError(rejected.poster ? "admin.media.errors.poster" : REFUSAL_KEYS[rejected.refusal ?? "unreadable"], 422);
  }
  return result;
}

/** A new item from an uploaded file: a draft, until it is published in the console (ADR 0060). */
export async function storeUpload(
  actor: ConsoleActor,
  request: Request,
  options: { fileName: string; language: string; maxBytes: number },
) {
  const fileType = fileTypeOf(options.fileName);
  if (!fileType) throw new UploadError("admin.media.errors.unsupportedType", 415);
  const started = Date.now();
  const { folder, file, size, poster } = await receiveUpload(request, options.fileName, options.maxBytes);
  const received = Date.now();
  const id = randomUUID();
  try {
    await importOne(
      folder,
      file,
      id,
      { title: titleOf(options.fileName), file_type: fileType, language: options.language, ...posterField(fileType, poster) },
      { draft: true },
    );
    await recordAudit(actor, {
      action: "library.upload",
      entity: "media",
      entityId: id,
      summary: options.fileName,
      before: null,
      after: { title: titleOf(options.fileName), fileType, size },
    });
  } catch (error) {
    // Whatever the import stored for this id goes too: a failed upload leaves nothing behind.
    await deleteFolder("media-files", `items/${id}`).catch(() => {});
    await db()
      .delete(mediaItems)
      .where(eq(mediaItems.id, id))
      .catch(() => {});
    throw error instanceof UploadError ? error : new UploadError("admin.errors.failed", 500);
  } finally {
    await removeScratchFolder(folder);
  }
  publicContentChanged();
  logger.info(
    `Console upload: ${options.fileName} (${size} bytes) received in ${received - started} ms, stored as a draft in ${Date.now() - started} ms`,
  );
  return { id, title: titleOf(options.fileName), size, receivedMs: received - started, storedMs: Date.now() - started };
}

/** Replaces an item's file through the import (same id, every field kept; the new file is measured anew). */
export async function replaceFile(actor: ConsoleActor, id: string, request: Request, options: { fileName: string; maxBytes: number }) {
  if (!isUuid(id)) throw new UploadError("admin.errors.notFound", 404);
  const [row] = await db().select().from(mediaItems).where(eq(mediaItems.id, id));
  if (!row) throw new UploadError("admin.errors.notFound", 404);
  const fileType = fileTypeOf(options.fileName);
  if (!fileType) throw new UploadError("admin.media.errors.unsupportedType", 415);
  const names = await db()
    .select({ name: categories.name })
    .from(mediaCategories)
    .innerJoin(categories, eq(categories.id, mediaCategories.categoryId))
    .where(eq(mediaCategories.mediaItemId, id));
  const { folder, file, size, poster } = await receiveUpload(request, options.fileName, options.maxBytes);
  try {
    await importOne(folder, file, id, {
      ...posterField(fileType, poster),
      title: row.title,
      description: row.description,
      file_type: fileType,
      language: row.language,
      ai_generated: row.aiGenerated,
      version: row.version,
      categories: names.map((entry) => entry.name),
      service_kind: row.serviceKind,
      endpoint: row.endpoint,
      external_links: row.externalLinks,
      creator: row.creator,
      source: row.source,
      license: row.license,
      attribution: row.attribution,
      searchable_text: row.searchableText,
      created_at: row.createdAt.toISOString(),
    });
    await recordAudit(actor, {
      action: "library.replaceFile",
      entity: "media",
      entityId: id,
      summary: row.title,
      before: { file: row.filePath?.split("/").pop() ?? null, fileType: row.fileType, size: row.fileSize },
      after: { file: safeFileName(options.fileName), fileType, size },
    });
  } finally {
    await removeScratchFolder(folder);
  }
  publicContentChanged();
  return { id, size };
}
