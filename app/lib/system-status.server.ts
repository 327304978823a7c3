import os from "node:os";
import { sql } from "drizzle-orm";
import { version } from "../../package.json";
import { db } from "./db.server";

/**
 * What the system looks like from inside (ADR 0065): the numbers `/metrics` exports and the console's
 * System page shows, read once here so both say the same. Queue, outbox and database numbers are the
 * shared state of every server process; the process numbers are this process's own.
 */

declare const __BUILD_COMMIT__: string | undefined;

/** The version of this build: package.json's, and the git commit the build was made from when it had one. */
export const BUILD_INFO = {
  version,
  commit: typeof __BUILD_COMMIT__ === "string" && __BUILD_COMMIT__ !== "" ? __BUILD_COMMIT__ : null,
};

/** The prefix of a server process's PostgreSQL `application_name`: how one process sees the others. */
const SERVER_APPLICATION = "ipangel-server";

const PROCESS_STARTED_S = Math.round(Date.now() / 1000 - process.uptime());

/** This process's name towards PostgreSQL: host, pid and start time (seconds), within the 63 bytes it keeps. */
export function serverApplicationName() {
  return `${SERVER_APPLICATION} ${os.hostname().slice(0, 30)}:${process.pid}@${PROCESS_STARTED_S}`;
}

export interface JobQueueStatus {
  kind: string;
  waiting: number;
  active: number;
  failed: number;
  /** Age of the oldest waiting job (created or waiting for a retry), in seconds; null with none waiting. */
  oldestWaitingS: number | null;
}

/**
 * Each job kind's backlog in pg-boss's tables. `failed` counts jobs that ended without success and are
 * still kept: pg-boss moves them to its archive after a minute and deletes them after an hour (jobs.server.ts).
 */
export async function jobQueueStatus(): Promise<JobQueueStatus[]> {
  const { rows: present } = await db().execute<{ table: string | null }>(sql`select to_regclass('pgboss.archive')::text as table`);
  if (!present[0]?.table) return [];
  // Every queue, an empty one too: a kind whose backlog is gone reads 0 instead of vanishing.
  const { rows } = await db().execute<{ kind: string; waiting: number; active: number; failed: number; oldest: number | null }>(sql`
    select queue.name as kind,
      count(jobs.state) filter (where jobs.state in ('created', 'retry'))::int as waiting,
      count(jobs.state) filter (where jobs.state = 'active')::int as active,
      count(jobs.state) filter (where jobs.state = 'failed')::int as failed,
      extract(epoch from now() - min(jobs.created_on) filter (where jobs.state in ('created', 'retry')))::float8 as oldest
    from pgboss.queue queue
    left join (
      select name, state, created_on from pgboss.job
      union all
      select name, state, created_on from pgboss.archive where state = 'failed'
    ) jobs on jobs.name = queue.name
    group by queue.name
    order by queue.name`);
  return rows.map((row) => ({
    kind: row.kind,
    waiting: row.waiting,
    active: row.active,
    failed: row.failed,
    oldestWaitingS: row.oldest === null ? null : Math.max(0, Math.round(row.oldest)),
  }));
}

export type MailState = "pending" | "sent" | "failed";

/** Mails in `mail_log` by state: queued (pending), sent and given up (failed), as long as retention keeps them. */
export async function mailOutboxCounts(): Promise<Record<MailState, number>> {
  const { rows } = await db().execute<{ status: MailState; count: number }>(
    sql`select status, count(*)::int as count from mail_log group by status`,
  );
  const counts: Record<MailState, number> = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export async function databaseSizeBytes(): Promise<number> {
  const { rows } = await db().execute<{ bytes: number }>(sql`select pg_database_size(current_database())::bigint as bytes`);
  return Number(rows[0]!.bytes);
}

export interface ServerProcess {
  host: string;
  pid: number;
  startedAt: Date | null;
  /** Database connections the process holds now. */
  connections: number;
  current: boolean;
}

/**
 * The server processes using this database, from the connections they hold (`application_name`, set
 * by each server process when it opens its pool): a process that stopped or died holds none.
 */
export async function serverProcesses(): Promise<ServerProcess[]> {
  const { rows } = await db().execute<{ name: string; connections: number }>(sql`
    select application_name as name, count(*)::int as connections
    from pg_stat_activity
    where datname = current_database() and application_name like ${`${SERVER_APPLICATION} %`}
    group by application_name`);
  const own = serverApplicationName();
  return rows
    .map((row) => {
      const match = /^\S+ (.*):(\d+)@(\d+)$/.exec(row.name);
      return {
        host: match?.[1] ?? row.name,
        pid: Number(match?.[2] ?? 0),
        startedAt: match ? new Date(Number(match[3]) * 1000) : null,
        connections: row.connections,
        current: row.name === own,
      };
    })
    .sort((a, b) => a.host.localeCompare(b.host) || a.pid - b.pid);
}
