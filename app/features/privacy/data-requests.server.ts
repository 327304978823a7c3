import { createHash } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { privacyRequests, type PrivacyRequestKind } from "~/db/schema";
import { db } from "~/lib/db.server";

/**
 * A data request for any address (GDPR Art. 15, 17; issue 26, ADR 0084): what the site holds for it,
 * member or not. Everything tied to the address is matched on its lower case; the console shows the
 * findings, exports them (data-request-export.server.ts) and erases them (data-request-erasure.server.ts).
 * A handled request is kept in `privacy_requests` with the address only as SHA-256 of its lower case.
 */
export function normalizeAddress(email: string) {
  return email.trim().toLowerCase();
}

export function addressHash(email: string) {
  return createHash("sha256").update(normalizeAddress(email)).digest("hex");
}

export interface AddressFindings {
  email: string;
  account: { id: string; name: string; verified: boolean; createdAt: string; role: string | null } | null;
  contactMessages: { id: string; subject: string; createdAt: string; replies: number }[];
  newsletterConsents: { status: string; language: string; requestedAt: string }[];
  launchSignups: { topic: string; confirmed: boolean; createdAt: string }[];
  mails: { subject: string; status: string; createdAt: string }[];
  newsletterDeliveries: number;
  newsletterBounces: number;
  suppressed: boolean;
  invitations: number;
  /** Audit entries by the address (a former console user) or naming it in their summary or changes. */
  auditMentions: number;
  /** Requests for this address handled before. */
  handled: { kind: PrivacyRequestKind; handledAt: string; handledByEmail: string }[];
}

/** Rows naming the address in the audit log: as the actor, the entity, the summary or a changed field. */
export function auditMentionsOf(email: string) {
  return sql`(lower(actor_email) = ${email} or lower(coalesce(entity_id, '')) = ${email}
    or strpos(lower(coalesce(summary, '')), ${email}) > 0 or strpos(lower(changes::text), ${email}) > 0)`;
}

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
  return (await db().execute<T>(query)).rows;
}

async function countOf(query: ReturnType<typeof sql>) {
  const [row] = await rows<{ n: number }>(query);
  return row?.n ?? 0;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Everything the site holds for the address, as counts and short lists (the console's view; no message bodies). */
export async function findAddressData(given: string): Promise<AddressFindings> {
  const email = normalizeAddress(given);
  // Independent reads: the pool runs them side by side.
  const [[account], contactMessages, consents, launches, mails, handled, counts] = await Promise.all([
    rows<{ id: string; name: string; verified: boolean; created_at: string; role: string | null }>(sql`
      select u.id, u.name, u.email_verified as verified, u.created_at, r.role
      from users u left join user_roles r on r.user_id = u.id where lower(u.email) = ${email}`),
    rows<{ id: string; subject: string; created_at: string; replies: number }>(sql`
      select m.id, m.subject, m.created_at, (select count(*)::int from contact_replies r where r.message_id = m.id) as replies
      from contact_messages m where lower(m.email) = ${email} order by m.created_at desc`),
    rows<{ status: string; language: string; requested_at: string }>(sql`
      select status, language, requested_at from newsletter_consents where lower(email) = ${email} order by requested_at desc`),
    rows<{ topic: string; confirmed: boolean; created_at: string }>(sql`
      select topic, confirmed_at is not null as confirmed, created_at from launch_notifications
      where lower(email) = ${email} order by created_at desc`),
    rows<{ subject: string; status: string; created_at: string }>(sql`
      select subject, status, created_at from mail_log where lower(recipient) = ${email} order by id desc`),
    db()
      .select({ kind: privacyRequests.kind, handledAt: privacyRequests.handledAt, handledByEmail: privacyRequests.handledByEmail })
      .from(privacyRequests)
      .where(eq(privacyRequests.emailHash, addressHash(email)))
      .orderBy(desc(privacyRequests.handledAt)),
    Promise.all([
      countOf(sql`select count(*)::int as n from newsletter_deliveries where lower(email) = ${email}`),
      countOf(sql`select count(*)::int as n from newsletter_bounces where lower(email) = ${email}`),
      countOf(sql`select count(*)::int as n from newsletter_suppressions where email = ${email}`),
      countOf(sql`select count(*)::int as n from console_invitations where lower(email) = ${email}`),
      countOf(sql`select count(*)::int as n from audit_log where ${auditMentionsOf(email)}`),
    ]),
  ]);
  const [newsletterDeliveries, newsletterBounces, suppressions, invitations, auditMentions] = counts;
  return {
    email,
    account: account
      ? { id: account.id, name: account.name, verified: account.verified, createdAt: iso(account.created_at), role: account.role }
      : null,
    contactMessages: contactMessages.map((message) => ({
      id: message.id,
      subject: message.subject,
      replies: message.replies,
      createdAt: iso(message.created_at),
    })),
    newsletterConsents: consents.map((consent) => ({
      status: consent.status,
      language: consent.language,
      requestedAt: iso(consent.requested_at),
    })),
    launchSignups: launches.map((signup) => ({ topic: signup.topic, confirmed: signup.confirmed, createdAt: iso(signup.created_at) })),
    mails: mails.map((mail) => ({ subject: mail.subject, status: mail.status, createdAt: iso(mail.created_at) })),
    newsletterDeliveries,
    newsletterBounces,
    suppressed: suppressions > 0,
    invitations,
    auditMentions,
    handled: handled.map((request) => ({ ...request, handledAt: iso(request.handledAt) })),
  };
}

/** What a findings object holds, as the counts a handled request keeps (no data, only how much). */
export function countsOf(findings: AddressFindings): Record<string, number> {
  return {
    account: findings.account ? 1 : 0,
    contactMessages: findings.contactMessages.length,
    newsletterConsents: findings.newsletterConsents.length,
    launchSignups: findings.launchSignups.length,
    mails: findings.mails.length,
    newsletterDeliveries: findings.newsletterDeliveries,
    newsletterBounces: findings.newsletterBounces,
    suppressions: findings.suppressed ? 1 : 0,
    invitations: findings.invitations,
    auditMentions: findings.auditMentions,
  };
}

export function isEmpty(findings: AddressFindings) {
  return Object.values(countsOf(findings)).every((count) => count === 0);
}

/** The handled requests, newest first, for the console's list. */
export async function recentPrivacyRequests(limit = 50) {
  return db()
    .select({
      id: privacyRequests.id,
      kind: privacyRequests.kind,
      handledAt: privacyRequests.handledAt,
      handledByEmail: privacyRequests.handledByEmail,
      counts: privacyRequests.counts,
    })
    .from(privacyRequests)
    .orderBy(desc(privacyRequests.handledAt))
    .limit(limit);
}
