import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import * as schema from "~/db/schema";
import { attachCluster, findManagedServer, startCluster, type RunningCluster } from "./embedded-postgres.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { readOrCreateSecret } from "./secrets.server";

/**
 * The database of this process: the configured `DATABASE_URL`, or the embedded cluster in
 * `$DATA_DIR/pg`. `openDatabase()` is called once at start-up (server, scripts, tests);
 * everything else calls `db()`.
 */

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

interface OpenDatabase {
  db: Database;
  pool: pg.Pool;
  cluster?: RunningCluster;
  /** The connection string of the open database (a restore drill makes a scratch database beside it). */
  url: string;
}

let current: OpenDatabase | undefined;

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "app/db/migrations");
const EMBEDDED_DATABASE = "app";
/** Any constant: all processes migrating the same database take this advisory lock first. */
export const MIGRATION_LOCK_ID = 727_411;

// Return bigint and numeric columns as JS numbers where they fit (sizes, counts).
pg.types.setTypeParser(20, (value) => {
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : value;
});

export function db(): Database {
  if (!current) throw new Error("The database is not open: call openDatabase() at start-up.");
  return current.db;
}

const preparedByDatabase = new WeakMap<Database, Map<string, unknown>>();

/**
 * A query built once per open database and run as a named PostgreSQL prepared statement: no SQL
 * building per call, and each connection parses (and after a few runs plans) it once. For the hot
 * paths only (ADR 0038: the session lookup and the profile page). `build` must use `sql.placeholder`.
 */
export function preparedQuery<T>(name: string, build: (database: Database) => T): T {
  const database = db();
  let byName = preparedByDatabase.get(database);
  if (!byName) preparedByDatabase.set(database, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, build(database));
  return byName.get(name) as T;
}

/** The connection string of the open database. */
export function databaseUrl(): string {
  if (!current) throw new Error("The database is not open: call openDatabase() at start-up.");
  return current.url;
}

export function isDatabaseOpen() {
  return current !== undefined;
}

async function createDatabaseIfMissing(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` while this process holds the migration lock: schema changes of several processes
 * starting at once happen one after another. `work` gets the locked connection, which is closed afterwards.
 */
export async function withMigrationLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    return await work(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    // Closed, not returned to the pool: on a new database its PostgreSQL backend ran every schema
    // change and kept the catalog caches of all of them (megabytes, for as long as it lives).
    client.release(true);
  }
}

/**
 * The database holds migrations this code does not know: a newer version ran on it (or a newer
 * version's backup was restored). Old code on a newer schema may write what the newer code cannot
 * read, so nothing starts and nothing changes (ADR 0074).
 */
export class DatabaseNewerThanCodeError extends Error {
  override name = "DatabaseNewerThanCodeError";
  constructor(unknown: number) {
    super(
      `The database is newer than this code: it holds ${unknown} migration${unknown === 1 ? "" : "s"} this version does not know ` +
        "(a newer version of the site ran on it, or a newer version's backup was restored). Nothing was changed. " +
        "Update the code (npm run update), or restore a backup made by this version.",
    );
  }
}

/** The time stamps (`when` of meta/_journal.json) of the migrations applied to the database, oldest first. */
export async function appliedMigrationStamps(client: pg.ClientBase | pg.Pool): Promise<number[]> {
  const { rows } = await client.query<{ present: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!rows[0]?.present) return [];
  const applied = await client.query<{ created_at: string | number }>(
    "select created_at from drizzle.__drizzle_migrations order by created_at",
  );
  return applied.rows.map((row) => Number(row.created_at));
}

/** Throws DatabaseNewerThanCodeError when the database holds a migration not among `known` (journal time stamps). */
export async function refuseDatabaseNewerThan(client: pg.ClientBase, known: number[]) {
  const ours = new Set(known);
  const unknown = (await appliedMigrationStamps(client)).filter((stamp) => !ours.has(stamp));
  if (unknown.length > 0) throw new DatabaseNewerThanCodeError(unknown.length);
}

/** The time stamps of this code's migrations. */
export function codeMigrationStamps(): number[] {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => migration.folderMillis);
}

export async function runMigrations(database: Database) {
  await withMigrationLock(database.$client, async (client) => {
    await refuseDatabaseNewerThan(client, codeMigrationStamps());
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  });
}

export interface OpenOptions {
  /** Overrides DATABASE_URL (tests). */
  url?: string;
  poolSize?: number;
  /** PostgreSQL's `application_name` of every connection (server processes name themselves: system-status.server.ts). */
  applicationName?: string;
  /** false: connect only, apply no migration (`npm run update` compares the database with the code it is about to fetch). */
  migrate?: boolean;
}

/** Starts (embedded) or connects to the database, then applies the committed migrations. */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (current) return current.db;
  const env = getEnv();
  let url = options.url ?? env.DATABASE_URL;
  let cluster: RunningCluster | undefined;
  if (!url) {
    const started = Date.now();
    const dataDir = path.join(env.DATA_DIR, "pg");
    const password = readOrCreateSecret(env.DATA_DIR, "pg-password");
    // The server (or another tool) already runs this cluster: connect to it, leave its lifecycle alone.
    const managed = findManagedServer(dataDir);
    if (managed) {
      cluster = attachCluster(managed.port, password);
      logger.info(`Attached to the running embedded PostgreSQL on 127.0.0.1:${managed.port}`);
    } else {
      cluster = await startCluster({
        dataDir,
        password,
        log: (line) => logger.debug(line),
        notice: (line) => logger.warn(line),
      });
      logger.info(`Embedded PostgreSQL ready on 127.0.0.1:${cluster.port} in ${Date.now() - started} ms`);
    }
    await createDatabaseIfMissing(cluster.url("postgres"), EMBEDDED_DATABASE);
    url = cluster.url(EMBEDDED_DATABASE);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", (error) => logger.warn(`Database connection lost: ${error.message}`));
  const database = drizzle(pool, { schema }) as Database;
  try {
    if (options.migrate !== false) await runMigrations(database);
  } catch (error) {
    await pool.end().catch(() => {});
    await cluster?.stop();
    throw error;
  }
  current = { db: database, pool, cluster, url };
  return database;
}

/** A connection of its own for LISTEN (change-bus.server.ts); the caller releases it. */
export async function acquireListenClient(): Promise<pg.PoolClient> {
  if (!current) throw new Error("The database is not open: call openDatabase() at start-up.");
  return current.pool.connect();
}

/** Closes the pool, then stops the embedded cluster: the last step of shutdown. */
export async function closeDatabase() {
  const open = current;
  current = undefined;
  if (!open) return;
  await open.pool.end().catch((error) => logger.warn(`Closing the pool failed: ${error.message}`));
  await open.cluster?.stop();
}

/** True when a trivial query answers within the timeout (health check). */
export async function pingDatabase(timeoutMs = 2000): Promise<boolean> {
  if (!current) return false;
  const query = current.pool.query("select 1");
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs).unref());
  try {
    await Promise.race([query, timeout]);
    return true;
  } catch {
    return false;
  }
}
