import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { mailLog } from "../../app/db/schema";
import { db } from "../../app/lib/db.server";
import { startJobs, stopJobs } from "../../app/lib/jobs.server";

/** This test process's job workers (no cron: periodic tasks run only when a test asks). */
export async function startTestJobs() {
  await startJobs({ pollingIntervalSeconds: 0.5, cron: false });
}

async function unfinishedJobs() {
  // A retry waits out its back-off; tests that only need the outcome make it due at once.
  await db().execute(sql`update pgboss.job set start_after = now() where state = 'retry'`);
  const { rows } = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and not starts_with(name, '__pgboss')`,
  );
  return rows[0].n;
}

/**
 * Starts the workers, waits until every queued job (and the jobs those queue) has ended, then stops them:
 * a mail's body is cleared once its job ends, so a test reads the links of mails queued later before any
 * worker can send them.
 */
export async function runJobsUntilIdle(timeout = 20_000) {
  await startTestJobs();
  await expect.poll(unfinishedJobs, { timeout, interval: 100 }).toBe(0);
  await stopJobs();
}

export interface LoggedMail {
  id: number;
  to: string;
  subject: string;
  status: "pending" | "sent" | "failed";
  /** Empty once the mail's job ended (its body is not kept). */
  text?: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

/** The mails in `mail_log`, oldest first, with their content while they wait to be sent. */
export async function loggedMails(): Promise<LoggedMail[]> {
  const rows = await db().select().from(mailLog).orderBy(mailLog.id);
  return rows.map((row) => ({ id: row.id, to: row.recipient, subject: row.subject, status: row.status, ...row.content }));
}
