import { and, desc, eq, sql } from "drizzle-orm";
import {
  newsletterBounces,
  newsletterDeliveries,
  newsletterSuppressions,
  type BounceSource,
  type NewsletterBounceKind,
  type SuppressionReason,
} from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { isUuid } from "~/lib/uuid";

/**
 * Bounces and complaints (ADR 0073). One function records them whatever brought them (the bounce
 * mailbox read over IMAP, or a provider's webhook): the event is kept, the delivery it answers is
 * marked, and the address goes on the suppression list at once for a hard bounce or a complaint,
 * after BOUNCE_SOFT_LIMIT soft bounces within BOUNCE_SOFT_WINDOW_DAYS. Every send leaves suppressed
 * addresses out (send.server.ts); the consent itself stays as the person gave it.
 */
export interface BounceEvent {
  kind: NewsletterBounceKind;
  source: BounceSource;
  /** The Message-ID of the mail that bounced; ours name the issue and the recipient (ADR 0067). */
  messageId?: string;
  /** The address, for a source that is trusted to name it (the authenticated webhook). */
  email?: string;
  /** The RFC 3463 status (5.1.1), and the receiving server's words. */
  status?: string;
  detail?: string;
}

export type BounceOutcome = "suppressed" | "counted" | "duplicate" | "unmatched";

const NEWSLETTER_MESSAGE_ID = /^<?newsletter\.([0-9a-f-]{36})\.([0-9a-f-]{36})@[^>\s]+>?$/i;

/** The issue and recipient a newsletter Message-ID names, or undefined for any other Message-ID. */
export function deliveryOfMessageId(messageId: string) {
  const match = NEWSLETTER_MESSAGE_ID.exec(messageId.trim());
  // Both are uuid columns: a Message-ID of that shape that names no UUID would fail the query.
  if (!match || !isUuid(match[1]) || !isUuid(match[2])) return undefined;
  return { issueId: match[1].toLowerCase(), consentId: match[2].toLowerCase() };
}

const REASONS: Record<NewsletterBounceKind, SuppressionReason> = {
  hard: "hard_bounce",
  soft: "soft_bounces",
  complaint: "complaint",
};

async function findDelivery(event: BounceEvent) {
  const named = event.messageId ? deliveryOfMessageId(event.messageId) : undefined;
  const columns = { id: newsletterDeliveries.id, email: newsletterDeliveries.email };
  if (named) {
    const [row] = await db()
      .select(columns)
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.issueId, named.issueId), eq(newsletterDeliveries.consentId, named.consentId)));
    return row;
  }
  if (!event.email) return undefined;
  // The webhook names an address: the latest mail sent to it.
  const [row] = await db()
    .select(columns)
    .from(newsletterDeliveries)
    .where(and(sql`lower(${newsletterDeliveries.email}) = ${event.email.toLowerCase()}`, eq(newsletterDeliveries.state, "sent")))
    .orderBy(desc(newsletterDeliveries.id))
    .limit(1);
  return row;
}

/**
 * Records one bounce or complaint. From the mailbox only a report that names one of our deliveries
 * counts (its Message-ID carries two random ids only the recipient and we know), so a forged report
 * cannot suppress an address it merely knows; the webhook is authenticated and may name the address.
 * The same report read twice (a poll that died before deleting it) counts once.
 */
export async function recordBounce(event: BounceEvent): Promise<BounceOutcome> {
  const delivery = await findDelivery(event);
  const email = (delivery?.email ?? (event.source === "webhook" ? event.email : undefined))?.toLowerCase();
  if (!email) return "unmatched";
  const detail = (event.detail ?? "").slice(0, 500);
  const status = (event.status ?? "").slice(0, 20);
  return db().transaction(async (tx) => {
    if (delivery) {
      const [earlier] = await tx
        .select({ id: newsletterBounces.id })
        .from(newsletterBounces)
        .where(and(eq(newsletterBounces.deliveryId, delivery.id), eq(newsletterBounces.kind, event.kind)))
        .limit(1);
      if (earlier) return "duplicate" as const;
      // A hard bounce or a complaint is what the report shows, even when a soft bounce came first.
      await tx
        .update(newsletterDeliveries)
        .set({
          bounce: sql`case when ${newsletterDeliveries.bounce} in ('hard', 'complaint') then ${newsletterDeliveries.bounce} else ${event.kind} end`,
        })
        .where(eq(newsletterDeliveries.id, delivery.id));
    }
    await tx
      .insert(newsletterBounces)
      .values({ email, kind: event.kind, status, detail, source: event.source, deliveryId: delivery?.id ?? null });
    if (event.kind === "soft") {
      const { softLimit, windowDays } = softRule();
      const [{ count }] = (
        await tx.execute<{ count: number }>(sql`
          select count(*)::int as count from newsletter_bounces
          where email = ${email} and kind = 'soft' and received_at > now() - make_interval(days => ${windowDays})`)
      ).rows;
      if (count < softLimit) return "counted" as const;
    }
    await tx
      .insert(newsletterSuppressions)
      .values({
        email,
        reason: REASONS[event.kind],
        detail: [status, detail].filter(Boolean).join(" ").slice(0, 500),
        source: event.source,
      })
      .onConflictDoNothing();
    logger.info(`Newsletter: ${email} suppressed (${REASONS[event.kind]}, ${event.source})`);
    return "suppressed" as const;
  });
}

function softRule() {
  const env = getEnv();
  return { softLimit: env.BOUNCE_SOFT_LIMIT, windowDays: env.BOUNCE_SOFT_WINDOW_DAYS };
}

/** Soft bounces older than the window no longer count: they go (the events hold addresses). */
export async function forgetOldBounces() {
  const { windowDays } = softRule();
  await db().execute(sql`delete from newsletter_bounces where received_at < now() - make_interval(days => ${windowDays})`);
}

/** The suppression list for the console, newest first. */
export async function listSuppressions(limit = 200) {
  return db().select().from(newsletterSuppressions).orderBy(desc(newsletterSuppressions.createdAt)).limit(limit);
}

/** Lifts a suppression: the address gets newsletters again, and its soft bounces count from zero. */
export async function liftSuppression(email: string) {
  const address = email.toLowerCase();
  return db().transaction(async (tx) => {
    const lifted = await tx
      .delete(newsletterSuppressions)
      .where(eq(newsletterSuppressions.email, address))
      .returning({ email: newsletterSuppressions.email });
    await tx.delete(newsletterBounces).where(eq(newsletterBounces.email, address));
    return lifted.length > 0;
  });
}
