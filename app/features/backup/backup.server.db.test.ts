import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { deleteFile, FILE_REMOVAL_LOCK_ID, fileExists, saveFile } from "~/lib/storage.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { importDocument } from "../../../tests/helpers/import-document";
import { createBackup } from "./backup.server";
import { openChunks, openEnvelope } from "./format.server";
import { parseJson, readFrames } from "./frames.server";
import { lastBackup } from "./history.server";
import { restoreBackup } from "./restore.server";
import { ServerRunningError } from "./restore-steps.server";

/**
 * The backup's rules that a timing-free test can show (ADR 0064): a file removal waits while a
 * backup copies files; a backup holds exactly the files its snapshot's rows name; an encrypted
 * file opens only with its passphrase; a restore refuses while other sessions use the database.
 * The whole way through a running server is backup.server.system.test.ts.
 */
const PASSPHRASE = "a passphrase for the tests";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "backup-db-test-"));
}

/** Reads a backup file back: its tables' row counts and its stored files (bucket/key). */
async function readBack(file: string, passphrase?: string) {
  const { bodyStart, key } = await openEnvelope(file, passphrase);
  let stream: NodeJS.ReadableStream = fs.createReadStream(file, { start: bodyStart });
  if (key) stream = stream.pipe(openChunks(key));
  const tables: Record<string, number> = {};
  const files: string[] = [];
  let current = "";
  for await (const { type, payload } of readFrames(stream.pipe(createGunzip()) as AsyncIterable<Buffer>)) {
    if (type === "T")
      current = `${parseJson<{ schema: string; name: string }>(payload).schema}.${parseJson<{ name: string }>(payload).name}`;
    if (type === "E") tables[current] = parseJson<{ rows: number }>(payload).rows;
    if (type === "F") files.push(`${parseJson<{ bucket: string }>(payload).bucket}/${parseJson<{ key: string }>(payload).key}`);
  }
  return { tables, files };
}

describe("backups", () => {
  beforeEach(resetDatabase);

  it("a file removal waits while a backup holds the removal lock, and goes ahead once it is released", async () => {
    await saveFile("media-files", "items/removal/a.txt", Buffer.from("still needed by the backup"));
    const holder = await db().$client.connect();
    try {
      await holder.query("select pg_advisory_lock($1)", [FILE_REMOVAL_LOCK_ID]);
      const removal = deleteFile("media-files", "items/removal/a.txt");
      const waiting = async () =>
        (
          await db().execute<{ n: number }>(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${FILE_REMOVAL_LOCK_ID} and mode = 'ShareLock' and not granted`,
          )
        ).rows[0].n;
      await expect.poll(waiting, { timeout: 20_000, interval: 20 }).toBe(1);
      expect(await fileExists("media-files", "items/removal/a.txt")).toBe(true);
      await holder.query("select pg_advisory_unlock($1)", [FILE_REMOVAL_LOCK_ID]);
      await removal;
      expect(await fileExists("media-files", "items/removal/a.txt")).toBe(false);
    } finally {
      holder.release(true);
    }
  });

  it("holds every table's rows and exactly the files its rows name (not a file saved without a row), encrypted with the passphrase", async () => {
    const named = await importDocument("Kept notes");
    // A file an upload stored whose row has not committed: not in the backup, as its row is not.
    await saveFile("media-files", "items/uncommitted/notes.txt", Buffer.from("no row names me"));
    const to = tempDir();
    const summary = await createBackup({ to, passphrase: PASSPHRASE });
    expect(path.dirname(summary.location)).toBe(to);
    expect(summary.encrypted).toBe(true);
    expect(fs.statSync(summary.location).mode & 0o077).toBe(0);

    const { tables, files } = await readBack(summary.location, PASSPHRASE);
    expect(files).toEqual([`media-files/${named}`]);
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from media_items`);
    expect(tables["public.media_items"]).toBe(rows[0].n);
    expect(Object.keys(tables)[0]).toBe("drizzle.__drizzle_migrations");
    expect(Object.keys(tables)).not.toContain("pgboss.job");

    await expect(openEnvelope(summary.location, "another passphrase")).rejects.toThrow(/wrong passphrase/);
    await expect(openEnvelope(summary.location, undefined)).rejects.toThrow(/set BACKUP_PASSPHRASE/);
    const recorded = await lastBackup();
    expect(recorded.lastSuccess).toMatchObject({ location: summary.location, files: 1, encrypted: true, error: null });
  });

  it("a restore refuses while other sessions use the database, and changes nothing", async () => {
    await importDocument("Before the restore");
    const summary = await createBackup({ to: tempDir() });
    await importDocument("After the backup");
    const other = await db().$client.connect();
    try {
      await expect(restoreBackup(summary.location)).rejects.toThrow(ServerRunningError);
    } finally {
      other.release();
    }
    const { rows } = await db().execute<{ title: string }>(sql`select title from media_items order by title`);
    expect(rows.map((row) => row.title)).toEqual(["After the backup", "Before the restore"]);
  });
});
