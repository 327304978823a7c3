import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { auditMentionsOf, normalizeAddress } from "./data-requests.server";

/**
 * `address-data.json` of a data request's export (ADR 0084): everything tied to the address itself,
 * whether or not an account has it; the account's own data is `my-data.json` beside it, exactly as
 * the member's own export. Mail bodies are left out as in the member's export (a link in a mail still
 * on its way would act for the address). One address's rows are few: read in one go.
 */
export const ADDRESS_EXPORT_FORMAT = "ipangel-address-data/1";

async function rows(query: ReturnType<typeof sql>) {
  return (await db().execute<Record<string, unknown>>(query)).rows;
}

export async function addressDataJson(given: string): Promise<string> {
  const email = normalizeAddress(given);
  const contactMessages = await rows(sql`
    select m.created_at as "sentAt", m.name, m.subject, m.message, m.language, m.handled_at as "handledAt",
      coalesce((select json_agg(json_build_object('sentAt', r.created_at, 'body', r.body) order by r.created_at)
        from contact_replies r where r.message_id = m.id), '[]'::json) as "replies"
    from contact_messages m where lower(m.email) = ${email} order by m.created_at`);
  const data = {
    format: ADDRESS_EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    email,
    contactMessages,
    launchNotifications: await rows(sql`
      select topic, language, created_at as "signedUpAt", confirmed_at as "confirmedAt"
      from launch_notifications where lower(email) = ${email} order by created_at`),
    newsletterConsents: await rows(sql`
      select status, source, wording, wording_version as "wordingVersion", language, requested_at as "requestedAt",
        confirmed_at as "confirmedAt", withdrawn_at as "withdrawnAt", withdrawn_via as "withdrawnVia"
      from newsletter_consents where lower(email) = ${email} order by requested_at`),
    newsletterDeliveries: await rows(sql`
      select i.slug as issue, d.language, d.state, d.sent_at as "sentAt", d.bounce
      from newsletter_deliveries d join newsletter_issues i on i.id = d.issue_id
      where lower(d.email) = ${email} order by d.id`),
    newsletterBounces: await rows(sql`
      select kind, status, detail, received_at as "receivedAt" from newsletter_bounces where lower(email) = ${email} order by id`),
    newsletterSuppression:
      (
        await rows(sql`
      select reason, detail, created_at as "since" from newsletter_suppressions where email = ${email}`)
      )[0] ?? null,
    mails: await rows(sql`
      select created_at as "queuedAt", status, subject from mail_log where lower(recipient) = ${email} order by id`),
    consoleInvitations: await rows(sql`
      select role, created_at as "invitedAt", expires_at as "expiresAt", accepted_at as "acceptedAt", revoked_at as "revokedAt"
      from console_invitations where lower(email) = ${email} order by created_at`),
    auditLogMentions: await rows(sql`
      select at, action, summary from audit_log where ${auditMentionsOf(email)} order by at, id`),
    notes: [
      "The account's own data, if the address has an account, is in my-data.json beside this file.",
      "Mail texts are not kept after a mail was sent; subjects and states are kept for a limited time (see the privacy policy).",
    ],
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}
