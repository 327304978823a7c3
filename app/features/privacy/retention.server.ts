import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { eraseAccount } from "~/features/account/erasure.server";
import { deleteStalePendingConsents } from "~/features/account/newsletter-records.server";
import { deleteOldAnalyticsEvents } from "~/features/analytics/rollup.server";
import { deleteOldLaunchSignups } from "~/features/launch-notify/launch-signups.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { registerPeriodicTask } from "~/lib/jobs.server";
import type { RetentionValues } from "./retention-limits";
import { readRetentionValues } from "./retention-settings.server";

/**
 * Retention (GDPR Art. 5(1)(e)): old data is deleted on a schedule, once per period across all
 * server processes (app/lib/jobs.server.ts). Periods come from the operator console
 * (retention-settings.server.ts) over the RETENTION_* variables (README, docs/privacy.md); the
 * privacy policy shows the same values (getRetentionPolicy()).
 */
export const RETENTION_TASK = "privacy.retention";
const ACCOUNTS_PER_RUN = 500;

export interface RetentionPolicy extends RetentionValues {
  /** False when REQUIRE_EMAIL_CONFIRMATION=false: unconfirmed accounts are then ordinary accounts. */
  deletesUnconfirmedAccounts: boolean;
  intervalMinutes: number;
}

/** The periods in force (the console's over the environment's) and how often the job runs. */
export async function getRetentionPolicy(): Promise<RetentionPolicy> {
  const env = getEnv();
  return {
    ...(await readRetentionValues()),
    deletesUnconfirmedAccounts: env.REQUIRE_EMAIL_CONFIRMATION,
    intervalMinutes: env.RETENTION_INTERVAL_MINUTES,
  };
}

export type RetentionReport = Record<
  | "unconfirmedAccounts"
  | "contactMessages"
  | "sentJobs"
  | "mailFiles"
  | "rateLimitCounters"
  | "verifications"
  | "invitations"
  | "expiredSessions"
  | "pendingNewsletterRequests"
  | "launchSignups"
  | "analyticsEvents"
  | "auditEntries"
  | "privacyRequests",
  number
>;

async function count(query: ReturnType<typeof sql>) {
  const result = await db().execute(query);
  return result.rowCount ?? 0;
}

/** .eml files of mails written without SMTP_URL, older than the sent-mail period. */
async function deleteOldMailFiles(days: number) {
  const dir = path.join(getEnv().DATA_DIR, "outbox");
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - days * 24 * 60 * 60 * 1000;
  let removed = 0;
  for (const name of names.filter((entry) => entry.endsWith(".eml"))) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (stat && stat.mtimeMs < cutoff) {
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** One pass over every kind of data with a retention period; returns what it removed. */
export async function runRetention(given?: RetentionPolicy): Promise<RetentionReport> {
  const policy = given ?? (await getRetentionPolicy());
  let unconfirmedAccounts = 0;
  if (policy.deletesUnconfirmedAccounts) {
    const { rows } = await db().execute<{ id: string }>(sql`
      select id from users where not email_verified
        and created_at < now() - make_interval(days => ${policy.unconfirmedAccountDays})
      order by created_at limit ${ACCOUNTS_PER_RUN}`);
    for (const row of rows) if (await eraseAccount(row.id, { notify: false })) unconfirmedAccounts += 1;
  }
  return {
    unconfirmedAccounts,
    contactMessages: await count(sql`delete from contact_messages
      where created_at < now() - make_interval(months => ${policy.contactMessageMonths})`),
    // Mails that ended (address and subject; their bodies went when they ended).
    sentJobs: await count(sql`delete from mail_log
      where status in ('sent', 'failed') and updated_at < now() - make_interval(days => ${policy.sentMailDays})`),
    mailFiles: await deleteOldMailFiles(policy.sentMailDays),
    rateLimitCounters:
      (await count(sql`delete from request_counters where window_start < now() - make_interval(hours => ${policy.rateLimitHours})`)) +
      (await count(sql`delete from rate_limits
        where last_request < (extract(epoch from now() - make_interval(hours => ${policy.rateLimitHours})) * 1000)::bigint`)),
    verifications: await count(sql`delete from verifications
      where expires_at < now() - make_interval(hours => ${policy.verificationHours})`),
    // Console invitations that ended (used, revoked, expired) go as their tokens' kin do (ADR 0074); the audit log keeps who invited whom.
    invitations: await count(sql`delete from console_invitations
      where coalesce(accepted_at, revoked_at, expires_at) < now() - make_interval(hours => ${policy.verificationHours})`),
    expiredSessions: await count(sql`delete from sessions where expires_at < now()`),
    pendingNewsletterRequests: await deleteStalePendingConsents(policy.pendingNewsletterDays),
    launchSignups: await deleteOldLaunchSignups({ pendingDays: policy.pendingLaunchDays, confirmedMonths: policy.launchSignupMonths }),
    analyticsEvents: await deleteOldAnalyticsEvents(policy.analyticsEventDays),
    auditEntries: await count(sql`delete from audit_log where at < now() - make_interval(months => ${policy.auditLogMonths})`),
    privacyRequests: await count(sql`delete from privacy_requests
      where handled_at < now() - make_interval(months => ${policy.auditLogMonths})`),
  };
}

export function describeReport(report: RetentionReport) {
  const parts = Object.entries(report).map(([kind, removed]) => `${kind}=${removed}`);
  return `removed ${parts.join(", ")}`;
}

/**
 * RETENTION_INTERVAL_MINUTES as a cron expression (pg-boss schedules by cron): every N minutes
 * within the hour below an hour, every N/60 hours within the day below a day, else every N/1440 days.
 */
export function retentionCron(minutes: number) {
  if (minutes < 60) return `*/${minutes} * * * *`;
  if (minutes < 24 * 60) return `0 */${Math.round(minutes / 60)} * * *`;
  return `0 0 */${Math.round(minutes / (24 * 60))} * *`;
}

registerPeriodicTask({
  name: RETENTION_TASK,
  cron: () => retentionCron(getEnv().RETENTION_INTERVAL_MINUTES),
  run: async () => describeReport(await runRetention()),
});
