import { createEmailVerificationToken } from "better-auth/api";
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { isLanguage } from "~/lib/i18n";
import { registerPeriodicTask } from "~/lib/jobs.server";
import { CONFIRMED_CALLBACK } from "./auth-actions.server";
import { CONFIRMATION_LINK_S, getAuth } from "./auth.server";
import { queueConfirmationMail } from "./confirmation-mail.server";

/**
 * The confirmation sweep (ADR 0030): an unconfirmed e-mail/password account whose first
 * confirmation mail was never queued (its process died between the account's commit and the
 * mail) gets it now. Runs once per period across all processes (jobs.server.ts); the
 * account's mark makes the mail go out exactly once, also against a sign-up that is only slow.
 */
export const CONFIRMATION_SWEEP_TASK = "account.confirmation-sweep";
/** An account younger than this is left to its own sign-up request, which takes milliseconds. */
export const CONFIRMATION_SWEEP_GRACE_S = 120;
/**
 * Older accounts are not swept: a day of sweeps every 5 minutes has passed them, and an account made
 * while REQUIRE_EMAIL_CONFIRMATION was off (no mail, no mark) is not mailed long after the switch.
 */
const CONFIRMATION_SWEEP_WINDOW_S = 24 * 60 * 60;
const ACCOUNTS_PER_RUN = 200;

/** Queues the missing first confirmation mails; returns how many it queued. */
export async function sweepUnsentConfirmations(): Promise<number> {
  if (!getEnv().REQUIRE_EMAIL_CONFIRMATION) return 0;
  // Accounts signed up with Google (or another provider) confirm through it, not by mail.
  const { rows } = await db().execute<{ id: string; email: string; name: string; language: string | null }>(sql`
    select u.id, u.email, u.name, p.language from users u left join profiles p on p.id = u.id
    where not u.email_verified and u.confirmation_mail_queued_at is null
      and u.created_at < now() - make_interval(secs => ${CONFIRMATION_SWEEP_GRACE_S})
      and u.created_at > now() - make_interval(secs => ${CONFIRMATION_SWEEP_WINDOW_S})
      and not exists (select 1 from accounts a where a.user_id = u.id and a.provider_id <> 'credential')
    order by u.created_at limit ${ACCOUNTS_PER_RUN}`);
  if (rows.length === 0) return 0;
  const context = await getAuth().$context;
  let queued = 0;
  for (const row of rows) {
    // The same link better-auth's sign-up mails (api/routes/sign-up: createEmailVerificationToken).
    const token = await createEmailVerificationToken(context.secret, row.email, undefined, CONFIRMATION_LINK_S, { userId: row.id });
    const url = `${context.baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent(CONFIRMED_CALLBACK)}`;
    const language = row.language && isLanguage(row.language) ? row.language : "en";
    if (await queueConfirmationMail({ userId: row.id, to: row.email, language, url, name: row.name }, { firstOnly: true })) queued += 1;
  }
  return queued;
}

registerPeriodicTask({
  name: CONFIRMATION_SWEEP_TASK,
  cron: "*/5 * * * *",
  run: async () => `queued ${await sweepUnsentConfirmations()} missing confirmation mail(s)`,
});
