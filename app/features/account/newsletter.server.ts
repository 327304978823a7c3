import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { newsletterConsents, profiles, user } from "~/db/schema";
import { db, type Database } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { isLanguage, type Language } from "~/lib/i18n";
import { getFixedT } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import { takeMailQuota } from "~/lib/mail-quota.server";
import { queueMail } from "~/lib/mailer.server";
import { renderAccountMail } from "./mail.server";
import { isValidUnsubscribeLink, newsletterHeaders, unsubscribeUrl } from "./newsletter-links.server";
import { enqueueShopSync } from "./shopify.server";
import { mailBrand } from "~/lib/brand.server";
import { queueWelcome } from "~/features/newsletter/welcome.server";

/**
 * Newsletter double opt-in with proof (GDPR Art. 7(1), § 7(2) no. 2 UWG). Choosing the newsletter
 * (sign-up or profile) stores a *pending* consent with the form, the wording shown and its version,
 * the language and the time, and mails a confirmation link to the address; only following that
 * link makes the subscription active (`profiles.newsletter_subscribed`). Withdrawal (profile, or
 * the one-click link every newsletter mail carries, RFC 8058) is recorded on the same row.
 *
 * The signed unsubscribe links are newsletter-links.server.ts; the records for the operator
 * console and the data export (`listNewsletterSubscribers()`, `getConsentRecords()`) and sending
 * a newsletter (`queueNewsletterMail()`) are newsletter-records.server.ts.
 */

/** Changes whenever the consent wording (auth.fields.newsletter, profile.fields.newsletter*) changes. */
export const NEWSLETTER_WORDING_VERSION = "2026-11-22";
export const NEWSLETTER_CONFIRM_TTL_S = 7 * 24 * 60 * 60;
export type ConsentSource = "signup" | "profile";
export type WithdrawVia = "profile" | "one-click" | "unsubscribe-page" | "superseded";
export type NewsletterStatus = "active" | "pending" | "none";

type Executor = Pick<Database, "insert" | "update" | "select" | "execute">;

/** The exact text the form showed next to the box that was ticked, in the visitor's language. */
export async function consentWording(source: ConsentSource, language: Language) {
  const t = await getFixedT(language);
  // The form's namespace ("auth" = sign-up, "profile"), read here on the server only to store
  // the wording as proof; nothing from here is shown in the browser.
  const form = source === "signup" ? "auth" : "profile";
  if (source === "signup") return t(`${form}.fields.newsletter`);
  return `${t(`${form}.fields.newsletter`)}: ${t(`${form}.fields.newsletterHint`)}`;
}

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

export async function getNewsletterStatus(userId: string): Promise<NewsletterStatus> {
  const [row] = await db()
    .select({ status: newsletterConsents.status, expiresAt: newsletterConsents.tokenExpiresAt })
    .from(newsletterConsents)
    .where(and(eq(newsletterConsents.userId, userId), inArray(newsletterConsents.status, ["pending", "confirmed"])))
    .orderBy(desc(newsletterConsents.requestedAt))
    .limit(1);
  return newsletterStatusOf(row);
}

/** The newsletter state shown from the latest pending or confirmed consent (or none). */
export function newsletterStatusOf(row: { status: string; expiresAt: Date | null } | undefined): NewsletterStatus {
  if (!row) return "none";
  if (row.status === "confirmed") return "active";
  return row.expiresAt && row.expiresAt.getTime() > Date.now() ? "pending" : "none";
}

async function userLanguageOf(userId: string, fallback: Language): Promise<Language> {
  const [row] = await db().select({ language: profiles.language }).from(profiles).where(eq(profiles.id, userId));
  return row && isLanguage(row.language) ? row.language : fallback;
}

/**
 * Records a pending consent and queues the confirmation mail (in the user's language). An active
 * subscription is left as it is; an older pending request is replaced (its link stops working).
 * Returns false when there was nothing to do.
 */
