import fs from "node:fs";
import path from "node:path";
import { db } from "~/lib/db.server";
import { invalidatePages } from "~/lib/page-invalidation.server";
import { FileRefused, type Refusal } from "~/lib/untrusted-file.server";
import { deleteFile, saveFile, saveFileFrom } from "~/lib/storage.server";
import { safeFileName, uuidFromTitle } from "./import/file-names";
import { describeError, itemSchema, manifestSchema, manifestTranslations, type ManifestItem } from "./import/manifest-schema";
import { measure, measurePicture, type Measured } from "./import/measure.server";
import { drawItemRenditions } from "./renditions.server";
import { renditionKeys } from "~/lib/renditions";
import {
  ensureCategories,
  findItemFiles,
  findItemIdByTitle,
  nameCategories,
  replaceTranslations,
  upsertItem,
} from "./import/save-item.server";

/**
 * Imports a media manifest (CONTRACT.md "Media manifest") into the database and the private
 * bucket `media-files`. Used by `npm run media:import`, the demo seeding at start-up and tests.
 *
 * Order per item (DESIGN habit 7): validate, copy the file and thumbnail under a key derived
 * from the item's id, measure, then write the row and its category links in ONE transaction.
 * A killed import therefore leaves at most unreferenced files; the rerun reuses the same id
 * (given, matched by title, or derived from the title) and so overwrites them and completes.
 */

// The parts, re-exported: callers (CLI, seeding, console, tests) import them from here.
export { safeFileName, uuidFromTitle } from "./import/file-names";
export { detectSheetType, THUMBNAIL_WIDTH_PX } from "./import/measure.server";
export { mimeTypeOf } from "./import/mime-types";
export { replaceTranslations } from "./import/save-item.server";

export interface RejectedItem {
  index: number;
  title?: string;
  reason: string;
  /** Set when the file was refused by a limit or could not be read (ADR 0041). */
  refusal?: Refusal;
  /** Set when it was the item's poster, not its file, that was refused (ADR 0093). */
  poster?: true;
}

export interface ImportResult {
  created: Array<{ index: number; id: string; title: string }>;
  updated: Array<{ index: number; id: string; title: string }>;
  rejected: RejectedItem[];
}

export class ManifestError extends Error {
  override name = "ManifestError";
}

const LIMIT_REASONS: Record<Refusal, string> = {
  unreadable: "could not read {file} as {type}",
  time: "reading {file} took longer than FILE_PROBE_TIMEOUT_S allows",
  memory: "reading {file} needed more memory than FILE_PROBE_MEMORY_MB allows",
  pixels: "{file} has more pixels than an image may have",
  pages: "{file} has more pages than a PDF may have",
};

/** A file the probe refused, with a reason for the import's summary. */
class ItemFileRefused extends Error {
  constructor(
    public readonly refusal: Refusal,
    file: string,
    type: string,
    detail: string,
    public readonly poster = false,
  ) {
    super(`${LIMIT_REASONS[refusal].replace("{file}", file).replace("{type}", type)}: ${detail}`);
  }
}

export interface ImportOptions {
  /** New items start as drafts (a console upload); otherwise they are published, as the contract's import promises. */
  draft?: boolean;
  /**
   * The posters were drawn by the console from the file (a frame, a waveform): a cover embedded in an
   * audio file comes first. A manifest's poster is the operator's choice and comes before the cover.
   */
  drawnPosters?: boolean;
  /** Test hook: called after an item's files are stored, before its transaction commits. */
  beforeCommit?: (index: number) => void | Promise<void>;
  log?: (line: string) => void;
}

