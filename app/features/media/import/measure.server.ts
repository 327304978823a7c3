import fs from "node:fs";
import path from "node:path";
import type { FileType } from "~/db/schema";
import { probeAudioOrVideo, probeImage, probePdf } from "~/lib/untrusted-file.server";
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
  };
  // The file's bytes are read in a child process with limits (ADR 0041); FileRefused when it goes over one.
  if (fileType === "image") {
    Object.assign(measured, await probeImage(file, THUMBNAIL_WIDTH_PX));
  } else if (fileType === "audio" || fileType === "video") {
    Object.assign(measured, await probeAudioOrVideo(file, fileType));
  } else if (fileType === "pdf") {
    // Its page count, and its first page as a picture for the detail dialog (docs/media.md).
    Object.assign(measured, await probePdf(file, THUMBNAIL_WIDTH_PX));
  } else if (fileType === "sheet") {
    measured.sheetType = detectSheetType(await readHead(file), file);
  }
  return measured;
}
