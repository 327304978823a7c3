import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import { registerPeriodicTask, requestTaskRun } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { RENDITION_FORMATS, RENDITION_WIDTHS, renditionKey, renditionWidthsFor, type RenditionWidth } from "~/lib/renditions";
import { openFileStream, saveFile } from "~/lib/storage.server";
import { drawRenditions, FileRefused } from "~/lib/untrusted-file.server";

/**
 * The page renditions of library images (ADR 0091): drawn at import beside the thumbnail, in the child
 * process that reads untrusted files (ADR 0041), and for items imported before them by a periodic task
 * that the start-up also asks for once.
 */

export const RENDITIONS_TASK = "media.renditions";
/** A run stops taking items after this long (the next run goes on); well inside a periodic task's 15 minutes. */
const RUN_BUDGET_MS = 10 * 60 * 1000;

/**
 * Draws and stores the renditions of image `id` from `source` (a file, or the stored original's stream);
 * the widths drawn in both formats, for `rendition_widths`. An image the child refuses (time, memory)
 * keeps its thumbnail only: [] (tried), so the page shows the 480 px WebP and nobody tries again.
 */
export async function drawItemRenditions(id: string, source: string | Buffer | NodeJS.ReadableStream, width: number, height: number) {
  const widths = renditionWidthsFor(width, height);
  // The 480 px WebP is the thumbnail, drawn by the probe.
  const wanted = widths
    .flatMap((w) => RENDITION_FORMATS.map((format) => ({ width: w, format })))
    .filter((r) => !(r.width === 480 && r.format === "webp"));
  let drawn;
  try {
    drawn = await drawRenditions(source, wanted);
  } catch (error) {
    if (!(error instanceof FileRefused)) throw error;
    logger.warn(`Media item ${id}: no page renditions (${error.refusal}): ${error.message}`);
    return [];
  }
  for (const rendition of drawn) await saveFile("media-files", renditionKey(id, rendition.width, rendition.format), rendition.data);
  return widths as RenditionWidth[];
}

const missing = and(isNotNull(mediaItems.thumbnailPath), isNotNull(mediaItems.filePath), isNull(mediaItems.renditionWidths));

/**
 * Draws the renditions of items that have a thumbnail and none yet, oldest first, until none is left or
 * the run's time is up. An image's come from its original; any other item's (a PDF's first page, a
 * video's poster, ADR 0093) from its thumbnail, whose source is not kept: the 480 px AVIF only.
 */
export async function drawMissingRenditions(budgetMs = RUN_BUDGET_MS) {
  const started = Date.now();
  let done = 0;
  while (Date.now() - started < budgetMs) {
    const [item] = await db()
      .select({
        id: mediaItems.id,
        fileType: mediaItems.fileType,
        filePath: mediaItems.filePath,
        thumbnailPath: mediaItems.thumbnailPath,
        widthPx: mediaItems.widthPx,
        heightPx: mediaItems.heightPx,
      })
      .from(mediaItems)
      .where(missing)
      .orderBy(asc(mediaItems.createdAt), asc(mediaItems.id))
      .limit(1);
    if (!item?.filePath || !item.thumbnailPath) break;
    const image = item.fileType === "image";
    const stream = await openFileStream("media-files", image ? item.filePath : item.thumbnailPath);
    const [width, height] = image ? [item.widthPx ?? 100_000, item.heightPx ?? 1] : [RENDITION_WIDTHS[0], 1];
    // Its original gone: [] (tried), the thumbnail stays what pages show.
    const widths = stream ? await drawItemRenditions(item.id, stream, width, height) : [];
    // Only while it still holds the file it was drawn from (a re-import draws its own); its version stays.
    await db()
      .update(mediaItems)
      .set({ renditionWidths: widths, updatedAt: sql`${mediaItems.updatedAt}` })
      .where(and(eq(mediaItems.id, item.id), eq(mediaItems.filePath, item.filePath), isNull(mediaItems.renditionWidths)));
    done += 1;
  }
  return `drew the page renditions of ${done} item(s)`;
}

/** At start-up: one run soon when an item still lacks its renditions (an installation upgraded to them). */
export async function requestMissingRenditions() {
  const [row] = await db().select({ id: mediaItems.id }).from(mediaItems).where(missing).limit(1);
  if (row) await requestTaskRun(RENDITIONS_TASK);
}

registerPeriodicTask({ name: RENDITIONS_TASK, cron: "*/30 * * * *", run: () => drawMissingRenditions() });
