import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { from as copyFrom } from "pg-copy-streams";
import { db, MIGRATION_LOCK_ID, runMigrations } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { PRIVATE_FILE_MODE } from "~/lib/private-files.server";
import { makeScratchFolder, removeScratchFolder } from "~/lib/scratch.server";
import { isBucket, isSafeKey, prepareStorage } from "~/lib/storage.server";
import { recordRun } from "./history.server";
import {
  applyMigrationsUpTo,
  assertNoOtherSessions,
  migrationStamps,
  placeFiles,
  restoreSecret,
  type StagedFile,
} from "./restore-steps.server";
import {
  dropApplicationObjects,
  isMigrationsTable,
  listTables,
  qualified,
  tableId,
  type SequenceValue,
  type TableInfo,
} from "./database.server";
import { BackupFileError, openChunks, openEnvelope } from "./format.server";
import { parseJson, readFrames, type Frame } from "./frames.server";

/**
 * `npm run backup -- restore FILE` (ADR 0064). Refuses while a server uses the database. In ONE
 * transaction: the application's tables are dropped, the migrations the backup was made at are
 * applied (the same SQL files that built the original), every table is COPYed in and checked
 * (row count and checksum); stored files go to a scratch folder and are checked. Only when the
 * whole file has been read and every check passed does the transaction commit and the files move
 * into storage; a wrong passphrase, a damaged or cut-off file changes nothing. Then the
 * migrations newer than the backup run, as at a start.
 */

export interface RestoreSummary {
  file: string;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  removedFiles: number;
  failedMails: number;
  ms: number;
}

/** Reads the frames of FILE (decrypting, decompressing); damage surfaces as BackupFileError. */
async function* backupFrames(file: string, passphrase: string | undefined): AsyncGenerator<Frame> {
  const { bodyStart, key } = await openEnvelope(file, passphrase);
  const raw = fs.createReadStream(file, { start: bodyStart });
  const stages: NodeJS.ReadableStream = key ? raw.pipe(openChunks(key)) : raw;
  const gunzip = createGunzip();
  // Errors of the earlier stages reach the reader through gunzip.
  raw.on("error", (error) => gunzip.destroy(error));
  if (stages !== raw) (stages as Readable).on("error", (error) => gunzip.destroy(error));
  stages.pipe(gunzip);
  try {
    yield* readFrames(gunzip as AsyncIterable<Buffer>);
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_BUF_ERROR") throw new BackupFileError("the file is cut off: it ends before the backup does");
    if (code?.startsWith("Z_")) throw new BackupFileError("the file is damaged: its compressed data cannot be read");
    throw error;
  } finally {
    raw.destroy();
  }
}

async function write(stream: Writable, chunk: Buffer) {
  if (!stream.write(chunk)) {
    await new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        stream.off("error", onError);
        resolve();
      };
      const onError = (error: Error) => {
        stream.off("drain", onDrain);
        reject(error);
      };
      stream.once("drain", onDrain);
      stream.once("error", onError);
    });
  }
}

