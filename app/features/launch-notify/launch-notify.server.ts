import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { launchNotifications } from "~/db/schema";
import { db } from "~/lib/db.server";
import { EMAIL_MAX } from "~/lib/field-schemas";
import { getEnv } from "~/lib/env.server";
import type { Language } from "~/lib/i18n";
import { getFixedT } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import { escapeHtml, queueMail } from "~/lib/mailer.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { LAUNCH_TOPICS, type LaunchNotifyResult, type LaunchTopic } from "./launch-topics";

/**
 * "Tell me when it opens" (/academy, /tandem): an address is recorded, then confirmed through a
 * link in a mail (double opt-in) before it counts. Only the SHA-256 of the link's token is
 * stored. The answer never tells whether an address was already on the list.
 */
export const NOTIFY_RATE_LIMIT = 5;
export const NOTIFY_RATE_WINDOW_S = 10 * 60;
/** Mails to one address per hour, whoever asks. */
export const NOTIFY_MAILS_PER_ADDRESS = 3;

const requestSchema = z.object({
  email: z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email()),
  topic: z.enum(LAUNCH_TOPICS),
});

export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function field(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 1000) : "";
}

/** Records the request and queues the confirmation mail in one transaction. Never throws. */
export async function requestLaunchNotification(
  form: FormData,
  { clientIp, language }: { clientIp: string; language: Language },
): Promise<LaunchNotifyResult> {
  const topicValue = field(form, "topic");
  const topic = (LAUNCH_TOPICS as readonly string[]).includes(topicValue) ? (topicValue as LaunchTopic) : undefined;
  const parsed = requestSchema.safeParse({ email: field(form, "email"), topic: topicValue });
  if (!parsed.success) return { status: "invalid", topic };
  const { email } = parsed.data;
  try {
    const perClient = await hitRateLimit(`notify:ip:${clientIp}`, NOTIFY_RATE_LIMIT, NOTIFY_RATE_WINDOW_S);
    if (!perClient.allowed) return { status: "rate-limited", topic: parsed.data.topic };
    const [existing] = await db()
      .select({ confirmedAt: launchNotifications.confirmedAt })
      .from(launchNotifications)
      .where(and(eq(launchNotifications.email, email), eq(launchNotifications.topic, parsed.data.topic)));
    // Already confirmed: nothing to do, and the same answer as for a new address.
    if (existing?.confirmedAt) return { status: "sent", topic: parsed.data.topic };
    const perAddress = await hitRateLimit(`notify:mail:${email}`, NOTIFY_MAILS_PER_ADDRESS, 3600);
    if (!perAddress.allowed) return { status: "sent", topic: parsed.data.topic };

    const token = crypto.randomBytes(32).toString("base64url");
    const link = `${getEnv().PUBLIC_URL}/notify?token=${token}`;
    const t = await getFixedT(language);
    const subject = t("common.notify.mail.subject", { topic: t(`common.notify.topics.${parsed.data.topic}`) });
    const text = t("common.notify.mail.text", { topic: t(`common.notify.topics.${parsed.data.topic}`), link });
    const html = text
      .split("\n")
      .map((line) => (line === link ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : escapeHtml(line)))
      .join("<br>");
    await db().transaction(async (tx) => {
      await tx
        .insert(launchNotifications)
        .values({ email, topic: parsed.data.topic, language, tokenHash: hashToken(token) })
        .onConflictDoUpdate({
          target: [launchNotifications.email, launchNotifications.topic],
          set: { tokenHash: hashToken(token), language, createdAt: sql`now()` },
        });
      await queueMail({ to: email, subject, text, html: `<p>${html}</p>` }, { executor: tx });
    });
    return { status: "sent", topic: parsed.data.topic };
  } catch (error) {
    logger.error(`Launch notification request failed: ${(error as Error).message}`);
    return { status: "error", topic: parsed.data.topic };
  }
}

/** Confirms the address of a link's token; the topic it was for, or undefined for an unknown token. */
export async function confirmLaunchNotification(token: string | null): Promise<LaunchTopic | undefined> {
  if (!token || token.length > 100 || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const [confirmed] = await db()
    .update(launchNotifications)
    .set({ confirmedAt: sql`now()` })
    .where(and(eq(launchNotifications.tokenHash, tokenHash), isNull(launchNotifications.confirmedAt)))
    .returning({ topic: launchNotifications.topic });
  if (confirmed) return confirmed.topic as LaunchTopic;
  // A second click on the same link: still confirmed, same answer.
  const [known] = await db()
    .select({ topic: launchNotifications.topic })
    .from(launchNotifications)
    .where(eq(launchNotifications.tokenHash, tokenHash));
  return known?.topic as LaunchTopic | undefined;
}
