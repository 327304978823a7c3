import { lastBackup } from "~/features/backup/history.server";
import { lastErrors } from "~/lib/error-log.server";
import { logger } from "~/lib/logger.server";
import { BUCKETS, getStorage } from "~/lib/storage.server";
import { BUILD_INFO, databaseSizeBytes, jobQueueStatus, mailOutboxCounts, serverProcesses } from "~/lib/system-status.server";

/**
 * The console's System page (admins, ADR 0065): the same numbers `/metrics` exports, for a person. The
 * processes are those holding database connections now; the errors are the last ones any process logged.
 */

/** Bytes of every stored file (both buckets); null when the store cannot be listed (an object store that is down). */
async function storageSizeBytes(): Promise<number | null> {
  try {
    let total = 0;
    for (const bucket of BUCKETS) for await (const file of getStorage().list(bucket)) total += file.size;
    return total;
  } catch (error) {
    logger.warn(`System page: the stored files could not be counted: ${(error as Error).message}`);
    return null;
  }
}

export async function loadSystemConsole() {
  const [processes, databaseBytes, storageBytes, jobs, mail, errors, backups] = await Promise.all([
    serverProcesses(),
    databaseSizeBytes(),
    storageSizeBytes(),
    jobQueueStatus(),
    mailOutboxCounts(),
    lastErrors(),
    lastBackup(),
  ]);
  const run = (entry: { finishedAt: Date; error: string | null } | undefined) =>
    entry ? { finishedAt: entry.finishedAt.toISOString(), error: entry.error } : null;
  return {
    version: BUILD_INFO.version,
    commit: BUILD_INFO.commit,
    /** This process: the one that answered (behind a load balancer, any of them). */
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    processes: processes.map((entry) => ({ ...entry, startedAt: entry.startedAt?.toISOString() ?? null })),
    databaseBytes,
    storageBytes,
    storageKind: getStorage().kind,
    jobs,
    mail,
    backup: { lastSuccess: run(backups.lastSuccess), lastAttempt: run(backups.lastAttempt), lastDrill: run(backups.lastDrill) },
    errors: errors.map((error) => ({
      id: error.id,
      occurredAt: error.occurredAt.toISOString(),
      requestId: error.requestId,
      process: error.process.replace(/^\S+ /, ""),
      message: error.message,
    })),
  };
}

export type SystemConsole = Awaited<ReturnType<typeof loadSystemConsole>>;
