import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { backupRuns, recentErrors } from "~/db/schema";
import { db } from "~/lib/db.server";
import { KEPT_ERRORS, recordError, startErrorLog, stopErrorLog } from "~/lib/error-log.server";
import { stopJobs } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { queueMail } from "~/lib/mailer.server";
import { runWithRequestId } from "~/lib/request-context.server";
import { resetDatabase } from "../../../tests/helpers/database";
import packageJson from "../../../package.json";
import { canUse } from "./access";
import { loadSystemConsole } from "./system.server";

/**
 * The console's System page (ADR 0065) from its loader's data: what an operator reads there must be the
 * state of the database and of the processes using it, and the recorded errors must hold no address.
 */
describe("console: system", () => {
  beforeEach(resetDatabase);
  afterAll(async () => {
    stopErrorLog();
    await stopJobs();
    await resetDatabase();
  });

  it("is the admins' only", () => {
    expect(canUse("admin", "system")).toBe(true);
    expect(canUse("editor", "system")).toBe(false);
    expect(canUse(null, "system")).toBe(false);
  });

  it("shows the version, the database's size and the job queue and outbox as they are", async () => {
    await queueMail({ to: "visitor@example.com", subject: "Hello", text: "Hi", html: "<p>Hi</p>" });
    await queueMail({ to: "other@example.com", subject: "Hello again", text: "Hi", html: "<p>Hi</p>" });
    await db().execute(sql`update pgboss.job set created_on = now() - interval '10 minutes' where name = 'mail'
      and id = (select id from pgboss.job where name = 'mail' order by created_on limit 1)`);
    const system = await loadSystemConsole();
    expect(system.version).toBe(packageJson.version);
    expect(system.databaseBytes).toBeGreaterThan(1_000_000);
    expect(system.storageBytes).toBeGreaterThanOrEqual(0);
    expect(system.mail).toEqual({ pending: 2, sent: 0, failed: 0 });
    const mail = system.jobs.find((job) => job.kind === "mail");
    expect(mail).toMatchObject({ waiting: 2, active: 0, failed: 0 });
    expect(mail!.oldestWaitingS).toBeGreaterThanOrEqual(600);
    expect(mail!.oldestWaitingS).toBeLessThan(3600);
    // A queue without jobs is listed with nothing waiting, not left out.
    expect(system.jobs.find((job) => job.kind === "mail.given-up")).toMatchObject({ waiting: 0, oldestWaitingS: null });
  });

  it("shows the last backup, a failed attempt after it, and the last restore drill with its outcome", async () => {
    expect((await loadSystemConsole()).backup).toEqual({ lastSuccess: null, lastAttempt: null, lastDrill: null });
    const now = Date.now();
    const at = (minutes: number) => new Date(now - minutes * 60_000);
    const [ok] = await db()
      .insert(backupRuns)
      .values({ kind: "backup", location: "/b/one.backup", startedAt: at(30), finishedAt: at(29) })
      .returning();
    await db()
      .insert(backupRuns)
      .values({ kind: "backup", error: "disk full", startedAt: at(10), finishedAt: at(9) });
    await db()
      .insert(backupRuns)
      .values({ kind: "drill", backupId: ok!.id, error: "the file is cut off", startedAt: at(20), finishedAt: at(19) });
    const { backup } = await loadSystemConsole();
    expect(backup.lastSuccess).toEqual({ finishedAt: at(29).toISOString(), error: null });
    expect(backup.lastAttempt).toMatchObject({ error: "disk full" });
    expect(backup.lastDrill).toMatchObject({ error: "the file is cut off" });
  });

  it("lists the server processes that hold a connection, and drops one that went away", async () => {
    const other = new pg.Client({ connectionString: (db().$client.options as { connectionString: string }).connectionString });
    other.on("error", () => {});
    await other.connect();
    await other.query("set application_name = 'ipangel-server web-2.example:4242@1795000000'");
    try {
      const system = await loadSystemConsole();
      expect(system.processes).toContainEqual({
        host: "web-2.example",
        pid: 4242,
        startedAt: new Date(1_795_000_000_000).toISOString(),
        connections: 1,
        current: false,
      });
    } finally {
      await other.end();
    }
    await expect.poll(async () => (await loadSystemConsole()).processes.some((entry) => entry.pid === 4242)).toBe(false);
  });

  it("keeps each logged error with its request id, without addresses, and only the newest", async () => {
    startErrorLog();
    runWithRequestId("0123456789abcdef", () =>
      logger.error(
        "Mail to ada.lovelace@example.com from 192.0.2.44 and fd00::2 failed",
        new Error("SMTP said no\n    at deliver (mailer.ts:1)"),
      ),
    );
    await expect.poll(async () => (await loadSystemConsole()).errors.length).toBe(1);
    const [error] = (await loadSystemConsole()).errors;
    expect(error).toMatchObject({ requestId: "0123456789abcdef" });
    expect(error!.message).toBe("Mail to <address> from <ip> and <ip> failed: Error: SMTP said no");
    expect(error!.process).toMatch(/:\d+@\d+$/);

    for (let index = 0; index < KEPT_ERRORS + 5; index += 1) await recordError({ message: `error ${index}`, requestId: undefined });
    const rows = await db().select().from(recentErrors);
    expect(rows).toHaveLength(KEPT_ERRORS);
    const shown = (await loadSystemConsole()).errors;
    expect(shown).toHaveLength(20);
    expect(shown[0]).toMatchObject({ message: `error ${KEPT_ERRORS + 4}`, requestId: null });
  });
});
