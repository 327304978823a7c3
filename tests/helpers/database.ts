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

/** Every table of the schema (information_schema), and how many of its rows mention `needle`. */
export async function rowsMentioning(needles: string[]) {
  // The application's tables and pg-boss's jobs (waiting, failed, archived).
  const tables = await db().execute<{ table_schema: string; table_name: string }>(sql`
    select table_schema, table_name from information_schema.tables
    where table_type = 'BASE TABLE' and ((table_schema = 'public' and table_name not like '__drizzle%')
      or (table_schema = 'pgboss' and table_name in ('job', 'archive')))
    order by table_name`);
  const found: Record<string, number> = {};
  for (const { table_schema: schema, table_name: table } of tables.rows) {
    const conditions = needles.map((needle) => sql`r::text ilike ${`%${needle}%`}`);
    const { rows } = await db().execute<{ count: number }>(
      sql`select count(*)::int as count from ${sql.identifier(schema)}.${sql.identifier(table)} as r where ${sql.join(conditions, sql` or `)}`,
    );
    found[schema === "public" ? table : `${schema}.${table}`] = Number(rows[0].count);
  }
  return found;
}
