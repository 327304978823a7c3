import { sql } from "drizzle-orm";
import { db } from "../../app/lib/db.server";

/** Empties every table of the worker's database (tests that need a known state call it). */
export async function resetDatabase() {
  const { rows } = await db().execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`);
  if (rows.length === 0) return;
  const names = rows.map((row) => `"${row.tablename}"`).join(", ");
  await db().execute(sql.raw(`truncate ${names} restart identity cascade`));
}
