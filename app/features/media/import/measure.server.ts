import fs from "node:fs";
import path from "node:path";
import type { FileType } from "~/db/schema";
import { renderPdfFirstPage } from "../pdf-page.server";
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
    // Its first page as a picture for the detail dialog (docs/media.md).
    measured.thumbnail = (await renderPdfFirstPage(file, THUMBNAIL_WIDTH_PX)) ?? null;
  } else if (fileType === "sheet") {
    measured.sheetType = detectSheetType(await readHead(file), file);
  }
  return measured;
}
