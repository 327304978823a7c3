import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNEL, publishChange, startChangeListener, stopChangeListener, subscribeToChanges } from "./change-bus.server";
import { sql } from "drizzle-orm";
import { db } from "./db.server";
import { getEnv } from "./env.server";

/** LISTEN/NOTIFY between processes: another connection stands in for another server process. */
function waitForTopic(expected: string, timeoutMs = 5000) {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no "${expected}" change within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = subscribeToChanges((topic) => {
      if (topic !== expected) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(topic);
    });
  });
}

describe("change bus", () => {
  let other: pg.Client;
  const seen: string[] = [];

  beforeAll(async () => {
    await startChangeListener();
    subscribeToChanges((topic) => seen.push(topic));
    other = new pg.Client({ connectionString: getEnv().DATABASE_URL });
    await other.connect();
  });

  afterAll(async () => {
    await other.end();
    await stopChangeListener();
  });

  it("delivers a change published by another process", async () => {
    const arrived = waitForTopic("media");
    await other.query("select pg_notify($1, 'media')", [CHANNEL]);
    expect(await arrived).toBe("media");
  });

  it("delivers a change made in a transaction only when it commits", async () => {
    seen.length = 0;
    await db()
      .transaction(async (tx) => {
        await publishChange("rolled-back", tx);
        tx.rollback();
      })
      .catch(() => {});
    const committed = waitForTopic("committed");
    await db().transaction(async (tx) => {
      await publishChange("committed", tx);
    });
    await committed;
    expect(seen).toEqual(["committed"]);
  });

  it("after losing its connection it reconnects and tells subscribers that anything may have changed", async () => {
    const everything = waitForTopic("*", 10_000);
    // This worker's database only: the other test workers' listeners share the PostgreSQL server.
    await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query ilike $1 and pid <> pg_backend_pid() and datname = current_database()",
      [`listen ${CHANNEL}`],
    );
    await everything;
    const again = waitForTopic("settings");
    await other.query("select pg_notify($1, 'settings')", [CHANNEL]);
    expect(await again).toBe("settings");
  });

  it("stops cleanly even when the database drops the connection it gave back (shutdown)", async () => {
    await stopChangeListener();
    const { rows } = await other.query(
      "select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where query ilike $1 and pid <> pg_backend_pid() and datname = current_database()) t",
      ["unlisten%"],
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
    // The pool notices the dropped connection; a query afterwards must still work (no crash, no double release).
    await expect.poll(async () => (await db().execute(sql`select 1 as one`)).rows[0]).toEqual({ one: 1 });
    await startChangeListener();
  });
});
