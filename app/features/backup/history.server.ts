import { and, desc, eq, isNull } from "drizzle-orm";
import { backupRuns } from "~/db/schema";
import { db } from "~/lib/db.server";

export type BackupRun = typeof backupRuns.$inferSelect;

/**
 * The last backup and restore for the console's system page: the newest successful backup, the
 * newest attempt (a failure newer than the last success shows there), the newest restore, and the
 * newest restore drill (passed or not, ADR 0071).
 */
export async function lastBackup(): Promise<{
  lastSuccess?: BackupRun;
  lastAttempt?: BackupRun;
  lastRestore?: BackupRun;
  lastDrill?: BackupRun;
}> {
  const newest = (kind: "backup" | "restore" | "drill", onlySuccess: boolean) =>
    db()
      .select()
      .from(backupRuns)
      .where(onlySuccess ? and(eq(backupRuns.kind, kind), isNull(backupRuns.error)) : eq(backupRuns.kind, kind))
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1)
      .then((rows) => rows[0]);
  const [lastSuccess, lastAttempt, lastRestore, lastDrill] = await Promise.all([
    newest("backup", true),
    newest("backup", false),
    newest("restore", true),
    newest("drill", false),
  ]);
  return { lastSuccess, lastAttempt, lastRestore, lastDrill };
}

export interface RunRecord {
  kind: "backup" | "restore";
  startedAt: Date;
  location?: string;
  bytes?: number;
  tables?: number;
  rows?: number;
  files?: number;
  fileBytes?: number;
  encrypted?: boolean;
  error?: string;
}

/** Records a backup or restore (also a failed one, with its error). */
export async function recordRun(run: RunRecord) {
  await db()
    .insert(backupRuns)
    .values({
      kind: run.kind,
      location: run.location ?? null,
      sizeBytes: run.bytes ?? null,
      tables: run.tables ?? null,
      rows: run.rows ?? null,
      files: run.files ?? null,
      fileBytes: run.fileBytes ?? null,
      encrypted: run.encrypted ?? null,
      error: run.error?.slice(0, 2000) ?? null,
      startedAt: run.startedAt,
    });
}
