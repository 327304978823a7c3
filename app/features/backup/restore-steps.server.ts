import fs from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import { MIGRATIONS_FOLDER } from "~/lib/db.server";
import { findManagedServer } from "~/lib/embedded-postgres.server";
import { getEnv } from "~/lib/env.server";
import { makePrivateDir, PRIVATE_FILE_MODE } from "~/lib/private-files.server";
import { BUCKETS, getStorage, type Bucket } from "~/lib/storage.server";
import { BackupFileError } from "./format.server";

/** The steps of a restore around its data (ADR 0064): who else uses the database, the schema of the backup, the signing secret. */

export class ServerRunningError extends Error {
  override name = "ServerRunningError";
}

/** The embedded cluster of DATA_DIR run by another process (the server): refuse before touching anything. */
export function assertNoEmbeddedServer() {
  if (getEnv().DATABASE_URL) return;
  const running = findManagedServer(path.join(getEnv().DATA_DIR, "pg"));
  if (running) {
    throw new ServerRunningError(
      `a server is using ${getEnv().DATA_DIR} (its database runs as process ${running.pid}): stop it, then restore`,
    );
  }
}

/** Other sessions on the database (a server's pool, its job queue, another tool): refuse. */
export async function assertNoOtherSessions(client: pg.ClientBase) {
  const { rows } = await client.query<{ pid: number; who: string }>(
    `select pid, coalesce(nullif(application_name, ''), client_addr::text, 'local socket') as who
       from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  if (rows.length) {
    throw new ServerRunningError(
      `${rows.length} other connection(s) use this database (${rows.map((row) => `pid ${row.pid}, ${row.who}`).join("; ")}): stop the server, then restore`,
    );
  }
}

/** Applies, on the transaction's connection, the migrations up to the backup's (by their time stamps). */
export async function applyMigrationsUpTo(client: pg.ClientBase, level: number, known: number[]) {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const ours = new Set(migrations.map((migration) => migration.folderMillis));
  if (known.some((millis) => !ours.has(millis))) {
    throw new BackupFileError("the backup was made by a newer version of the site: update the code first (git pull), then restore");
  }
  for (const migration of migrations) {
    if (migration.folderMillis > level) break;
    for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
  }
  await client.query("create schema if not exists drizzle");
  await client.query(
    "create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
  );
}

/** The migration time stamps recorded in the COPY text of drizzle.__drizzle_migrations (id, hash, created_at). */
export function migrationStamps(copyText: string) {
  return copyText
    .split("\n")
    .filter(Boolean)
    .map((line) => Number(line.split("\t")[2]))
    .filter(Number.isSafeInteger);
}

/** The backup's signing secret replaces a generated one; a configured AUTH_SECRET stays, with a word if it differs. */
export async function restoreSecret(secret: string, log: (line: string) => void) {
  const env = getEnv();
  if (env.AUTH_SECRET) {
    if (env.AUTH_SECRET !== secret)
      log("Note: AUTH_SECRET differs from the backup's: members sign in again and set up their second factor anew.");
    return;
  }
  const dir = path.join(env.DATA_DIR, "secrets");
  makePrivateDir(dir);
  const temporary = path.join(dir, `.auth-secret-${process.pid}`);
  await fs.promises.writeFile(temporary, secret, { mode: PRIVATE_FILE_MODE });
  await fs.promises.rename(temporary, path.join(dir, "auth-secret"));
}

export interface StagedFile {
  bucket: Bucket;
  key: string;
  path: string;
  size: number;
}

/** Saves the checked files into the storage and removes the ones the backup does not have; returns how many went. */
export async function placeFiles(staged: StagedFile[]) {
  const storage = getStorage();
  const wanted = new Map<Bucket, Set<string>>(BUCKETS.map((bucket) => [bucket, new Set()]));
  for (const entry of staged) {
    await storage.save(entry.bucket, entry.key, fs.createReadStream(entry.path));
    wanted.get(entry.bucket)!.add(entry.key);
  }
  let removed = 0;
  for (const bucket of BUCKETS) {
    const extra: string[] = [];
    for await (const item of storage.list(bucket)) if (!wanted.get(bucket)!.has(item.key)) extra.push(item.key);
    for (const key of extra) await storage.remove(bucket, key);
    removed += extra.length;
  }
  return removed;
}
