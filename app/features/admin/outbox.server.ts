import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { mailLog } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { escapeHtml, queueMail } from "~/lib/mailer.server";
import { getFixedT } from "~/lib/i18n.server";
import type { Language } from "~/lib/i18n";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { Outcome } from "./action.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";

/**
 * The console's outbox (admins, ADR 0065): the mails `mail_log` holds (queued, sent, given up, as long as
 * retention keeps them), "send now" and "cancel" for a queued one, and a test mail to oneself. A mail that
 * ended keeps no text (its links were one-time secrets, ADR 0014), so it cannot be sent again from here:
 * the feature that sent it sends a new one (resend the confirmation, answer again from the inbox).
 */
export const OUTBOX_STATES = ["pending", "failed", "sent"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
export const OUTBOX_PAGE_SIZE = 50;
/** The last error of a mail cancelled here (shown translated by the page). */
export const CANCELLED_IN_CONSOLE = "cancelled in the console";
const TEST_MAILS = { limit: 5, windowS: 10 * 60 };

export interface OutboxFilters {
  state: OutboxState | null;
  page: number;
}

export function parseOutboxFilters(url: URL): OutboxFilters {
  const state = url.searchParams.get("state");
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    state: (OUTBOX_STATES as readonly string[]).includes(state ?? "") ? (state as OutboxState) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export async function listOutbox(filters: OutboxFilters) {
  const where: SQL | undefined = filters.state ? eq(mailLog.status, filters.state) : undefined;
  const rows = await db()
    .select({
      id: mailLog.id,
      recipient: mailLog.recipient,
      subject: mailLog.subject,
      status: mailLog.status,
      attempts: mailLog.attempts,
      lastError: mailLog.lastError,
      createdAt: mailLog.createdAt,
      updatedAt: mailLog.updatedAt,
    })
    .from(mailLog)
    .where(where)
    .orderBy(desc(mailLog.id))
    .limit(OUTBOX_PAGE_SIZE + 1)
    .offset((filters.page - 1) * OUTBOX_PAGE_SIZE);
  return {
    mails: rows.slice(0, OUTBOX_PAGE_SIZE).map((row) => ({
      ...row,
      id: String(row.id),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      cancelled: row.status === "failed" && row.lastError === CANCELLED_IN_CONSOLE,
    })),
    hasMore: rows.length > OUTBOX_PAGE_SIZE,
  };
}

const NOT_FOUND: Outcome = { ok: false, status: 404, error: "admin.errors.notFound" };

/** A mail id as the form sends it: a positive whole number, nothing else. */
function mailIdOf(id: unknown) {
  return typeof id === "string" && /^[1-9]\d{0,15}$/.test(id) ? Number(id) : undefined;
}

type Transaction = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** Runs `work` on a queued mail, locked against its job ending meanwhile; anything else (ended, forged, unknown) is "not found". */
function withQueuedMail(id: unknown, work: (tx: Transaction, mail: typeof mailLog.$inferSelect) => Promise<Outcome>): Promise<Outcome> {
  const mailId = mailIdOf(id);
  if (mailId === undefined) return Promise.resolve(NOT_FOUND);
  return db().transaction(async (tx): Promise<Outcome> => {
    const [mail] = await tx
      .select()
      .from(mailLog)
      .where(and(eq(mailLog.id, mailId), eq(mailLog.status, "pending")))
      .for("update");
    return mail ? work(tx, mail) : NOT_FOUND;
  });
}

/** A queued mail waiting for its next attempt is tried now (by whichever process polls first). */
export function sendMailNow(actor: ConsoleActor, id: unknown): Promise<Outcome> {
  return withQueuedMail(id, async (tx, mail) => {
    const mailId = mail.id;
    const { rowCount } = await tx.execute(sql`
      update pgboss.job set start_after = now()
      where name = 'mail' and data->>'mailId' = ${String(mailId)} and state in ('created', 'retry')`);
    if (!rowCount) return { ok: false, status: 409, error: "admin.outbox.errors.sending" };
    await recordAudit(actor, { action: "mail.sendNow", entity: "mail", entityId: String(mailId), summary: mail.subject }, tx);
    return { ok: true, message: "admin.outbox.sentNow" };
  });
}

/** A queued mail is not sent: its job goes, its text goes, it is listed as failed ("cancelled"). */
export function cancelMail(actor: ConsoleActor, id: unknown): Promise<Outcome> {
  return withQueuedMail(id, async (tx, mail) => {
    const mailId = mail.id;
    // A job being sent right now cannot be called back: the SMTP server may already have it.
    const { rows } = await tx.execute<{ active: number }>(sql`
      select count(*)::int as active from pgboss.job where name = 'mail' and data->>'mailId' = ${String(mailId)} and state = 'active'`);
    if (rows[0]!.active > 0) return { ok: false, status: 409, error: "admin.outbox.errors.sending" };
    await tx.execute(
      sql`delete from pgboss.job where name = 'mail' and data->>'mailId' = ${String(mailId)} and state in ('created', 'retry')`,
    );
    await tx
      .update(mailLog)
      .set({ status: "failed", content: null, lastError: CANCELLED_IN_CONSOLE, updatedAt: sql`now()` })
      .where(eq(mailLog.id, mailId));
    await recordAudit(
      actor,
      {
        action: "mail.cancel",
        entity: "mail",
        entityId: String(mailId),
        summary: mail.subject,
        before: { status: "pending" },
        after: { status: "failed" },
      },
      tx,
    );
    return { ok: true, message: "admin.outbox.cancelled" };
  });
}

/** A mail to the signed-in admin's own address, through the same queue and transport as every mail. */
export async function sendTestMail(actor: ConsoleActor, language: Language): Promise<Outcome> {
  if (!(await hitRateLimit(`test-mail:${actor.id}`, TEST_MAILS.limit, TEST_MAILS.windowS)).allowed) {
    return { ok: false, status: 429, error: "admin.outbox.errors.tooManyTests" };
  }
  const t = await getFixedT(language);
  const env = getEnv();
  const text = t("admin.outbox.testMail.text", { site: env.PUBLIC_URL });
  await queueMail({
    to: actor.email,
    subject: t("admin.outbox.testMail.subject"),
    text,
    html: `<p>${escapeHtml(text)}</p>`,
  });
  return { ok: true, message: env.SMTP_URL ? "admin.outbox.testQueued" : "admin.outbox.testQueuedToFiles" };
}

/** What the operator should fix about mail: shown on the overview and the outbox (admins). */
export function mailWarnings(): Array<"mailToFiles" | "publicUrlLocal"> {
  const env = getEnv();
  const warnings: Array<"mailToFiles" | "publicUrlLocal"> = [];
  if (!env.SMTP_URL) warnings.push("mailToFiles");
  const host = new URL(env.PUBLIC_URL).hostname;
  if (host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "[::1]" || host === "0.0.0.0") {
    warnings.push("publicUrlLocal");
  }
  return warnings;
}
