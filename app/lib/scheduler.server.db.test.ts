import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { scheduledTasks } from "~/db/schema";
import { resetDatabase } from "../../tests/helpers/database";
import { db } from "./db.server";
import { getEnv } from "./env.server";
import { registerScheduledTask, requestTaskRun, runDueTasks } from "./scheduler.server";

describe("scheduler", () => {
  beforeEach(resetDatabase);

  it("runs a due task once even when several pollers race for it, then waits for its interval", async () => {
    let runs = 0;
    registerScheduledTask({
      name: "test.once",
      intervalMs: 60 * 60 * 1000,
      run: async () => {
        runs += 1;
        // Hold the task long enough that every other poller sees it claimed.
        await db().execute(sql`select pg_sleep(0.2)`);
        return "counted";
      },
    });
    const results = await Promise.all([runDueTasks(), runDueTasks(), runDueTasks(), runDueTasks()]);
    expect(runs).toBe(1);
    expect(results.filter((names) => names.includes("test.once"))).toHaveLength(1);
    const [row] = await db().select().from(scheduledTasks).where(eq(scheduledTasks.name, "test.once"));
    expect(row.lastResult).toBe("counted");
    expect(row.lockedUntil).toBeNull();
    expect(row.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);

    // Not due again until the interval passed (or an operator asks for a run).
    await runDueTasks();
    expect(runs).toBe(1);
    await requestTaskRun("test.once");
    await runDueTasks();
    expect(runs).toBe(2);
  });

  it("a lease held by another process blocks the task until it expires (a crashed process)", async () => {
    let runs = 0;
    registerScheduledTask({ name: "test.lease", intervalMs: 1000, run: async () => void (runs += 1) });
    // Another server process (its own connection pool) holds the lease.
    const other = new pg.Pool({ connectionString: getEnv().DATABASE_URL, max: 1 });
    try {
      const otherDb = drizzle(other);
      await otherDb.execute(sql`insert into scheduled_tasks (name, locked_until, locked_by)
        values ('test.lease', now() + interval '1 hour', 'other-host:1')`);
      await runDueTasks();
      expect(runs).toBe(0);
      await otherDb.execute(sql`update scheduled_tasks set locked_until = now() - interval '1 second' where name = 'test.lease'`);
      await runDueTasks();
      expect(runs).toBe(1);
    } finally {
      await other.end();
    }
  });

  it("records a failure and runs again at the next period", async () => {
    registerScheduledTask({
      name: "test.fail",
      intervalMs: 1000,
      run: async () => {
        throw new Error("disk full");
      },
    });
    expect(await runDueTasks()).toContain("test.fail");
    const [row] = await db().select().from(scheduledTasks).where(eq(scheduledTasks.name, "test.fail"));
    expect(row.lastResult).toBe("failed: disk full");
    expect(row.lockedUntil).toBeNull();
  });
});
