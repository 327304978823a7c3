import { sql, type SQL } from "drizzle-orm";
import type pg from "pg";
import type PgBoss from "pg-boss";
import type { Database } from "./db.server";

/** How pg-boss reaches the database (app/lib/jobs.server.ts, ADR 0046). */

/**
 * pg-boss's statements (text with $n placeholders) on a Drizzle executor: the pool, or the
 * caller's open transaction, so the job commits or rolls back with the caller's change.
 */
export function onExecutor(executor: Pick<Database, "execute">): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)), sql`${values[Number(match[1]) - 1] ?? null}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = await executor.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

/**
 * pg-boss's own statements (each worker's poll, maintenance, cron) run at most two at a time: the
 * pool then keeps one or two PostgreSQL connections for them instead of one per queue (each idle
 * connection is a PostgreSQL process of a few MB; issue 22's memory target).
 */
export function twoAtATime(pool: pg.Pool): PgBoss.Db {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async executeSql(text, values) {
      if (active < 2) active += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await pool.query(text, values);
      } finally {
        // The slot passes to the next waiting statement, or is freed.
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
}
