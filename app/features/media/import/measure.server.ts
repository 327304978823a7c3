import fs from "node:fs";
import path from "node:path";
import type { FileType } from "~/db/schema";
import { FileRefused, probeAudioOrVideo, probeImage, probePdf } from "~/lib/untrusted-file.server";
import { mimeTypeOf } from "./mime-types";

/** What an imported file tells about itself: size, dimensions, duration, pages, sheet format, a thumbnail. */

export const THUMBNAIL_WIDTH_PX = 480;

export interface Measured {
  fileSize: number | null;
  widthPx: number | null;
  heightPx: number | null;
  durationMs: number | null;
  pages: number | null;
  sheetType: string | null;
  mimeType: string | null;
  thumbnail: Buffer | null;
  /**
   * What the thumbnail was drawn from and its size, for the larger renditions (ADR 0091, ADR 0093): the
   * image itself, an audio file's embedded cover, or the thumbnail (a PDF's first page); null without one.
   */
  picture: Picture | null;
}

export interface Picture {
  source: string | Buffer;
  width: number;
  height: number;
}

/** A thumbnail without a larger source: only its own width is drawn again (in AVIF). */
const thumbnailOnly = (thumbnail: Buffer | null): Picture | null =>
  thumbnail ? { source: thumbnail, width: THUMBNAIL_WIDTH_PX, height: 1 } : null;

/**
 * A picture that stands for a video or audio file (ADR 0093: a frame the console drew, a manifest's
 * poster, an embedded cover), read like any untrusted image but raster formats only: its thumbnail and size.
 */
export async function measurePicture(source: string | Buffer) {
  const { widthPx, heightPx, thumbnail } = await probeImage(source, THUMBNAIL_WIDTH_PX, { raster: true });
  const picture: Picture | null = widthPx && heightPx ? { source, width: widthPx, height: heightPx } : thumbnailOnly(thumbnail);
  return { thumbnail, picture };
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

export async function measure(file: string, fileType: FileType): Promise<Measured> {
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
    picture: null,
  };
  // The file's bytes are read in a child process with limits (ADR 0041); FileRefused when it goes over one.
  if (fileType === "image") {
    Object.assign(measured, await probeImage(file, THUMBNAIL_WIDTH_PX));
    if (measured.widthPx && measured.heightPx) measured.picture = { source: file, width: measured.widthPx, height: measured.heightPx };
  } else if (fileType === "audio" || fileType === "video") {
    const { cover, ...probed } = await probeAudioOrVideo(file, fileType);
    Object.assign(measured, probed);
    // An audio file's cover: its card's picture. One that cannot be read as a picture is left out, not the file.
    if (cover)
      Object.assign(
        measured,
        await measurePicture(cover).catch((error: unknown) => {
          if (error instanceof FileRefused) return {};
          throw error;
        }),
      );
  } else if (fileType === "pdf") {
    // Its page count, and its first page as a picture for the card and the detail dialog (docs/media.md).
    Object.assign(measured, await probePdf(file, THUMBNAIL_WIDTH_PX));
    measured.picture = thumbnailOnly(measured.thumbnail);
  } else if (fileType === "sheet") {
    measured.sheetType = detectSheetType(await readHead(file), file);
  }
  return measured;
}