export async function requestNewsletter(
  userId: string,
  options: { source: ConsentSource; language: Language; executor?: Executor },
): Promise<boolean> {
  const executor = options.executor ?? db();
  const [account] = await executor
    .select({ email: user.email, name: user.name, username: profiles.username })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!account) return false;
  const [active] = await executor
    .select({ id: newsletterConsents.id })
    .from(newsletterConsents)
    .where(and(eq(newsletterConsents.userId, userId), eq(newsletterConsents.status, "confirmed")))
    .limit(1);
  if (active) return false;
  // Switching on and off again and again: past the address's daily quota nothing changes and no
  // mail goes out (ADR 0043); an earlier mail's link still works unless the switch withdrew it.
  if (!(await takeMailQuota("newsletterConfirm", account.email))) return false;
  const token = randomBytes(32).toString("base64url");
  const wording = await consentWording(options.source, options.language);
  await executor
    .update(newsletterConsents)
    .set({ status: "cancelled", withdrawnAt: new Date(), withdrawnVia: "superseded", tokenHash: null })
    .where(and(eq(newsletterConsents.userId, userId), eq(newsletterConsents.status, "pending")));
  const [consent] = await executor
    .insert(newsletterConsents)
    .values({
      userId,
      email: account.email,
      source: options.source,
      wording,
      wordingVersion: NEWSLETTER_WORDING_VERSION,
      language: options.language,
      tokenHash: hashToken(token),
      tokenExpiresAt: new Date(Date.now() + NEWSLETTER_CONFIRM_TTL_S * 1000),
    })
    .returning({ id: newsletterConsents.id });
  const mailLanguage = await userLanguageOf(userId, options.language);
  const confirmUrl = `${getEnv().PUBLIC_URL}/newsletter/confirm?token=${token}`;
  const mail = await renderAccountMail(
    "newsletterConfirm",
    mailLanguage,
    {
      url: confirmUrl,
      name: account.username || account.name,
      unsubscribeUrl: unsubscribeUrl(consent.id),
    },
    await mailBrand(),
  );
  await queueMail({ to: account.email, ...mail, headers: newsletterHeaders(consent.id) }, { executor });
  return true;
}

export type ConfirmResult = "confirmed" | "already" | "invalid";

/** Follows the mailed link: the pending consent becomes active, and the shop learns of it. */
export async function confirmNewsletter(token: string): Promise<ConfirmResult> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return "invalid";
  return db().transaction(async (tx) => {
    const [consent] = await tx
      .select()
      .from(newsletterConsents)
      .where(eq(newsletterConsents.tokenHash, hashToken(token)))
      .for("update");
    if (!consent) return "invalid";
    if (consent.status === "confirmed") return "already";
    if (consent.status !== "pending" || !consent.tokenExpiresAt || consent.tokenExpiresAt.getTime() < Date.now()) {
      return "invalid";
    }
    // The link proves control of the address the consent was asked for; a changed address needs a new one.
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, consent.userId));
    if (!account || account.email.toLowerCase() !== consent.email.toLowerCase()) return "invalid";
    await tx.update(newsletterConsents).set({ status: "confirmed", confirmedAt: new Date() }).where(eq(newsletterConsents.id, consent.id));
    await tx.update(profiles).set({ newsletterSubscribed: true, updatedAt: new Date() }).where(eq(profiles.id, consent.userId));
    await enqueueShopSync(consent.userId, tx);
    await queueWelcome(consent.id, tx);
    logger.info(`Newsletter subscription confirmed (consent ${consent.id})`);
    return "confirmed";
  });
}

/** Ends the subscription (or the pending request) and records how; the shop withdraws the consent. */
export async function withdrawNewsletter(userId: string, via: WithdrawVia, executor?: Executor): Promise<boolean> {
  const run = async (tx: Executor) => {
    const now = new Date();
    const withdrawn = await tx
      .update(newsletterConsents)
      .set({ status: "withdrawn", withdrawnAt: now, withdrawnVia: via })
      .where(and(eq(newsletterConsents.userId, userId), eq(newsletterConsents.status, "confirmed")))
      .returning({ id: newsletterConsents.id });
    const cancelled = await tx
      .update(newsletterConsents)
      .set({ status: "cancelled", withdrawnAt: now, withdrawnVia: via, tokenHash: null })
      .where(and(eq(newsletterConsents.userId, userId), eq(newsletterConsents.status, "pending")))
      .returning({ id: newsletterConsents.id });
    await tx.update(profiles).set({ newsletterSubscribed: false, updatedAt: now }).where(eq(profiles.id, userId));
    if (withdrawn.length) await enqueueShopSync(userId, tx);
    return withdrawn.length + cancelled.length > 0;
  };
  if (executor) return run(executor);
  return db().transaction((tx) => run(tx));
}

/** The one-click link (mail header or page button): works without signing in; the signature is the key. */
export async function unsubscribeByLink(consentId: string, signature: string, via: "one-click" | "unsubscribe-page") {
  if (!isValidUnsubscribeLink(consentId, signature)) return "invalid" as const;
  const [consent] = await db()
    .select({ userId: newsletterConsents.userId })
    .from(newsletterConsents)
    .where(eq(newsletterConsents.id, consentId));
  // The account may be gone (deleted): then there is nothing left to send to, which is success too.
  if (consent) await withdrawNewsletter(consent.userId, via);
  logger.info(`Newsletter unsubscribe by link (${via}) for consent ${consentId}`);
  return "unsubscribed" as const;
}

/** The profile's switch: on asks for consent (double opt-in), off withdraws it. */
export async function setNewsletterChoice(
  userId: string,
  wanted: boolean,
  options: { source: ConsentSource; language: Language; executor?: Executor },
) {
  const status = await getNewsletterStatus(userId);
  if (wanted && status === "none") return requestNewsletter(userId, options);
  if (!wanted && status !== "none") return withdrawNewsletter(userId, "profile", options.executor);
  return false;
}
