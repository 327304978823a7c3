import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { backupRuns } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { importDocument } from "../../../tests/helpers/import-document";
import { createBackup } from "./backup.server";
import { backupRunById, listBackups } from "./console.server";
import { drillBackup } from "./drill.server";

/**
 * A restore drill (ADR 0071) restores a backup with the real `npm run backup -- restore`, in a child
 * process, into a scratch database and folder: a sound backup passes with its tables, rows and files
 * counted and checked; a cut-off one fails with the restore's reason; either way the drill is recorded
 * (on the backup's row in the list, and in the audit log) and no scratch database or folder is left.
 */
function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "drill-test-"));
}

async function leftovers() {
  const { rows } = await db().execute<{ datname: string }>(sql`select datname from pg_database where datname like 'ipangel_drill_%'`);
  const drillFolder = path.join(getEnv().DATA_DIR, "tmp", "drill");
  return { databases: rows.map((row) => row.datname), folders: fs.existsSync(drillFolder) ? fs.readdirSync(drillFolder) : [] };
}

async function auditActions() {
  const { rows } = await db().execute<{ action: string; summary: string }>(
    sql`select action, summary from audit_log where entity = 'backup' order by at`,
  );
  return rows;
}

describe("restore drills", { timeout: 120_000 }, () => {
  beforeEach(resetDatabase);

  it("restores a sound backup into a scratch database and records what it restored and checked", async () => {
    await importDocument("Drilled notes");
    const summary = await createBackup({ to: tempDir() });
    const [backup] = await db()
      .select()
      .from(backupRuns)
      .where(sql`${backupRuns.location} = ${summary.location}`);

    const result = await drillBackup(backup!, { id: null, email: "operator@example.org" });

    expect(result).toMatchObject({ ok: true, summary: { tables: summary.tables, rows: summary.rows, files: 1 } });
    const [listed] = await listBackups();
    expect(listed?.drill).toMatchObject({ kind: "drill", backupId: backup!.id, error: null, files: 1 });
    expect(await auditActions()).toEqual([
      { action: "backup.drill.passed", summary: expect.stringMatching(/tables, \d+ rows, 1 files restored and checked$/) },
    ]);
    expect(await leftovers()).toEqual({ databases: [], folders: [] });
    // The site's own database is untouched by the drill.
    const { rows } = await db().execute<{ title: string }>(sql`select title from media_items`);
    expect(rows.map((row) => row.title)).toEqual(["Drilled notes"]);
  });

  it("fails a cut-off backup with the restore's reason, and records the failure", async () => {
    await importDocument("Cut notes");
    const summary = await createBackup({ to: tempDir() });
    const whole = fs.readFileSync(summary.location);
    fs.writeFileSync(summary.location, whole.subarray(0, Math.floor(whole.length / 2)));
    const [backup] = await db()
      .select()
      .from(backupRuns)
      .where(sql`${backupRuns.location} = ${summary.location}`);

    const result = await drillBackup(backup!, { id: null, email: "operator@example.org" });

    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/cut off|damaged/);
    const drill = (await listBackups())[0]?.drill;
    expect(drill?.error).toMatch(/cut off|damaged/);
    expect((await auditActions()).map((entry) => entry.action)).toEqual(["backup.drill.failed"]);
    expect(await leftovers()).toEqual({ databases: [], folders: [] });
    expect(await backupRunById(backup!.id)).toMatchObject({ error: null });
  });
});
