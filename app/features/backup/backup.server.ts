import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { drizzle } from "drizzle-orm/node-postgres";
import { mediaItems, profiles, user } from "~/db/schema";
import { byteCounter } from "~/lib/byte-counter";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { renditionKeys } from "~/lib/renditions";
import { FILE_REMOVAL_LOCK_ID, FILES_PATH_PREFIX, getStorage, isSafeKey, prepareStorage, type Bucket } from "~/lib/storage.server";
import { recordRun } from "./history.server";
import { openSink, prefixed, type BackupTarget, type Sink } from "./sink.server";
import { isMigrationsTable, listSequences, listTables, qualified, tableId } from "./database.server";
import { newEnvelope, sealChunks } from "./format.server";
import { dataFrames, frame } from "./frames.server";

/**
 * `npm run backup -- create` (ADR 0064): one file with the database and the stored files, taken
 * while the site runs. The database is read in one REPEATABLE READ, READ ONLY transaction (one
 * snapshot), each table COPYed out; the stored files are the ones that snapshot's rows name,
 * read while file removals wait (FILE_REMOVAL_LOCK_ID). A file is saved before its row commits
 * and removed after its row is deleted, so every file the snapshot names exists while it is read,
 * and a file uploaded during the backup is in it exactly when its row is.
 */

export interface BackupSummary {
  location: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  /** Files the snapshot names that the storage did not have (damage older than this backup). */
  missing: string[];
  encrypted: boolean;
  ms: number;
}

/** `--to DIR`, `--to s3://BUCKET/PREFIX`, or nothing: `$DATA_DIR/backups`. */
export function parseTarget(to: string | undefined): BackupTarget {
  if (!to) return { kind: "folder", folder: path.join(getEnv().DATA_DIR, "backups") };
  if (to.startsWith("s3://")) {
    const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(to);
    if (!match) throw new Error(`--to ${to}: an S3 target looks like s3://BUCKET/PREFIX`);
    return { kind: "s3", bucket: match[1], prefix: (match[2] ?? "").replace(/^\/+|\/+$/g, "") };
  }
  return { kind: "folder", folder: path.resolve(to) };
}

export function backupFileName(now = new Date()) {
  return `ipangel-${now.toISOString().replace(/[:.]/g, "-")}.backup`;
}

/** The files rows of the snapshot name: media files and thumbnails, and avatars served from our bucket. */
async function referencedFiles(client: pg.PoolClient): Promise<Array<{ bucket: Bucket; key: string }>> {
  const snapshot = drizzle(client);
  const avatarPrefix = `${FILES_PATH_PREFIX}/avatars/`;
  const media = await snapshot
    .select({ id: mediaItems.id, file: mediaItems.filePath, thumbnail: mediaItems.thumbnailPath, renditions: mediaItems.renditionWidths })
    .from(mediaItems);
  const avatarUrls = await snapshot
    .select({ url: profiles.avatarUrl })
    .from(profiles)
    .union(snapshot.select({ url: user.image }).from(user));
  const files = new Map<string, { bucket: Bucket; key: string }>();
  const add = (bucket: Bucket, key: string | null | undefined) => {
    if (key && isSafeKey(key)) files.set(`${bucket}/${key}`, { bucket, key });
  };
  for (const row of media) {
    add("media-files", row.file);
    add("media-files", row.thumbnail);
    for (const key of renditionKeys(row.id, row.renditions)) add("media-files", key);
  }
  for (const { url } of avatarUrls) if (url?.startsWith(avatarPrefix)) add("avatars", decodeURIComponent(url.slice(avatarPrefix.length)));
  return [...files.values()];
}

