import type pg from "pg";

/**
 * What a backup holds of the database (ADR 0064): every table of the application's schemas
 * (`public` and drizzle's `drizzle`, which records the migrations), not pg-boss's queue. Tables
 * come in an order where each follows the tables its foreign keys point to, so a restore can
 * COPY them into place one after another.
 */

/** Schemas that are not the application's data: PostgreSQL's own and the job queue's (recreated at start). */
const SKIPPED_SCHEMAS = ["pg_catalog", "information_schema", "pg_toast", "pgboss"];

export interface TableInfo {
  schema: string;
  name: string;
  /** Stored columns in order (generated columns are computed again on restore). */
  columns: string[];
}

export const qualified = (client: pg.ClientBase, table: { schema: string; name: string }) =>
  `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`;

export const isMigrationsTable = (table: { schema: string; name: string }) =>
  table.schema === "drizzle" && table.name === "__drizzle_migrations";

export const tableId = (table: { schema: string; name: string }) => `${table.schema}.${table.name}`;

/** The application's tables, parents before children. */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ oid: number; schema: string; name: string; columns: string[] }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname <> all($1::text[]) and n.nspname not like 'pg\\_temp%' and n.nspname not like 'pg\\_toast%'
      order by n.nspname, c.relname`,
    [SKIPPED_SCHEMAS],
  );
  const { rows: links } = await client.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint where contype = 'f' and conrelid <> confrelid`,
  );
  const byOid = new Map(rows.map((row) => [row.oid, row]));
  const parents = new Map<number, Set<number>>(rows.map((row) => [row.oid, new Set()]));
  for (const link of links) if (byOid.has(link.child) && byOid.has(link.parent)) parents.get(link.child)!.add(link.parent);
  const ordered: TableInfo[] = [];
  const placed = new Set<number>();
  while (placed.size < rows.length) {
    const ready = rows.filter((row) => !placed.has(row.oid) && [...parents.get(row.oid)!].every((parent) => placed.has(parent)));
    // A cycle of foreign keys between tables (none in this schema) would stop here: say so rather than loop.
    if (!ready.length) throw new Error("the tables' foreign keys form a cycle; a backup cannot order them");
    for (const row of ready) {
      placed.add(row.oid);
      ordered.push({ schema: row.schema, name: row.name, columns: row.columns });
    }
  }
  return ordered;
}

export interface SequenceValue {
  schema: string;
  name: string;
  value: number | string;
}

/** The application's sequences that have handed out a value. */
export async function listSequences(client: pg.ClientBase): Promise<SequenceValue[]> {
  const { rows } = await client.query<SequenceValue>(
    `select schemaname as schema, sequencename as name, last_value::text as value
       from pg_sequences where schemaname <> all($1::text[]) and last_value is not null order by 1, 2`,
    [SKIPPED_SCHEMAS],
  );
  return rows;
}

/** Removes every table, sequence and the job queue of the application's schemas (restore, inside its transaction). */
export async function dropApplicationObjects(client: pg.ClientBase) {
  const tables = await listTables(client);
  for (const table of tables) await client.query(`drop table if exists ${qualified(client, table)} cascade`);
  const { rows: sequences } = await client.query<{ schema: string; name: string }>(
    `select schemaname as schema, sequencename as name from pg_sequences where schemaname <> all($1::text[])`,
    [SKIPPED_SCHEMAS],
  );
  for (const sequence of sequences) await client.query(`drop sequence if exists ${qualified(client, sequence)} cascade`);
  // Functions and text search configurations the migrations created (the media search's, ADR 0069), not those
  // of extensions (unaccent, pg_trgm: the migrations create the extensions only if missing).
  const { rows: routines } = await client.query<{ statement: string }>(
    `select format('drop %s if exists %I.%I(%s) cascade', case p.prokind when 'p' then 'procedure' else 'function' end,
                   n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as statement
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname <> all($1::text[]) and left(n.nspname, 3) <> 'pg_' and n.nspname <> 'information_schema'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
    [SKIPPED_SCHEMAS],
  );
  for (const { statement } of routines) await client.query(statement);
  const { rows: configurations } = await client.query<{ statement: string }>(
    `select format('drop text search configuration if exists %I.%I cascade', n.nspname, c.cfgname) as statement
       from pg_ts_config c join pg_namespace n on n.oid = c.cfgnamespace
      where n.nspname <> all($1::text[]) and left(n.nspname, 3) <> 'pg_' and n.nspname <> 'information_schema'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_ts_config'::regclass and d.objid = c.oid and d.deptype = 'e')`,
    [SKIPPED_SCHEMAS],
  );
  for (const { statement } of configurations) await client.query(statement);
  // The job queue's jobs name rows of the database being replaced; pg-boss creates its schema anew at start.
  await client.query("drop schema if exists pgboss cascade");
}
