import { sql } from "drizzle-orm";
import { db } from "../../app/lib/db.server";

/** Empties every table of the worker's database (tests that need a known state call it). */
export async function resetDatabase() {
  const { rows } = await db().execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`);
  if (rows.length === 0) return;
  const names = rows.map((row) => `"${row.tablename}"`).join(", ");
  await db().execute(sql.raw(`truncate ${names} restart identity cascade`));
  // Jobs name rows by id (a mail's): none may outlive the rows (pg-boss's own schema, ADR 0046).
  const { rows: queue } = await db().execute(sql`select 1 from pg_tables where schemaname = 'pgboss' and tablename = 'job'`);
  if (queue.length > 0) await db().execute(sql`delete from pgboss.job where not starts_with(name, '__pgboss')`);
}
