import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { backupRuns } from "~/db/schema";
import { db } from "~/lib/db.server";
import { resetDatabase } from "../../../tests/helpers/database";
import {
  backupAndPrune,
  consoleBackupFolder,
  dailyBackupDue,
  DEFAULT_BACKUP_SETTINGS,
  downloadablePath,
  hourIn,
  listBackups,
  readBackupSettings,
  storeBackupSettings,
} from "./console.server";

/** Backups from the console (ADR 0071): the schedule's settings and its hour, "keep N", which files may be downloaded. */
describe("backups from the console", () => {
  beforeEach(resetDatabase);

  it("keeps the schedule the operator saved, and the defaults until then", async () => {
    expect(await readBackupSettings()).toEqual(DEFAULT_BACKUP_SETTINGS);
    await storeBackupSettings({ daily: true, hour: 4, keep: 2 }, "admin-id");
    expect(await readBackupSettings()).toEqual({ daily: true, hour: 4, keep: 2 });
  });

  it("is due once a day at the chosen hour in Berlin, summer and winter", () => {
    const settings = { daily: true, hour: 3, keep: 7 };
    // 01:05 UTC is 03:05 in Berlin in summer (UTC+2), 02:05 in winter (UTC+1).
    expect(hourIn(new Date("2026-07-01T01:05:00Z"))).toBe(3);
    expect(hourIn(new Date("2026-12-01T02:05:00Z"))).toBe(3);
    expect(dailyBackupDue(settings, new Date("2026-07-01T01:05:00Z"), undefined)).toBe(true);
    expect(dailyBackupDue(settings, new Date("2026-07-01T02:05:00Z"), undefined)).toBe(false);
    expect(dailyBackupDue({ ...settings, daily: false }, new Date("2026-07-01T01:05:00Z"), undefined)).toBe(false);
    // Not twice for one day (a second process's check, a "back up now" an hour before).
    expect(dailyBackupDue(settings, new Date("2026-07-01T01:05:00Z"), new Date("2026-07-01T00:10:00Z"))).toBe(false);
    expect(dailyBackupDue(settings, new Date("2026-07-02T01:05:00Z"), new Date("2026-07-01T01:06:00Z"))).toBe(true);
  });

  it("keeps the newest N backup files of the console's folder and marks the older ones removed", async () => {
    await storeBackupSettings({ daily: false, hour: 3, keep: 2 }, "admin-id");
    const runs = [];
    for (let index = 0; index < 3; index += 1) runs.push(await backupAndPrune());
    const files = runs.map((run) => run!.location!);
    expect(files.every((file) => path.dirname(file) === consoleBackupFolder())).toBe(true);
    expect(files.map((file) => fs.existsSync(file))).toEqual([false, true, true]);
    const [oldest] = await db().select().from(backupRuns).where(eq(backupRuns.id, runs[0]!.id));
    expect(oldest?.removedAt).toBeInstanceOf(Date);
    const listed = await listBackups();
    expect(listed.map((run) => run.downloadable)).toEqual([true, true, false]);
  });

  it("offers for download only a backup file in the console's folder that is still there", async () => {
    const inFolder = path.join(consoleBackupFolder(), "ipangel-test.backup");
    fs.mkdirSync(consoleBackupFolder(), { recursive: true });
    fs.writeFileSync(inFolder, "x");
    const base = { kind: "backup" as const, error: null, removedAt: null };
    expect(downloadablePath({ ...base, location: inFolder })).toBe(inFolder);
    expect(downloadablePath({ ...base, location: path.join(consoleBackupFolder(), "..", "secrets", "auth-secret") })).toBeUndefined();
    expect(downloadablePath({ ...base, location: "/etc/passwd" })).toBeUndefined();
    expect(downloadablePath({ ...base, location: `${inFolder}.gone` })).toBeUndefined();
    expect(downloadablePath({ ...base, kind: "drill" as never, location: inFolder })).toBeUndefined();
    expect(downloadablePath({ ...base, removedAt: new Date() as never, location: inFolder })).toBeUndefined();
    fs.rmSync(inFolder);
  });
});
