import { and, eq, sql } from "drizzle-orm";
import { pageContent, pageSchedules } from "~/db/schema";
import { isLegalPage, isContentNamespace, type ContentNamespace } from "~/lib/content-pages";
import { db } from "~/lib/db.server";
import { isLanguage, type Language } from "~/lib/i18n";
import { enqueueJob, registerJobHandler } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { scheduleInstant } from "~/lib/schedule-time.server";
import type { Outcome } from "./action.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { publishPage } from "./pages.server";
import { roleOfUser } from "./roles.server";

/**
 * Scheduled publish of a content page's draft in one language (ADR 0059): a row of `page_schedules`
 * (one per page and language) and a pg-boss job (ADR 0046) that may not start before its time, queued
 * in the same transaction. At that time the job runs `publishPage`, the same function as the button,
 * with the draft as it is then (what the preview link shows), as the person who scheduled it with the
 * role they hold then. The row is the truth: cancelling deletes it, a new schedule replaces it, and a
 * publish or discard of the draft ends it (pages.server.ts); the job of a row that is gone does nothing,
 * so no job needs to be found and cancelled in pg-boss.
 */
export const PUBLISH_JOB = "page.publish-scheduled";

const LEGAL_NEEDS_ADMIN: Outcome = { ok: false, status: 403, error: "admin.pages.schedule.errors.legalNeedsAdmin" };

const where = (namespace: ContentNamespace, language: Language) =>
  and(eq(pageSchedules.namespace, namespace), eq(pageSchedules.language, language));

const pageOf = (namespace: ContentNamespace, language: Language) => ({
  entity: "page",
  entityId: `${namespace}/${language}`,
  summary: `${namespace} (${language})`,
});

/** The schedule of one page and language, for the editor. */
export async function scheduleOf(namespace: ContentNamespace, language: Language) {
  const [row] = await db().select().from(pageSchedules).where(where(namespace, language));
  return row ? { publishAt: row.publishAt.toISOString(), scheduledByEmail: row.scheduledByEmail } : null;
}

/** Every schedule, `namespace/language` → when (ISO), for the console's list. */
export async function listSchedules(): Promise<Record<string, string>> {
  const rows = await db()
    .select({ namespace: pageSchedules.namespace, language: pageSchedules.language, publishAt: pageSchedules.publishAt })
    .from(pageSchedules);
  return Object.fromEntries(rows.map((row) => [`${row.namespace}/${row.language}`, row.publishAt.toISOString()]));
}

/**
 * Schedules the publish of the draft at `localTime` (`YYYY-MM-DDTHH:mm`, a wall-clock time in
 * SCHEDULE_TIME_ZONE, as the form's input gives it), replacing an earlier schedule. Refused: a time
 * that has passed, a page without a draft, a legal page for anyone but an admin.
 */
export async function schedulePublish(
  actor: ConsoleActor,
  namespace: ContentNamespace,
  language: Language,
  localTime: string,
): Promise<Outcome> {
  if (isLegalPage(namespace) && actor.role !== "admin") return LEGAL_NEEDS_ADMIN;
  return db().transaction(async (tx) => {
    const { at, past } = await scheduleInstant(tx, localTime);
    if (past) return { ok: false, status: 400, fields: { publishAt: "admin.pages.schedule.errors.past" } } satisfies Outcome;
    const [page] = await tx
      .select({ draft: pageContent.draft })
      .from(pageContent)
      .where(and(eq(pageContent.namespace, namespace), eq(pageContent.language, language)));
    if (!page?.draft) return { ok: false, status: 409, error: "admin.pages.schedule.errors.noDraft" } satisfies Outcome;
    const publishAt = new Date(at);
    const values = { publishAt, scheduledBy: actor.id, scheduledByEmail: actor.email, scheduledAt: new Date() };
    const [row] = await tx
      .insert(pageSchedules)
      .values({ namespace, language, ...values })
      .onConflictDoUpdate({ target: [pageSchedules.namespace, pageSchedules.language], set: { ...values, id: sql`gen_random_uuid()` } })
      .returning({ id: pageSchedules.id });
    await enqueueJob(PUBLISH_JOB, { scheduleId: row!.id }, { executor: tx, startAfter: publishAt });
    await recordAudit(
      actor,
      { action: "page.schedule", ...pageOf(namespace, language), after: { publishAt: publishAt.toISOString() } },
      tx,
    );
    return { ok: true, message: "admin.pages.schedule.scheduled" } satisfies Outcome;
  });
}

