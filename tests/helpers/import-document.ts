import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { importManifest } from "../../app/features/media/import.server";
import { db } from "../../app/lib/db.server";

/** Imports one small text document titled `title` through the media import; returns its stored file's key. */
export async function importDocument(title: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-document-"));
  fs.writeFileSync(path.join(dir, "notes.txt"), `the notes of ${title}`);
  fs.writeFileSync(
    path.join(dir, "manifest.json"),
    JSON.stringify({ items: [{ title, file_type: "document", file: "notes.txt", language: "en" }] }),
  );
  const result = await importManifest(path.join(dir, "manifest.json"));
  expect(result.rejected).toEqual([]);
  const { rows } = await db().execute<{ file_path: string }>(sql`select file_path from media_items where title = ${title}`);
  return rows[0]!.file_path;
}
