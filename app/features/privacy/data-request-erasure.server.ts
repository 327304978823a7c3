import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { mailQuotaKeys } from "~/lib/mail-quota.server";
import { auditMentionsOf, normalizeAddress } from "./data-requests.server";

type Executor = Pick<Database, "execute">;

/** What replaces an erased address where the row itself stays (the audit log, a newsletter's recipient list). */
export const ERASED = "[erased]";

function regexOf(email: string) {
  return email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Erases what is tied to the address itself, member or not (ADR 0084), in the caller's transaction;
 * the account (if any) is erased before by the account's own complete erasure. The operator has
 * checked who asks, so the address's messages go even when an account never confirmed it.
 * Rows that belong to someone else's record keep the row and lose the address: a newsletter's
 * recipient list keeps its counts, the audit log what happened, a staff member's published
 * versions their history.
 */
export async function eraseAddressData(given: string, tx: Executor) {
  const email = normalizeAddress(given);
  const pattern = regexOf(email);
  // Contact messages take their replies with them (foreign key cascade).
  await tx.execute(sql`delete from contact_messages where lower(email) = ${email}`);
  await tx.execute(sql`delete from launch_notifications where lower(email) = ${email}`);
  await tx.execute(sql`delete from mail_log where lower(recipient) = ${email} or strpos(lower(coalesce(content::text, '')), ${email}) > 0`);
  await tx.execute(sql`delete from newsletter_consents where lower(email) = ${email}`);
  await tx.execute(sql`delete from newsletter_bounces where lower(email) = ${email}`);
  await tx.execute(sql`delete from newsletter_suppressions where email = ${email}`);
  await tx.execute(sql`update newsletter_deliveries set email = ${ERASED} where lower(email) = ${email}`);
  await tx.execute(sql`delete from console_invitations where lower(email) = ${email}`);
  await tx.execute(sql`delete from verifications where strpos(lower(identifier), ${email}) > 0`);
  const quotaKeys = sql.join(
    mailQuotaKeys(email).map((key) => sql`${key}`),
    sql`, `,
  );
  await tx.execute(sql`delete from request_counters where split_part(key, ':acct:', 2) = ${email} or key in (${quotaKeys})`);
  // Staff columns: who replied, published, scheduled or invited keeps the row, not the address.
  await tx.execute(sql`update contact_replies set author_email = ${ERASED} where lower(author_email) = ${email}`);
  await tx.execute(sql`update console_invitations set invited_by_email = ${ERASED} where lower(invited_by_email) = ${email}`);
  await tx.execute(sql`update page_content_versions set published_by_email = ${ERASED} where lower(published_by_email) = ${email}`);
  await tx.execute(sql`update news_post_versions set published_by_email = ${ERASED} where lower(published_by_email) = ${email}`);
  await tx.execute(sql`update page_schedules set scheduled_by_email = ${ERASED} where lower(scheduled_by_email) = ${email}`);
  await tx.execute(sql`update news_schedules set scheduled_by_email = ${ERASED} where lower(scheduled_by_email) = ${email}`);
  await tx.execute(sql`update audit_log set
      actor_email = case when lower(actor_email) = ${email} then ${ERASED} else actor_email end,
      entity_id = case when lower(coalesce(entity_id, '')) = ${email} then ${ERASED} else entity_id end,
      summary = regexp_replace(summary, ${pattern}, ${ERASED}, 'gi'),
      changes = regexp_replace(changes::text, ${pattern}, ${ERASED}, 'gi')::jsonb
    where ${auditMentionsOf(email)}`);
}
