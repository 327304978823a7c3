import fs from "node:fs";
import path from "node:path";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { backupRuns, siteSettings } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { enqueueJob, registerJobHandler, registerPeriodicTask } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { createBackup, parseTarget } from "./backup.server";
import { drillBackup, type DrillActor } from "./drill.server";
import type { BackupRun } from "./history.server";

/**
 * Backups from the console (ADR 0071): "back up now", a daily schedule with how many to keep,
 * download, and a restore drill of each backup. The console's backups go to the default folder
 * (`$DATA_DIR/backups`); only files there are pruned or downloaded. Backups made on the command
 * line with `--to` are listed (their runs are recorded too) but never removed from here.
 */

export const BACKUP_SETTINGS_KEY = "backup";
export const BACKUP_JOB = "backup.create";
export const DRILL_JOB = "backup.drill";
export const SCHEDULE_TASK = "backup.daily";
/** Scheduled backups and drills run at this wall-clock hour (as the page schedule does, ADR 0059). */
export const BACKUP_TIME_ZONE = "Europe/Berlin";

export const backupSettingsSchema = z.object({
  daily: z.boolean(),
  hour: z.number().int().min(0).max(23),
  keep: z.number().int().min(1).max(90),
});
export type BackupSettings = z.infer<typeof backupSettingsSchema>;
export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { daily: false, hour: 3, keep: 7 };

export async function readBackupSettings(): Promise<BackupSettings> {
  const [row] = await db().select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, BACKUP_SETTINGS_KEY));
  const parsed = backupSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_BACKUP_SETTINGS;
}

export async function storeBackupSettings(settings: BackupSettings, updatedBy: string) {
  const value = backupSettingsSchema.parse(settings);
  await db()
    .insert(siteSettings)
    .values({ key: BACKUP_SETTINGS_KEY, value, updatedBy })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy, updatedAt: new Date() } });
}

/** The folder the console's backups go to and are pruned and downloaded from. */
export function consoleBackupFolder() {
  const target = parseTarget(undefined);
  return target.kind === "folder" ? target.folder : "";
}

/** The file of a run when it is a backup file in the console's folder that is still there; else undefined. */
export function downloadablePath(run: Pick<BackupRun, "kind" | "location" | "error" | "removedAt">): string | undefined {
  if (run.kind !== "backup" || run.error || run.removedAt || !run.location) return undefined;
  const folder = path.resolve(consoleBackupFolder());
  const file = path.resolve(run.location);
  if (path.dirname(file) !== folder || !fs.existsSync(file)) return undefined;
  return file;
}

export type BackupListEntry = BackupRun & { drill?: BackupRun; downloadable: boolean };

/** The newest backups (also failed ones and those whose file "keep" removed), each with its newest drill. */
export async function listBackups(limit = 30): Promise<BackupListEntry[]> {
  const backups = await db()
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.kind, "backup"))
    .orderBy(desc(backupRuns.startedAt))
    .limit(limit);
  const drills = backups.length
    ? await db()
        .select()
        .from(backupRuns)
        .where(
          and(
            eq(backupRuns.kind, "drill"),
            inArray(
              backupRuns.backupId,
              backups.map((backup) => backup.id),
            ),
          ),
        )
        .orderBy(desc(backupRuns.finishedAt))
    : [];
  return backups.map((backup) => ({
    ...backup,
    drill: drills.find((drill) => drill.backupId === backup.id),
    downloadable: Boolean(downloadablePath(backup)),
  }));
}

export async function backupRunById(id: number): Promise<BackupRun | undefined> {
  const [row] = await db().select().from(backupRuns).where(eq(backupRuns.id, id));
  return row;
}

/**
 * Keeps the newest `keep` successful backups in the console's folder and removes the older files;
 * their rows stay, marked removed. Returns how many files went.
 */