/** Takes a backup to `to` (see parseTarget); records it in backup_runs; throws on failure (nothing is left behind). */
export async function createBackup(options: { to?: string; passphrase?: string; now?: Date } = {}): Promise<BackupSummary> {
  const started = options.now ?? new Date();
  const target = parseTarget(options.to);
  const passphrase = options.passphrase ?? getEnv().BACKUP_PASSPHRASE;
  await prepareStorage();
  const storage = getStorage();
  const pool = db().$client;
  const lock = await pool.connect();
  let snapshot: pg.PoolClient | undefined;
  let sink: Sink | undefined;
  const summary = { tables: 0, rows: 0, files: 0, fileBytes: 0, missing: [] as string[] };
  try {
    // Removals under way finish first; new ones wait until the files are copied.
    await lock.query("select pg_advisory_lock($1)", [FILE_REMOVAL_LOCK_ID]);
    snapshot = await pool.connect();
    await snapshot.query("begin isolation level repeatable read, read only");
    const client = snapshot;
    // The migrations table first: a restore applies those migrations before any other table goes in.
    const tables = (await listTables(client)).sort((a, b) => Number(isMigrationsTable(b)) - Number(isMigrationsTable(a)));
    const files = await referencedFiles(client);
    const { prefix, key } = await newEnvelope(passphrase);
    const secret = getEnv().AUTH_SECRET ? undefined : await readSecret("auth-secret");

    async function* body(): AsyncGenerator<Buffer> {
      yield frame("M", {
        createdAt: started.toISOString(),
        database: getEnv().DATABASE_URL ? "external" : "embedded",
        storage: storage.kind,
        tables: tables.map(tableId),
      });
      const counts: Record<string, number> = {};
      for (const table of tables) {
        yield frame("T", table);
        const hash = createHash("sha256");
        const columns = table.columns.map((column) => client.escapeIdentifier(column)).join(", ");
        const copy = client.query(copyTo(`copy ${qualified(client, table)} (${columns}) to stdout`));
        for await (const chunk of copy as AsyncIterable<Buffer>) {
          hash.update(chunk);
          yield* dataFrames(chunk);
        }
        counts[tableId(table)] = copy.rowCount;
        summary.rows += copy.rowCount;
        summary.tables += 1;
        yield frame("E", { rows: copy.rowCount, sha256: hash.digest("hex") });
      }
      yield frame("S", await listSequences(client));
      // The signing secret generated into DATA_DIR: second-factor secrets are sealed with it.
      if (secret) yield frame("K", { name: "auth-secret", value: secret });
      for (const file of files) {
        const stream = await storage.read(file.bucket, file.key);
        if (!stream) {
          summary.missing.push(`${file.bucket}/${file.key}`);
          continue;
        }
        yield frame("F", file);
        const hash = createHash("sha256");
        let size = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
          yield* dataFrames(chunk);
        }
        summary.files += 1;
        summary.fileBytes += size;
        yield frame("G", { size, sha256: hash.digest("hex") });
      }
      yield frame("Z", { tables: counts, files: summary.files, fileBytes: summary.fileBytes });
    }

    sink = await openSink(target, backupFileName(started));
    const counter = byteCounter();
    const stages: Array<NodeJS.ReadableStream | NodeJS.WritableStream | NodeJS.ReadWriteStream> = [
      Readable.from(body(), { objectMode: false }),
      createGzip({ level: 1 }),
    ];
    if (key) stages.push(sealChunks(key));
    stages.push(prefixed(prefix), counter.stream, sink.stream);
    await pipeline(stages as unknown as Parameters<typeof pipeline>[0][]);
    await snapshot.query("commit");
    await lock.query("select pg_advisory_unlock($1)", [FILE_REMOVAL_LOCK_ID]);
    await sink.done();
    const result: BackupSummary = {
      location: sink.location,
      bytes: counter.bytes(),
      ...summary,
      encrypted: Boolean(key),
      ms: Date.now() - started.getTime(),
    };
    await recordRun({ kind: "backup", startedAt: started, ...result });
    return result;
  } catch (error) {
    await sink?.discard().catch(() => {});
    await recordRun({ kind: "backup", startedAt: started, location: sink?.location, error: (error as Error).message }).catch(() => {});
    throw error;
  } finally {
    if (snapshot) {
      await snapshot.query("rollback").catch(() => {});
      snapshot.release();
    }
    // Closing the connection releases the lock too, also when the unlock above was not reached.
    lock.release(true);
  }
}

async function readSecret(name: string) {
  try {
    return (await fs.promises.readFile(path.join(getEnv().DATA_DIR, "secrets", name), "utf8")).trim();
  } catch {
    return undefined;
  }
}
