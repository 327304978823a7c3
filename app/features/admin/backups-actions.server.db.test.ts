import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { backupRuns } from "~/db/schema";
import { readBackupSettings } from "~/features/backup/console.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { action as backupsRouteAction } from "~/routes/admin.backups";
import { answerOf, formPost, garbagePost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { canUse } from "./access";
import { backupsAction } from "./backups-actions.server";

/** The backups page's actions as the browser posts them (ADR 0071): back up now, the schedule, a drill; and the door. */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };

async function queued(name: string) {
  const { rows } = await db().execute<{ data: Record<string, unknown> }>(sql`select data from pgboss.job where name = ${name}`);
  return rows.map((row) => row.data);
}

async function audited() {
  const { rows } = await db().execute<{ action: string }>(sql`select action from audit_log where entity = 'backup' order by at`);
  return rows.map((row) => row.action);
}

describe("console: backups", () => {
  beforeEach(resetDatabase);
  afterAll(async () => {
    await stopJobs();
    await resetDatabase();
  });

  it("queues a backup now, once per press, and audits who asked", async () => {
    const answer = answerOf(await backupsAction(formPost("/admin/backups", "backupNow"), admin));
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: "admin.backups.started" } });
    expect(await queued("backup.create")).toHaveLength(1);
    expect(await audited()).toEqual(["backup.start"]);
  });

  it("saves the schedule, and refuses an hour or a number to keep out of range with a message per field", async () => {
    const saved = answerOf(await backupsAction(formPost("/admin/backups", "schedule", { daily: "on", hour: "4", keep: "10" }), admin));
    expect(saved.body).toMatchObject({ ok: true, message: "admin.backups.scheduleSaved" });
    expect(await readBackupSettings()).toEqual({ daily: true, hour: 4, keep: 10 });
    const refused = answerOf(await backupsAction(formPost("/admin/backups", "schedule", { hour: "24", keep: "0" }), admin));
    expect(refused).toMatchObject({
      status: 400,
      body: { ok: false, result: { error: { hour: ["admin.backups.errors.hour"], keep: ["admin.backups.errors.keep"] } } },
    });
    expect(await readBackupSettings()).toEqual({ daily: true, hour: 4, keep: 10 });
    expect(await audited()).toEqual(["backup.schedule"]);
  });

  it("queues a drill only for a backup that has its file", async () => {
    const [ok] = await db()
      .insert(backupRuns)
      .values({ kind: "backup", location: "/tmp/ipangel-x.backup", startedAt: new Date() })
      .returning();
    const [failed] = await db().insert(backupRuns).values({ kind: "backup", error: "disk full", startedAt: new Date() }).returning();
    const drill = (id: string) => backupsAction(formPost("/admin/backups", "drill", { id }), admin).then(answerOf);
    expect((await drill(String(ok!.id))).body).toMatchObject({ ok: true, message: "admin.backups.drillStarted" });
    expect(await queued("backup.drill")).toEqual([{ backupId: ok!.id, actorId: admin.id, actorEmail: admin.email }]);
    expect(await drill(String(failed!.id))).toMatchObject({ status: 409, body: { ok: false } });
    expect(await drill("999999")).toMatchObject({ status: 404, body: { ok: false } });
    expect(await drill("../../etc/passwd")).toMatchObject({ status: 400, body: { ok: false } });
    expect(await queued("backup.drill")).toHaveLength(1);
  });

  it("refuses a garbage body and unknown intents, and is closed to everyone without the admin role", async () => {
    expect(answerOf(await backupsAction(garbagePost("/admin/backups"), admin)).status).toBe(400);
    expect(answerOf(await backupsAction(formPost("/admin/backups", "restore"), admin)).status).toBe(400);
    expect(canUse("editor", "backups")).toBe(false);
    const thrown = await backupsRouteAction({
      request: formPost("/admin/backups", "backupNow"),
      params: {},
      context: {},
    } as never).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });
    expect(await queued("backup.create")).toEqual([]);
  });
});