export async function pruneBackups(keep: number): Promise<number> {
  const kept = await db()
    .select()
    .from(backupRuns)
    .where(and(eq(backupRuns.kind, "backup"), isNull(backupRuns.error), isNull(backupRuns.removedAt)))
    .orderBy(desc(backupRuns.startedAt));
  const inFolder = kept.filter((run) => downloadablePath(run) !== undefined);
  let removed = 0;
  for (const run of inFolder.slice(keep)) {
    await fs.promises.rm(downloadablePath(run)!, { force: true });
    await db().update(backupRuns).set({ removedAt: new Date() }).where(eq(backupRuns.id, run.id));
    removed += 1;
  }
  return removed;
}

/** The newest successful backup, for the drill after a scheduled backup. */
async function newestBackup(): Promise<BackupRun | undefined> {
  const [row] = await db()
    .select()
    .from(backupRuns)
    .where(and(eq(backupRuns.kind, "backup"), isNull(backupRuns.error)))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return row;
}

/** One backup to the console's folder, then "keep" applies. A failure is recorded by createBackup and logged here. */
export async function backupAndPrune(): Promise<BackupRun | undefined> {
  try {
    await createBackup();
  } catch (error) {
    logger.error(`Backup failed: ${(error as Error).message}`);
    return undefined;
  }
  const removed = await pruneBackups((await readBackupSettings()).keep);
  if (removed) logger.info(`Backup: ${removed} older backup file(s) removed (keep ${(await readBackupSettings()).keep})`);
  return newestBackup();
}

/** The hour of `now` in BACKUP_TIME_ZONE. */
export function hourIn(now: Date, timeZone = BACKUP_TIME_ZONE) {
  return Number(new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone }).format(now));
}

/** Whether the daily backup is due at `now`: the schedule is on, it is its hour, and none ran in the last 20 hours. */
export function dailyBackupDue(settings: BackupSettings, now: Date, lastStarted: Date | undefined) {
  if (!settings.daily || hourIn(now) !== settings.hour) return false;
  return !lastStarted || now.getTime() - lastStarted.getTime() > 20 * 3600_000;
}

async function lastScheduledStart(): Promise<Date | undefined> {
  const [row] = await db()
    .select({ startedAt: backupRuns.startedAt })
    .from(backupRuns)
    .where(eq(backupRuns.kind, "backup"))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return row?.startedAt;
}

/** The hourly check: at the chosen hour, a backup, "keep", and a drill of that backup. */
export async function runDailyBackup(now = new Date()): Promise<string> {
  const settings = await readBackupSettings();
  if (!dailyBackupDue(settings, now, await lastScheduledStart())) return "not due";
  const backup = await backupAndPrune();
  if (!backup) return "backup failed";
  const drill = await drillBackup(backup);
  return drill.ok ? "backup taken and restored in a drill" : `backup taken; its drill failed: ${drill.error}`;
}

/** Queues "back up now" (one attempt: a failure is recorded and shown, not retried for an hour). */
export function queueBackupNow() {
  return enqueueJob(BACKUP_JOB, {}, { retryLimit: 0 });
}

export function queueDrill(backupId: number, actor: DrillActor) {
  return enqueueJob(DRILL_JOB, { backupId, actorId: actor.id, actorEmail: actor.email }, { retryLimit: 0 });
}

registerJobHandler(BACKUP_JOB, async () => {
  await backupAndPrune();
});

registerJobHandler(DRILL_JOB, async (payload) => {
  const backup = await backupRunById(Number(payload.backupId));
  const actor: DrillActor =
    typeof payload.actorId === "string" && typeof payload.actorEmail === "string"
      ? { id: payload.actorId, email: payload.actorEmail }
      : { id: null, email: "system" };
  if (backup?.kind === "backup") await drillBackup(backup, actor);
});

registerPeriodicTask({ name: SCHEDULE_TASK, cron: "5 * * * *", run: () => runDailyBackup() });

export function backupsEncrypted() {
  return Boolean(getEnv().BACKUP_PASSPHRASE);
}
