import { and, asc, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { newsletterConsents, profiles, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { isLanguage } from "~/lib/i18n";
import { getFixedT } from "~/lib/i18n.server";
import { queueMail, type Mail } from "~/lib/mailer.server";
import { newsletterHeaders, unsubscribeUrl } from "./newsletter-links.server";

/**
 * Reading the newsletter's records (the operator console, the data export), sending one
 * newsletter mail, and removing requests that were never confirmed (retention). The consent
 * flow itself (ask, confirm, withdraw) is newsletter.server.ts.
 */

export interface ConsentRecord {
  id: string;
  userId: string;
  email: string;
  status: string;
  source: string;
  wording: string;
  wordingVersion: string;
  language: string;
  requestedAt: Date;
  confirmedAt: Date | null;
  withdrawnAt: Date | null;
  withdrawnVia: string | null;
}

const consentColumns = {
  id: newsletterConsents.id,
  userId: newsletterConsents.userId,
  email: newsletterConsents.email,
  status: newsletterConsents.status,
  source: newsletterConsents.source,
  wording: newsletterConsents.wording,
  wordingVersion: newsletterConsents.wordingVersion,
  language: newsletterConsents.language,
  requestedAt: newsletterConsents.requestedAt,
  confirmedAt: newsletterConsents.confirmedAt,
  withdrawnAt: newsletterConsents.withdrawnAt,
  withdrawnVia: newsletterConsents.withdrawnVia,
};

export const CONSENT_STATUSES = ["confirmed", "pending", "withdrawn", "cancelled"] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Consent records (proof of asking, confirming, withdrawing), newest first: one user's, one
 * status's, or those whose address contains `q`.
 */
export async function getConsentRecords(
  options: { userId?: string; status?: ConsentStatus; q?: string; limit?: number; offset?: number } = {},
): Promise<ConsentRecord[]> {
  const conditions: SQL[] = [];
  if (options.userId) conditions.push(eq(newsletterConsents.userId, options.userId));
  if (options.status) conditions.push(eq(newsletterConsents.status, options.status));
  if (options.q) conditions.push(ilike(newsletterConsents.email, `%${escapeLike(options.q)}%`));
  return db()
    .select(consentColumns)
    .from(newsletterConsents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(newsletterConsents.requestedAt), desc(newsletterConsents.id))
    .limit(options.limit ?? 1000)
    .offset(options.offset ?? 0);
}

/** How many consent records have each status. */
export async function countConsentRecords(): Promise<Record<ConsentStatus, number>> {
  const rows = await db()
    .select({ status: newsletterConsents.status, n: count() })
    .from(newsletterConsents)
    .groupBy(newsletterConsents.status);
  const counts = Object.fromEntries(CONSENT_STATUSES.map((status) => [status, 0])) as Record<ConsentStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as ConsentStatus] = Number(row.n);
  return counts;
}

export interface NewsletterSubscriber {
  email: string;
  username: string | null;
  language: string;
  consentId: string;
  confirmedAt: Date;
  wordingVersion: string;
  source: string;
  unsubscribeUrl: string;
  /** The proof: when consent was asked, the wording shown and the language it was shown in. */
  requestedAt: Date;
  wording: string;
  consentLanguage: string;
}

/** The active subscribers (confirmed, not withdrawn), oldest first: the console's CSV export reads this. */
export async function listNewsletterSubscribers(): Promise<NewsletterSubscriber[]> {
  const rows = await db()
    .select({
      email: user.email,
      username: profiles.username,
      language: profiles.language,
      consentId: newsletterConsents.id,
      confirmedAt: newsletterConsents.confirmedAt,
      wordingVersion: newsletterConsents.wordingVersion,
      source: newsletterConsents.source,
      requestedAt: newsletterConsents.requestedAt,
      wording: newsletterConsents.wording,
      consentLanguage: newsletterConsents.language,
    })
    .from(newsletterConsents)
    .innerJoin(user, eq(user.id, newsletterConsents.userId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(newsletterConsents.status, "confirmed"))
    .orderBy(asc(newsletterConsents.confirmedAt));
  return rows.map((row) => ({
    ...row,
    language: row.language ?? "en",
    confirmedAt: row.confirmedAt ?? new Date(0),
    unsubscribeUrl: unsubscribeUrl(row.consentId),
  }));
}

/**
 * Queues one newsletter mail to one active subscriber, with the one-click unsubscribe headers and
 * the unsubscribe link appended to the text. Returns false when the consent is not active.
 */
export async function queueNewsletterMail(consentId: string, mail: Pick<Mail, "subject" | "text" | "html">) {
  const [row] = await db()
    .select({ email: user.email, status: newsletterConsents.status, language: profiles.language })
    .from(newsletterConsents)
    .innerJoin(user, eq(user.id, newsletterConsents.userId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(newsletterConsents.id, consentId));
  if (!row || row.status !== "confirmed") return false;
  const t = await getFixedT(isLanguage(row.language) ? row.language : "en");
  const link = unsubscribeUrl(consentId);
  const line = `${t("mail.unsubscribe")}: ${link}`;
  await queueMail({
    to: row.email,
    subject: mail.subject,
    text: `${mail.text}\n\n${line}`,
    html: `${mail.html}<p style="font-size:12px"><a href="${link}">${t("mail.unsubscribe")}</a></p>`,
    headers: newsletterHeaders(consentId),
  });
  return true;
}

/** Pending requests whose link expired long ago carry no consent: retention removes them. */
export async function deleteStalePendingConsents(olderThanDays: number) {
  const result = await db().execute(sql`
    delete from newsletter_consents
    where status in ('pending', 'cancelled') and confirmed_at is null and requested_at < now() - make_interval(days => ${olderThanDays})`);
  return result.rowCount ?? 0;
}
