import { and, asc, count, desc, eq, ilike, isNotNull, sql, type SQL } from "drizzle-orm";
import { launchNotifications } from "~/db/schema";
import { db, type Database } from "~/lib/db.server";
import { isLaunchTopic, LAUNCH_TOPICS, type LaunchTopic } from "./launch-topics";

/**
 * The "tell me when it opens" sign-ups as data: the operator console's list, counts, CSV rows
 * and deletion of one entry; the member's data export; retention. Recording and confirming a
 * sign-up is launch-notify.server.ts.
 */
export { isLaunchTopic, type LaunchTopic };
export const LAUNCH_PAGE_SIZE = 50;

export interface LaunchSignup {
  id: string;
  email: string;
  topic: LaunchTopic;
  language: string;
  createdAt: Date;
  confirmedAt: Date | null;
}

const signupColumns = {
  id: launchNotifications.id,
  email: launchNotifications.email,
  topic: launchNotifications.topic,
  language: launchNotifications.language,
  createdAt: launchNotifications.createdAt,
  confirmedAt: launchNotifications.confirmedAt,
};

/** Per launch: confirmed and waiting for confirmation. */
export async function countLaunchSignups(): Promise<Record<LaunchTopic, { confirmed: number; pending: number }>> {
  const rows = await db()
    .select({ topic: launchNotifications.topic, confirmed: sql<boolean>`${launchNotifications.confirmedAt} is not null`, n: count() })
    .from(launchNotifications)
    .groupBy(launchNotifications.topic, sql`${launchNotifications.confirmedAt} is not null`);
  const counts = Object.fromEntries(LAUNCH_TOPICS.map((topic) => [topic, { confirmed: 0, pending: 0 }])) as Record<
    LaunchTopic,
    { confirmed: number; pending: number }
  >;
  for (const row of rows) if (isLaunchTopic(row.topic)) counts[row.topic][row.confirmed ? "confirmed" : "pending"] = Number(row.n);
  return counts;
}

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** One page of one launch's sign-ups, newest first; `q` searches the address. */
export async function listLaunchSignups(options: { topic: LaunchTopic; q?: string; page?: number }) {
  const conditions: SQL[] = [eq(launchNotifications.topic, options.topic)];
  if (options.q) conditions.push(ilike(launchNotifications.email, `%${escapeLike(options.q)}%`));
  const page = Math.max(1, options.page ?? 1);
  const rows = await db()
    .select(signupColumns)
    .from(launchNotifications)
    .where(and(...conditions))
    .orderBy(desc(launchNotifications.createdAt), desc(launchNotifications.id))
    .limit(LAUNCH_PAGE_SIZE + 1)
    .offset((page - 1) * LAUNCH_PAGE_SIZE);
  return { signups: rows.slice(0, LAUNCH_PAGE_SIZE) as LaunchSignup[], hasMore: rows.length > LAUNCH_PAGE_SIZE };
}

/** The confirmed sign-ups of one launch, oldest first: the addresses to tell when it opens (CSV export). */
export async function listConfirmedLaunchSignups(topic: LaunchTopic): Promise<LaunchSignup[]> {
  const rows = await db()
    .select(signupColumns)
    .from(launchNotifications)
    .where(and(eq(launchNotifications.topic, topic), isNotNull(launchNotifications.confirmedAt)))
    .orderBy(asc(launchNotifications.confirmedAt), asc(launchNotifications.id));
  return rows as LaunchSignup[];
}

/** Deletes one sign-up; returns what was deleted (for the audit log), or undefined when there was none. */
export async function deleteLaunchSignup(id: string, executor: Pick<Database, "delete"> = db()): Promise<LaunchSignup | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [deleted] = await executor.delete(launchNotifications).where(eq(launchNotifications.id, id)).returning(signupColumns);
  return deleted as LaunchSignup | undefined;
}

/** The sign-ups of an address (the member's data export), oldest first; never the token. */
export async function launchSignupsOfEmail(email: string) {
  const rows = await db()
    .select({
      topic: launchNotifications.topic,
      language: launchNotifications.language,
      signedUpAt: launchNotifications.createdAt,
      confirmedAt: launchNotifications.confirmedAt,
    })
    .from(launchNotifications)
    .where(sql`lower(${launchNotifications.email}) = ${email.toLowerCase()}`)
    .orderBy(asc(launchNotifications.createdAt));
  return rows;
}

/**
 * Retention: sign-ups never confirmed after `pendingDays` (they carry no consent), and confirmed
 * ones after `confirmedMonths` (a consent to hear about a launch does not last for ever).
 */
export async function deleteOldLaunchSignups(periods: { pendingDays: number; confirmedMonths: number }) {
  const result = await db().execute(sql`
    delete from launch_notifications
    where (confirmed_at is null and created_at < now() - make_interval(days => ${periods.pendingDays}))
       or (confirmed_at is not null and confirmed_at < now() - make_interval(months => ${periods.confirmedMonths}))`);
  return result.rowCount ?? 0;
}