/** A file the manifest names, relative to it; throws the operator's message when it is not there. */
async function existingFile(baseDir: string, name: string) {
  const file = path.resolve(baseDir, name);
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat?.isFile()) throw new Error(`file not found: ${name}`);
  return file;
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
  if (item.poster && item.file_type !== "video" && item.file_type !== "audio")
    throw new Error(`poster is for video and audio items; a ${item.file_type} item's picture is made from its file`);
  const sourceFile = item.file ? await existingFile(baseDir, item.file) : undefined;
  const posterFile = item.poster ? await existingFile(baseDir, item.poster) : undefined;

  const id = item.id ?? (await findItemIdByTitle(item.title)) ?? uuidFromTitle(item.title);
  if (seenIds.has(id)) throw new Error("duplicate of an earlier item in this manifest (same id or title)");
  seenIds.add(id);
  const previous = await findItemFiles(id);

  let filePath: string | null = null;
  let thumbnailPath: string | null = null;
  let renditionWidths: number[] | null = null;
  let measured: Measured | undefined;
  if (sourceFile) {
    try {
      measured = await measure(sourceFile, item.file_type);
    } catch (error) {
      const refusal = error instanceof FileRefused ? error.refusal : "unreadable";
      throw new ItemFileRefused(refusal, item.file!, item.file_type, describeError(error));
    }
    // The poster stands for the file on its card (ADR 0093), before an embedded cover.
    if (posterFile && !(options.drawnPosters && measured.thumbnail)) {
      try {
        Object.assign(measured, await measurePicture(posterFile));
      } catch (error) {
        const refusal = error instanceof FileRefused ? error.refusal : "unreadable";
        throw new ItemFileRefused(refusal, item.poster!, "picture", describeError(error), true);
      }
    }
    filePath = `items/${id}/${safeFileName(path.basename(sourceFile))}`;
    await saveFileFrom("media-files", filePath, sourceFile);
    if (measured.thumbnail) {
      thumbnailPath = `items/${id}/thumbnail.webp`;
      await saveFile("media-files", thumbnailPath, measured.thumbnail);
      // The larger sizes pages and cards show (ADR 0091), read in the same child with the same limits.
      if (measured.picture)
        renditionWidths = await drawItemRenditions(id, measured.picture.source, measured.picture.width, measured.picture.height);
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
    renditionWidths,
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
    await upsertItem(tx, values, categoryNames, item.created_at ? new Date(item.created_at) : null, options.draft);
    // A manifest that gives translations replaces the item's; one that gives none keeps the console's.
    if (item.translations) {
      if (item.translations[item.language as "en" | "de" | "es"])
        throw new Error(`translations.${item.language}: the item's own language; its texts are title and description`);
      await replaceTranslations(tx, id, item.language, manifestTranslations(item));
    }
    await options.beforeCommit?.(index);
  });

  // Only after the commit: remove files the item no longer references.
  const kept = new Set([filePath, thumbnailPath, ...renditionKeys(id, renditionWidths)]);
  for (const old of [previous?.filePath, previous?.thumbnailPath, ...renditionKeys(id, previous?.renditionWidths)]) {
    if (old && !kept.has(old)) await deleteFile("media-files", old).catch(() => {});
  }
  return { id, title: item.title, created: !previous };
}

/** Imports every valid item of a manifest; bad items are rejected with their index and reason. */
export async function importManifest(manifestFile: string, options: ImportOptions = {}): Promise<ImportResult> {
  try {
    return await importManifestItems(manifestFile, options);
  } finally {
    // Cached library pages show the old list: every server process drops them (ADR 0025, ADR 0026),
    // also after a partial or interrupted import.
    await invalidatePages("media");
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

  await ensureCategories([...new Set([...manifest.data.categories, ...Object.keys(manifest.data.category_names)])]);
  await nameCategories(manifest.data.category_names);

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
      const refused = error instanceof ItemFileRefused ? error : undefined;
      result.rejected.push({
        index,
        title,
        reason: describeError(error),
        ...(refused ? { refusal: refused.refusal } : {}),
        ...(refused?.poster ? { poster: true as const } : {}),
      });
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
  const lines = [`Created: ${result.created.length}, updated: ${result.updated.length}, rejected: ${result.rejected.length}`];
  for (const rejected of result.rejected) {
    lines.push(`  rejected item ${rejected.index}${rejected.title ? ` ("${rejected.title}")` : ""}: ${rejected.reason}`);
  }
  return lines.join("\n");
}