/** Cancels the schedule (the draft stays). Anyone who may draft the page may: nothing goes live. */
export async function cancelSchedule(actor: ConsoleActor, namespace: ContentNamespace, language: Language): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const [row] = await tx.delete(pageSchedules).where(where(namespace, language)).returning();
    if (!row) return { ok: false, status: 409, error: "admin.pages.schedule.errors.none" } satisfies Outcome;
    await recordAudit(
      actor,
      {
        action: "page.unschedule",
        ...pageOf(namespace, language),
        before: { publishAt: row.publishAt.toISOString(), scheduledBy: row.scheduledByEmail },
      },
      tx,
    );
    return { ok: true, message: "admin.pages.schedule.cancelled" } satisfies Outcome;
  });
}

/**
 * Refuses a scheduled publish that may not happen any more (audited as its scheduler, the row gone):
 * their role was taken away, or an editor changed a legal page's draft after an admin scheduled it.
 */
async function refuseRun(row: typeof pageSchedules.$inferSelect, reason: string) {
  logger.warn(`Scheduled publish of ${row.namespace}/${row.language} refused: ${reason}`);
  await db().transaction(async (tx) => {
    await tx.delete(pageSchedules).where(eq(pageSchedules.id, row.id));
    await recordAudit(
      { id: row.scheduledBy, email: row.scheduledByEmail },
      { action: "page.schedule-refused", entity: "page", entityId: `${row.namespace}/${row.language}`, summary: reason },
      tx,
    );
  });
}

/** The job: publishes the draft of a schedule that still exists, as its scheduler. */
export async function runScheduledPublish(payload: Record<string, unknown>) {
  const scheduleId = typeof payload.scheduleId === "string" ? payload.scheduleId : "";
  if (!/^[0-9a-f-]{36}$/.test(scheduleId)) return;
  const [row] = await db().select().from(pageSchedules).where(eq(pageSchedules.id, scheduleId));
  if (!row || !isContentNamespace(row.namespace) || !isLanguage(row.language)) return;
  const { namespace, language } = row;
  const [page] = await db()
    .select({ draft: pageContent.draft, draftBy: pageContent.draftBy })
    .from(pageContent)
    .where(and(eq(pageContent.namespace, namespace), eq(pageContent.language, language)));
  if (!page?.draft) return refuseRun(row, "no draft to publish");
  const role = await roleOfUser(row.scheduledBy);
  if (!role) return refuseRun(row, "the person who scheduled it has no console role any more");
  // A legal page's draft goes live only as an admin wrote it: the last save is the whole draft.
  if (isLegalPage(namespace) && (!page.draftBy || (await roleOfUser(page.draftBy)) !== "admin")) {
    return refuseRun(row, "the legal page's draft was last saved by someone who is not an admin");
  }
  const values = Object.fromEntries(Object.entries(page.draft).map(([path, field]) => [path, field.value]));
  const actor = { id: row.scheduledBy, email: row.scheduledByEmail, name: row.scheduledByEmail, role };
  const outcome = await publishPage(actor, namespace, language, values);
  if (!outcome.ok) return refuseRun(row, outcome.error ?? "refused");
  logger.info(`Scheduled publish of ${namespace}/${language} done (scheduled by ${row.scheduledByEmail})`);
}

registerJobHandler(PUBLISH_JOB, runScheduledPublish);
