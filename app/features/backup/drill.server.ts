import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { recordAudit } from "~/features/admin/audit.server";
import { backupRuns } from "~/db/schema";
import { databaseUrl, db } from "~/lib/db.server";
import { childProcessEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { makeScratchFolder, removeScratchFolder } from "~/lib/scratch.server";
import type { BackupRun } from "./history.server";
import type { RestoreSummary } from "./restore.server";

/**
 * A restore drill (ADR 0071): the backup is restored, by the same `npm run backup -- restore` an
 * operator runs, into a scratch database made beside the site's and a scratch DATA_DIR with local
 * storage, in a child process with a memory and a time limit. The restore itself checks every
 * table's row count and checksum and every file's checksum against the backup's own records, so a
 * drill that ends without an error has read and checked all of it. Scratch database and folder are
 * removed afterwards, whatever happened.
 */

/** A drill that takes longer is stopped and recorded as failed. */
export const DRILL_TIMEOUT_MS = 30 * 60_000;
const DRILL_MEMORY_MB = 512;

export interface DrillResult {
  ok: boolean;
  error?: string;
  summary?: RestoreSummary;
}

/** The site's connection string with another database name. */
export function scratchDatabaseUrl(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function runRestoreChild(file: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${DRILL_MEMORY_MB}`, "--import", "tsx", "scripts/backup.ts", "restore", file, "--report-json"],
      { env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), DRILL_TIMEOUT_MS);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({
        code: signal ? null : code,
        stdout,
        stderr: signal ? `${stderr}\nstopped after ${DRILL_TIMEOUT_MS / 60_000} minutes` : stderr,
      });
    });
  });
}

/** The restore's own words for why it failed (its last line), without the hint for the command line. */
function reasonOf(stderr: string) {
  const lines = stderr.trim().split("\n").filter(Boolean);
  return (lines.at(-1) ?? "the restore ended without a result").slice(0, 500);
}

/** Who asked for a drill: a console user, or the schedule. */
export type DrillActor = { id: string; email: string } | { id: null; email: string };
export const SCHEDULE_ACTOR: DrillActor = { id: null, email: "system" };

/**
 * Restores `backup` into scratch space, records the drill (kind "drill", naming the backup) and, in the
 * audit log, who asked for it and how it ended; returns it.
 */
export async function drillBackup(backup: BackupRun, actor: DrillActor = SCHEDULE_ACTOR): Promise<DrillResult> {
  const started = new Date();
  let result: DrillResult;
  if (!backup.location || backup.error || backup.removedAt) {
    result = { ok: false, error: "the backup's file is not there" };
  } else if (!path.isAbsolute(backup.location) || !fs.existsSync(backup.location)) {
    // A backup sent to S3 is not read back here (yet): the drill needs the file on this machine.
    result = { ok: false, error: `the file ${backup.location} is not on this machine` };
  } else {
    result = await drillFile(backup.location);
  }
  await db()
    .insert(backupRuns)
    .values({
      kind: "drill",
      backupId: backup.id,
      location: backup.location,
      tables: result.summary?.tables ?? null,
      rows: result.summary?.rows ?? null,
      files: result.summary?.files ?? null,
      fileBytes: result.summary?.fileBytes ?? null,
      error: result.ok ? null : (result.error ?? "failed").slice(0, 2000),
      startedAt: started,
    });
  await recordAudit(actor, {
    action: result.ok ? "backup.drill.passed" : "backup.drill.failed",
    entity: "backup",
    entityId: String(backup.id),
    summary: result.ok
      ? `${path.basename(backup.location ?? "")}: ${result.summary?.tables} tables, ${result.summary?.rows} rows, ${result.summary?.files} files restored and checked`
      : `${path.basename(backup.location ?? "")}: ${result.error}`,
  });
  return result;
}

async function drillFile(file: string): Promise<DrillResult> {
  const name = `ipangel_drill_${randomBytes(6).toString("hex")}`;
  const folder = await makeScratchFolder("drill");
  const pool = db().$client;
  let created = false;
  try {
    await pool.query(`create database ${name}`);
    created = true;
    const env = childProcessEnv({
      DATA_DIR: folder,
      DATABASE_URL: scratchDatabaseUrl(databaseUrl(), name),
      // Local storage in the scratch folder: never the site's bucket.
      STORAGE_URL: undefined,
      LOG_LEVEL: "warn",
      LOG_FORMAT: "text",
    });
    const { code, stdout, stderr } = await runRestoreChild(file, env);
    const report = stdout.trim().split("\n").at(-1);
    if (code !== 0 || !report) return { ok: false, error: reasonOf(stderr) };
    return { ok: true, summary: JSON.parse(report) as RestoreSummary };
  } catch (error) {
    const message = (error as Error).message;
    // An external database whose user may not create databases: say what it needs.
    if (!created) return { ok: false, error: `could not create a scratch database (the database user needs CREATEDB): ${message}` };
    return { ok: false, error: message };
  } finally {
    if (created) {
      await pool.query(`drop database if exists ${name} with (force)`).catch((error: Error) => {
        logger.warn(`Restore drill: could not drop the scratch database ${name}: ${error.message}`);
      });
    }
    await removeScratchFolder(folder);
  }
}
