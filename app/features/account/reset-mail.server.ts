import { sql } from "drizzle-orm";
import { passwordResetMails } from "~/db/schema";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { takeMailQuota } from "~/lib/mail-quota.server";
import { queueMail } from "~/lib/mailer.server";
import { renderAccountMail } from "./mail.server";
import { mailBrand } from "~/lib/brand.server";

/**
 * The reset mail, with limits a stranger cannot use up (ADR 0043). Anyone may ask for a reset of
 * any address, so the recipient's side decides, and it must never leave the owner without a
 * working link:
 *
 * 1. While a link mailed to the account is still valid, no new mail: the owner uses that one.
 *    A flood therefore costs the recipient at most one mail per link lifetime.
 * 2. Otherwise a new mail, while the recipient's daily quota (MAIL_QUOTAS.reset) lasts.
 * 3. Past the quota, the newest link mailed in the last day is made valid again for one link
 *    lifetime instead: the newest reset mail in the owner's inbox works whenever they ask.
 *    Only when there is none left to revive (the owner used them all; or retention removed them)
 *    is a mail sent past the quota: a stranger cannot use links, so that takes the owner's doing.
 *
 * better-auth creates a token before it asks for the mail; a token that is not mailed is
 * deleted at once, so no unknown link stays valid.
 */
export const RESET_LINK_S = 60 * 60;
const REVIVE_WITHIN_S = 24 * 60 * 60;

export interface ResetMail {
  userId: string;
  to: string;
  language: Language;
  url: string;
  name?: string;
  /** The id of the verification row of the link in `url`. */
  verificationId: string;
}

async function hasValidMailedLink(userId: string) {
  const result = await db().execute(sql`
    select 1 from password_reset_mails m join verifications v on v.id = m.verification_id
    where m.user_id = ${userId} and v.expires_at > now() limit 1`);
  return result.rows.length > 0;
}

async function reviveNewestLink(userId: string) {
  const result = await db().execute(sql`
    update verifications set expires_at = now() + make_interval(secs => ${RESET_LINK_S}), updated_at = now()
    where id = (select verification_id from password_reset_mails
      where user_id = ${userId} and mailed_at > now() - make_interval(secs => ${REVIVE_WITHIN_S})
      order by mailed_at desc limit 1)
    returning id`);
  return result.rows.length > 0;
}

async function dropUnmailedLink(verificationId: string) {
  await db().execute(sql`delete from verifications where id = ${verificationId}`);
}

/** What happened to a reset request: mailed, or which earlier link the owner can use. */
export type ResetMailOutcome = "mailed" | "earlier-link-valid" | "newest-link-revived";

export async function mailResetLink(mail: ResetMail): Promise<ResetMailOutcome> {
  if (await hasValidMailedLink(mail.userId)) {
    await dropUnmailedLink(mail.verificationId);
    logger.info("reset mail not sent: a link mailed to the account is still valid");
    return "earlier-link-valid";
  }
  if (!(await takeMailQuota("reset", mail.to)) && (await reviveNewestLink(mail.userId))) {
    await dropUnmailedLink(mail.verificationId);
    logger.info("reset mail not sent: the newest link mailed today is valid again");
    return "newest-link-revived";
  }
  const rendered = await renderAccountMail("reset", mail.language, { url: mail.url, name: mail.name }, await mailBrand());
  await db().transaction(async (tx) => {
    await tx.insert(passwordResetMails).values({ verificationId: mail.verificationId, userId: mail.userId });
    await queueMail({ to: mail.to, ...rendered }, { executor: tx });
  });
  return "mailed";
}
