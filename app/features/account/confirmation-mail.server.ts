import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { takeMailQuota } from "~/lib/mail-quota.server";
import { queueMail } from "~/lib/mailer.server";
import { renderAccountMail } from "./mail.server";
import { mailBrand } from "~/lib/brand.server";

/**
 * The confirmation mail of a new account, queued crash-safe (ADR 0030). better-auth commits the
 * account first and asks for the mail afterwards, so a process killed in between would leave an
 * account that never gets its mail. Each account therefore records when its first confirmation
 * mail was queued (`users.confirmation_mail_queued_at`), set in the same transaction as the outbox
 * row; the confirmation sweep (confirmation-sweep.server.ts) queues the mail for any account that
 * still has no mark a little later. The mark is claimed with the row lock, so the mail is queued
 * exactly once whoever gets there first.
 */
export interface ConfirmationMail {
  userId: string;
  to: string;
  language: Language;
  url: string;
  name?: string;
}

/**
 * Queues the mail and sets the account's mark, in one transaction. `firstOnly`: queue nothing when
 * the mark is set already (the sign-up and the sweep); otherwise (a resend) the mail is queued
 * anyway, within the recipient's daily quota. Returns whether a mail was queued.
 */
export async function queueConfirmationMail(mail: ConfirmationMail, options: { firstOnly: boolean }): Promise<boolean> {
  // A resend (from anyone: the form names only an address) stays within the recipient's daily quota (ADR 0043).
  if (!options.firstOnly && !(await takeMailQuota("confirm", mail.to))) return false;
  const rendered = await renderAccountMail("confirm", mail.language, { url: mail.url, name: mail.name }, await mailBrand());
  return db().transaction(async (tx) => {
    // SKIP LOCKED: an account whose sign-up transaction is still open (or hangs) is not waited for.
    const marked = await tx.execute(sql`
      update users set confirmation_mail_queued_at = now()
      where id = (select id from users where id = ${mail.userId} and confirmation_mail_queued_at is null for update skip locked)
      returning id`);
    if (options.firstOnly && marked.rows.length === 0) return false;
    await queueMail({ to: mail.to, ...rendered }, { executor: tx });
    return true;
  });
}