export async function restoreBackup(
  file: string,
  options: { passphrase?: string; log?: (line: string) => void } = {},
): Promise<RestoreSummary> {
  const started = new Date();
  const log = options.log ?? (() => {});
  const passphrase = options.passphrase ?? getEnv().BACKUP_PASSPHRASE;
  // The envelope and passphrase first: a wrong one is refused before anything is touched.
  await openEnvelope(file, passphrase);
  await prepareStorage();
  const staging = await makeScratchFolder("restore");
  const client = await db().$client.connect();
  const staged: StagedFile[] = [];
  let secret: string | undefined;
  const summary = { tables: 0, rows: 0, files: 0, fileBytes: 0 };
  let failedOnce = false;
  let released = false;
  try {
    await client.query("begin");
    // A server starting meanwhile waits at its migrations until this transaction ends.
    await client.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
    await assertNoOtherSessions(client);
    await dropApplicationObjects(client);

    let migrationsApplied = false;
    let table: { info: TableInfo; copy: Writable & { rowCount: number }; hash: ReturnType<typeof createHash>; text?: string[] } | undefined;
    let stagedFile: { file: StagedFile; out: fs.WriteStream; hash: ReturnType<typeof createHash> } | undefined;
    let trailer: { tables: Record<string, number>; files: number; fileBytes: number } | undefined;
    const restoredRows: Record<string, number> = {};
    const withoutTriggers: string[] = [];
    let sawManifest = false;

    for await (const { type, payload } of backupFrames(file, passphrase)) {
      if (trailer) throw new BackupFileError("the file has records after its end: it is damaged");
      if (!sawManifest && type !== "M") throw new BackupFileError("the file is damaged (no manifest at its start)");
      switch (type) {
        case "M":
          sawManifest = true;
          break;
        case "T": {
          const info = parseJson<TableInfo>(payload);
          const isMigrations = isMigrationsTable(info);
          if (!migrationsApplied && !isMigrations) throw new BackupFileError("the file is damaged (the migrations table is not first)");
          const columns = info.columns.map((column) => client.escapeIdentifier(column)).join(", ");
          // The rows go in as they were: the application's triggers (the media search's, ADR 0069) would write
          // into other restored tables (and recompute what the backup holds), so they wait until all are in.
          if (!isMigrations) {
            await client.query(`alter table ${qualified(client, info)} disable trigger user`);
            withoutTriggers.push(qualified(client, info));
          }
          const copy = isMigrations ? undefined : client.query(copyFrom(`copy ${qualified(client, info)} (${columns}) from stdin`));
          table = { info, copy: copy as Writable & { rowCount: number }, hash: createHash("sha256"), text: isMigrations ? [] : undefined };
          break;
        }
        case "D":
          if (table) {
            table.hash.update(payload);
            if (table.text) table.text.push(payload.toString("utf8"));
            else await write(table.copy, payload);
          } else if (stagedFile) {
            stagedFile.hash.update(payload);
            stagedFile.file.size += payload.length;
            await write(stagedFile.out, payload);
          } else throw new BackupFileError("the file is damaged (data outside a table or file)");
          break;
        case "E": {
          if (!table) throw new BackupFileError("the file is damaged (a table ends that did not start)");
          const expected = parseJson<{ rows: number; sha256: string }>(payload);
          if (table.hash.digest("hex") !== expected.sha256)
            throw new BackupFileError(`the file is damaged: table ${tableId(table.info)} fails its checksum`);
          let rows: number;
          if (table.text) {
            // The migrations table decides the schema: apply those migrations, then put its rows in.
            const text = table.text.join("");
            const stamps = migrationStamps(text);
            await applyMigrationsUpTo(client, Math.max(0, ...stamps), stamps);
            const copy = client.query(copyFrom("copy drizzle.__drizzle_migrations (id, hash, created_at) from stdin"));
            copy.end(Buffer.from(text));
            await finished(copy);
            rows = copy.rowCount;
            migrationsApplied = true;
          } else {
            table.copy.end();
            await finished(table.copy);
            rows = table.copy.rowCount;
          }
          if (rows !== expected.rows)
            throw new BackupFileError(`table ${tableId(table.info)}: ${rows} rows restored, the backup says ${expected.rows}`);
          restoredRows[tableId(table.info)] = rows;
          summary.tables += 1;
          summary.rows += rows;
          table = undefined;
          break;
        }
        case "S":
          for (const sequence of parseJson<SequenceValue[]>(payload)) {
            await client.query("select setval($1::regclass, $2::bigint, true)", [qualified(client, sequence), sequence.value]);
          }
          break;
        case "K": {
          const entry = parseJson<{ name: string; value: string }>(payload);
          if (entry.name === "auth-secret" && typeof entry.value === "string" && entry.value.length >= 16) secret = entry.value;
          break;
        }
        case "F": {
          const { bucket, key } = parseJson<{ bucket: string; key: string }>(payload);
          if (!isBucket(bucket) || !isSafeKey(key))
            throw new BackupFileError("the file is damaged (a stored file with an impossible name)");
          const target = path.join(staging, String(staged.length));
          const entry: StagedFile = { bucket, key, path: target, size: 0 };
          stagedFile = { file: entry, out: fs.createWriteStream(target, { mode: PRIVATE_FILE_MODE }), hash: createHash("sha256") };
          break;
        }
        case "G": {
          if (!stagedFile) throw new BackupFileError("the file is damaged (a stored file ends that did not start)");
          const expected = parseJson<{ size: number; sha256: string }>(payload);
          stagedFile.out.end();
          await finished(stagedFile.out);
          if (stagedFile.hash.digest("hex") !== expected.sha256 || stagedFile.file.size !== expected.size) {
            throw new BackupFileError(
              `the file is damaged: stored file ${stagedFile.file.bucket}/${stagedFile.file.key} fails its checksum`,
            );
          }
          staged.push(stagedFile.file);
          summary.files += 1;
          summary.fileBytes += stagedFile.file.size;
          stagedFile = undefined;
          break;
        }
        case "Z":
          trailer = parseJson(payload);
          break;
      }
    }
    if (!trailer || table || stagedFile) throw new BackupFileError("the file is cut off: it ends before the backup does");
    const expectedTables = Object.keys(trailer.tables);
    if (
      expectedTables.length !== summary.tables ||
      expectedTables.some((id) => restoredRows[id] !== trailer.tables[id]) ||
      trailer.files !== summary.files
    ) {
      throw new BackupFileError("the file is damaged: its contents do not match its own list");
    }
    for (const name of withoutTriggers) await client.query(`alter table ${name} enable trigger user`);
    // Counted again in the database, as a reader of it will see them.
    for (const info of await listTables(client)) {
      const id = tableId(info);
      if (!(id in restoredRows)) continue;
      const { rows } = await client.query<{ count: number }>(`select count(*)::int as count from ${qualified(client, info)}`);
      if (rows[0].count !== restoredRows[id])
        throw new Error(`table ${id}: ${rows[0].count} rows after the restore, the backup has ${restoredRows[id]}`);
    }
    // The queued mails' jobs were not in the backup (the queue is not): say so rather than leave them "pending".
    const failed = await client.query(
      `update mail_log set status = 'failed', content = null, last_error = 'not sent: the site was restored from a backup', updated_at = now() where status = 'pending'`,
    );
    await client.query("commit");
    // The pool's one connection goes back for the migrations and the record below.
    client.release();
    released = true;
    log(`Database: ${summary.tables} tables, ${summary.rows} rows restored and checked.`);

    const removedFiles = await placeFiles(staged).catch((error: unknown) => {
      throw new Error(
        `the database is restored, but the stored files could not all be put back (${(error as Error).message}): run the restore again`,
      );
    });
    log(
      `Files: ${summary.files} (${summary.fileBytes} bytes) restored and checked${removedFiles ? `; ${removedFiles} files the backup does not have removed` : ""}.`,
    );
    if (secret) await restoreSecret(secret, log);
    await runMigrations(db());
    const result: RestoreSummary = {
      file,
      ...summary,
      removedFiles,
      failedMails: failed.rowCount ?? 0,
      ms: Date.now() - started.getTime(),
    };
    await recordRun({
      kind: "restore",
      startedAt: started,
      location: file,
      tables: summary.tables,
      rows: summary.rows,
      files: summary.files,
      fileBytes: summary.fileBytes,
    });
    return result;
  } catch (error) {
    failedOnce = true;
    throw error;
  } finally {
    // After a failure the connection may be in the middle of a COPY: closing it rolls everything back.
    if (!released) client.release(failedOnce);
    await removeScratchFolder(staging);
  }
}
