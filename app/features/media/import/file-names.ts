import { createHash } from "node:crypto";
import path from "node:path";

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
