import { startPostgres15 as startServer, type Postgres15 } from "../../scripts/postgres15.mjs";

/**
 * Debian's PostgreSQL 15 as a separate server for multi-process tests (the DATABASE_URL path
 * every production deployment takes): scripts/postgres15.mjs, which `npm test` uses too.
 */
export { type Postgres15 } from "../../scripts/postgres15.mjs";

export function startPostgres15(port: number): Postgres15 {
  return startServer({ port, password: "cluster-test", settings: { max_connections: "200" } });
}
