import { and, eq, sql } from "drizzle-orm";
import { newsPostLanguages, newsSchedules } from "~/db/schema";
import { canUse } from "~/features/admin/access";
import type { Outcome } from "~/features/admin/action.server";
import { recordAudit } from "~/features/admin/audit.server";
import type { ConsoleActor } from "~/features/admin/guard.server";
import { roleOfUser } from "~/features/admin/roles.server";
import { scheduleInstant } from "~/lib/schedule-time.server";
import { db } from "~/lib/db.server";
import { isLanguage, type Language } from "~/lib/i18n";
import { enqueueJob, registerJobHandler } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { entityOf, isPostId, publishNews, rowWhere } from "./news.server";

/**
 * Scheduled publish of a post's draft in one language, as ADR 0059's pages: a row of `news_schedules`
 * (one per post and language) and a pg-boss job `news.publish-scheduled` that may not start before its
 * time, queued in the same transaction. The job publishes the draft as it is then, as its scheduler
 * while they may still use the news section. The row is the truth: cancelling deletes it, a publish or
 * discard of the draft ends it, and the job of a row that is gone does nothing.
 */
export const NEWS_PUBLISH_JOB = "news.publish-scheduled";

/**
 * Schedules the publish of the language's draft at `localTime` (a wall-clock time in Berlin, as the
 * pages' schedule asks for it), replacing an earlier schedule. Refused: a time that has passed, no draft.
 */
export async function scheduleNews(actor: ConsoleActor, postId: string, language: Language, localTime: string): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const { at, past } = await scheduleInstant(tx, localTime);
    if (past) return { ok: false, status: 400, fields: { publishAt: "admin.pages.schedule.errors.past" } } satisfies Outcome;
    const [row] = await tx.select({ draft: newsPostLanguages.draft }).from(newsPostLanguages).where(rowWhere(postId, language));
    if (!row?.draft) return { ok: false, status: 409, error: "admin.pages.schedule.errors.noDraft" } satisfies Outcome;
    const publishAt = new Date(at);
    const values = { publishAt, scheduledBy: actor.id, scheduledByEmail: actor.email, scheduledAt: new Date() };
    const [schedule] = await tx
      .insert(newsSchedules)
      .values({ postId, language, ...values })
      .onConflictDoUpdate({ target: [newsSchedules.postId, newsSchedules.language], set: { ...values, id: sql`gen_random_uuid()` } })
      .returning({ id: newsSchedules.id });
    await enqueueJob(NEWS_PUBLISH_JOB, { scheduleId: schedule!.id }, { executor: tx, startAfter: publishAt });
    await recordAudit(
      actor,
      { action: "news.schedule", ...entityOf(postId, language, row.draft.title), after: { publishAt: publishAt.toISOString() } },
      tx,
    );
    return { ok: true, message: "admin.pages.schedule.scheduled" } satisfies Outcome;
  });
}

export async function cancelNewsSchedule(actor: ConsoleActor, postId: string, language: Language): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .delete(newsSchedules)
      .where(and(eq(newsSchedules.postId, postId), eq(newsSchedules.language, language)))
      .returning();
    if (!row) return { ok: false, status: 409, error: "admin.pages.schedule.errors.none" } satisfies Outcome;
    await recordAudit(
      actor,
      { action: "news.unschedule", entity: "news", entityId: `${postId}/${language}`, before: { publishAt: row.publishAt.toISOString() } },
      tx,
    );
    return { ok: true, message: "admin.pages.schedule.cancelled" } satisfies Outcome;
  });
}

/** The job: publishes the draft of a schedule that still exists, as its scheduler while they may still use the news. */
export async function runScheduledNews(payload: Record<string, unknown>) {
  const scheduleId = typeof payload.scheduleId === "string" ? payload.scheduleId : "";
  if (!isPostId(scheduleId)) return;
  const [row] = await db().select().from(newsSchedules).where(eq(newsSchedules.id, scheduleId));
  if (!row || !isLanguage(row.language)) return;
  const [post] = await db().select({ draft: newsPostLanguages.draft }).from(newsPostLanguages).where(rowWhere(row.postId, row.language));
  const refuse = async (reason: string) => {
    logger.warn(`Scheduled publish of news ${row.postId}/${row.language} refused: ${reason}`);
    await db().transaction(async (tx) => {
      await tx.delete(newsSchedules).where(eq(newsSchedules.id, row.id));
      await recordAudit(
        { id: row.scheduledBy, email: row.scheduledByEmail },
        { action: "news.schedule-refused", entity: "news", entityId: `${row.postId}/${row.language}`, summary: reason },
        tx,
      );
    });
  };
  if (!post?.draft) return refuse("no draft to publish");
  if (!canUse(await roleOfUser(row.scheduledBy), "news")) return refuse("the person who scheduled it may not publish news any more");
  const outcome = await publishNews({ id: row.scheduledBy, email: row.scheduledByEmail }, row.postId, row.language, post.draft);
  if (!outcome.ok) return refuse(outcome.error ?? Object.values(outcome.fields ?? {})[0] ?? "refused");
  logger.info(`Scheduled publish of news ${row.postId}/${row.language} done (scheduled by ${row.scheduledByEmail})`);
}

registerJobHandler(NEWS_PUBLISH_JOB, runScheduledNews);
