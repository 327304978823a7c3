import { eq, sql } from "drizzle-orm";
import { newsletterConsents, newsletterIssues, newsletterIssueVersions } from "~/db/schema";
import type { Outcome } from "~/features/admin/action.server";
import { recordAudit } from "~/features/admin/audit.server";
import type { ConsoleActor } from "~/features/admin/guard.server";
import { db, type Database } from "~/lib/db.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n";
import { enqueueJob, registerJobHandler } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { queueMail } from "~/lib/mailer.server";
import { parseRichText } from "~/lib/rich-text";
import { renderIssue } from "./render.server";
import { newsletterMail } from "./send.server";

/**
 * The welcome mail (issue 24, ADR 0083): one newsletter issue, written in the console like any other,
 * that each new subscriber gets once after confirming, in the language of their consent (or, when the
 * issue says so for a language it lacks, in English). It is never sent to the list and never archived.
 * Confirming queues a job in the same transaction; the job renders and queues the mail.
 */
export const WELCOME_JOB = "newsletter.welcome";

type Executor = Pick<Database, "select" | "execute">;

/** Called where a consent becomes confirmed, inside that transaction: a welcome job when there is a welcome mail. */
export async function queueWelcome(consentId: string, executor: Executor) {
  const [welcome] = await executor.select({ id: newsletterIssues.id }).from(newsletterIssues).where(eq(newsletterIssues.welcome, true));
  if (welcome) await enqueueJob(WELCOME_JOB, { consentId }, { executor });
}

async function sendWelcome(payload: Record<string, unknown>) {
  const consentId = String(payload.consentId);
  const [consent] = await db().select().from(newsletterConsents).where(eq(newsletterConsents.id, consentId));
  // Withdrawn (or erased) since: nothing to welcome.
  if (consent?.status !== "confirmed") return;
  const { rows: suppressed } = await db().execute(sql`select 1 from newsletter_suppressions where email = lower(${consent.email})`);
  if (suppressed.length > 0) return;
  const [issue] = await db().select().from(newsletterIssues).where(eq(newsletterIssues.welcome, true));
  if (!issue) return;
  const versions = await db().select().from(newsletterIssueVersions).where(eq(newsletterIssueVersions.issueId, issue.id));
  const version =
    versions.find((candidate) => candidate.language === consent.language) ??
    (issue.missingLanguage === "default" ? versions.find((candidate) => candidate.language === DEFAULT_LANGUAGE) : undefined);
  const body = version ? parseRichText(version.body) : undefined;
  if (!version || !body?.ok || !isLanguage(version.language)) {
    logger.info(`Welcome mail: no version for consent ${consentId}'s language (${consent.language})`);
    return;
  }
  const rendered = await renderIssue(version.language, { subject: version.subject, preheader: version.preheader, body: body.doc });
  await queueMail(await newsletterMail(issue.id, rendered, { consentId, email: consent.email }));
}

registerJobHandler(WELCOME_JOB, sendWelcome);

/** The console's switch: this issue becomes the welcome mail (the one before stops being it), or stops being it. */
export async function setWelcome(actor: ConsoleActor, issueId: string, on: boolean): Promise<Outcome> {
  if (!/^[0-9a-f-]{36}$/i.test(issueId)) return { ok: false, status: 404, error: "admin.errors.notFound" };
  return db().transaction(async (tx) => {
    const [issue] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId)).for("update");
    if (!issue) return { ok: false, status: 404, error: "admin.errors.notFound" } satisfies Outcome;
    if (issue.status !== "draft") return { ok: false, status: 409, error: "admin.newsletterIssues.errors.notDraft" } satisfies Outcome;
    if (on) await tx.update(newsletterIssues).set({ welcome: false }).where(eq(newsletterIssues.welcome, true));
    await tx.update(newsletterIssues).set({ welcome: on, updatedAt: new Date() }).where(eq(newsletterIssues.id, issueId));
    await recordAudit(
      actor,
      {
        action: on ? "newsletter.welcome.on" : "newsletter.welcome.off",
        entity: "newsletter-issue",
        entityId: issueId,
        summary: issue.slug,
      },
      tx,
    );
    return {
      ok: true,
      message: on ? "admin.newsletterIssues.welcome.turnedOn" : "admin.newsletterIssues.welcome.turnedOff",
    } satisfies Outcome;
  });
}
