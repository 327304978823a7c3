import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { launchNotifications } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { Language } from "~/lib/i18n";
import type { IntentContext } from "~/lib/form-action.server";
import { doneAnswer, failedAnswer, invalidAnswer, parseForm, type FormAnswer } from "~/lib/form-submission";
import { getFixedT, languageFromRequest } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import { queueMail } from "~/lib/mailer.server";
import { brandedMailHtml, type MailBlock } from "~/lib/mail-layout.server";
import { mailBrand } from "~/lib/brand.server";
import { takeMailQuota } from "~/lib/mail-quota.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { LaunchNotifyResult, LaunchTopic } from "./launch-topics";
import { removalPath, removalUrl } from "./launch-removal.server";
import { notifySchema, type NotifyInput } from "./notify-schema";

/**
 * "Tell me when it opens" (/academy, /tandem): an address is recorded, then confirmed through a
 * link in a mail (double opt-in) before it counts. Only the SHA-256 of the link's token is
 * stored. The answer never tells whether an address was already on the list.
 */
export const NOTIFY_RATE_LIMIT = 5;
export const NOTIFY_RATE_WINDOW_S = 10 * 60;

export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export type LaunchRequestStatus = Exclude<LaunchNotifyResult["status"], "invalid">;

/** Records a (validated) request and queues the confirmation mail in one transaction. Never throws. */
export async function requestLaunchNotification(
  input: NotifyInput,
  { clientIp, language }: { clientIp: string; language: Language },
): Promise<LaunchRequestStatus> {
  const email = input.email.toLowerCase();
  const { topic } = input;
  try {
    const perClient = await hitRateLimit(`notify:ip:${clientIp}`, NOTIFY_RATE_LIMIT, NOTIFY_RATE_WINDOW_S);
    if (!perClient.allowed) return "rate-limited";
    const [existing] = await db()
      .select({ confirmedAt: launchNotifications.confirmedAt })
      .from(launchNotifications)
      .where(and(eq(launchNotifications.email, email), eq(launchNotifications.topic, topic)));
    // Already confirmed: nothing to do, and the same answer as for a new address.
    if (existing?.confirmedAt) return "sent";
    // The recipient's daily quota (ADR 0043): past it, the earlier mail's link still works.
    if (!(await takeMailQuota("launchConfirm", email))) return "sent";

    const token = crypto.randomBytes(32).toString("base64url");
    const link = `${getEnv().PUBLIC_URL}/notify?token=${token}`;
    const t = await getFixedT(language);
    const topicName = t(`notify.topics.${topic}`);
    const brand = await mailBrand();
    await db().transaction(async (tx) => {
      const [entry] = await tx
        .insert(launchNotifications)
        .values({ email, topic, language, tokenHash: hashToken(token) })
        .onConflictDoUpdate({
          target: [launchNotifications.email, launchNotifications.topic],
          set: { tokenHash: hashToken(token), language, createdAt: sql`now()` },
        })
        .returning({ id: launchNotifications.id });
      const removeLink = removalUrl(entry!.id);
      const subject = t("notify.mail.subject", { topic: topicName });
      const text = t("notify.mail.text", { topic: topicName, link, removeLink });
      // The HTML part: the confirmation link as the button, the removal link as a short link (ADR 0076).
      const button = {
        url: link,
        label: t("notify.mail.action"),
        fallbackLead: t("mail.fallbackLead"),
        fallbackLink: t("mail.fallbackLink"),
      };
      const blocks: MailBlock[] = text
        .split("\n")
        .filter((line) => line !== "")
        .map((line) =>
          line === link
            ? { button }
            : line === removeLink
              ? { link: { url: removeLink, label: t("notify.mail.removeAction") } }
              : { text: line },
        );
      const html = brandedMailHtml({ language, brand, blocks });
      await queueMail({ to: email, subject, text, html }, { executor: tx });
    });
    return "sent";
  } catch (error) {
    logger.error(`Launch notification request failed: ${(error as Error).message}`);
    return "error";
  }
}

const STATUS_CODE = { sent: 200, invalid: 400, "rate-limited": 429, error: 500 } as const;
const PROBLEM = { "rate-limited": "notify.rateLimited", error: "notify.error" } as const;

/**
 * The form's intent (form kit, ADR 0016): the schema's problems inline, the limits and failures
 * as the form's problem, success as the lasting "almost done" message. The answer never tells
 * whether an address was already on the list. `status` is for the page without JavaScript.
 */
export async function notifyIntent({ form, intent, request }: IntentContext, clientIp: string): Promise<NotifyAnswer> {
  const submission = parseForm(form, notifySchema);
  if (submission.status !== "success") return { ...invalidAnswer(intent, submission), status: "invalid" };
  const status = await requestLaunchNotification(submission.value, { clientIp, language: languageFromRequest(request) });
  if (status === "sent") return doneAnswer(intent, submission, { message: "notify.sent", extra: { status } }) as NotifyAnswer;
  return failedAnswer(intent, submission, { form: PROBLEM[status] }, { status }) as NotifyAnswer;
}

export type NotifyAnswer = FormAnswer<{ status: LaunchNotifyResult["status"] }>;

export function statusCodeOf(answer: NotifyAnswer) {
  return STATUS_CODE[answer.status ?? "invalid"];
}

/** A confirmation link's entry, without changing it (opening a link must not confirm: mail scanners open links). */
export async function findLaunchNotification(
  token: string | null,
): Promise<{ topic: LaunchTopic; removePath: string; confirmed: boolean } | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const [entry] = await db()
    .select({ id: launchNotifications.id, topic: launchNotifications.topic, confirmedAt: launchNotifications.confirmedAt })
    .from(launchNotifications)
    .where(eq(launchNotifications.tokenHash, hashToken(token)));
  return entry
    ? { topic: entry.topic as LaunchTopic, removePath: removalPath(entry.id), confirmed: entry.confirmedAt !== null }
    : undefined;
}

/** Confirms the address of a link's token (the page's button); the entry (its launch and removal link), or undefined for an unknown token. */
export async function confirmLaunchNotification(token: string | null): Promise<{ topic: LaunchTopic; removePath: string } | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const tokenHash = hashToken(token);
  const columns = { id: launchNotifications.id, topic: launchNotifications.topic };
  const [confirmed] = await db()
    .update(launchNotifications)
    .set({ confirmedAt: sql`now()` })
    .where(and(eq(launchNotifications.tokenHash, tokenHash), isNull(launchNotifications.confirmedAt)))
    .returning(columns);
  // A second press on the same link's button: still confirmed, same answer.
  const [entry] = confirmed
    ? [confirmed]
    : await db().select(columns).from(launchNotifications).where(eq(launchNotifications.tokenHash, tokenHash));
  return entry ? { topic: entry.topic as LaunchTopic, removePath: removalPath(entry.id) } : undefined;
}

function isTokenShaped(token: string | null): token is string {
  return Boolean(token) && token!.length <= 100 && /^[A-Za-z0-9_-]+$/.test(token!);
}
