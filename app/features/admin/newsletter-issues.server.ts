import { and, asc, desc, eq, sql } from "drizzle-orm";
import { newsletterDeliveries, newsletterIssues, newsletterIssueVersions } from "~/db/schema";
import { newsletterHeaders, unsubscribeUrl } from "~/features/account/newsletter-links.server";
import { personalise, renderIssue, type RenderedIssue } from "~/features/newsletter/render.server";
import { enqueueSend, listIdHeader } from "~/features/newsletter/send.server";
import { db } from "~/lib/db.server";
import { isLanguage, LANGUAGES, type Language } from "~/lib/i18n";
import { queueMail } from "~/lib/mailer.server";
import { parseRichText, parseRichTextJson, type RichDoc } from "~/lib/rich-text";
import type { Outcome } from "./action.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import type { AudienceInput, VersionInput } from "./schemas/newsletter-issue-schema";
import { scheduleInstant } from "~/lib/schedule-time.server";

/**
 * Newsletter issues in the console (ADR 0067): an issue has a slug, a version per language (subject,
 * preheader, rich-text body), an audience (segment, what to do for languages without a version) and
 * a state: draft → scheduled (a send job waits for its time, ADR 0059) → sending → sent. Only a
 * draft changes; "cancel" takes a scheduled issue back to draft (its job then finds nothing to do).
 */
const NOT_FOUND: Outcome = { ok: false, status: 404, error: "admin.errors.notFound" };
const NOT_DRAFT: Outcome = { ok: false, status: 409, error: "admin.newsletterIssues.errors.notDraft" };

/** A test mail's unsubscribe link names no subscriber: following it changes nothing. */
const TEST_CONSENT_ID = "00000000-0000-0000-0000-000000000000";

export async function listIssues() {
  const issues = await db().select().from(newsletterIssues).orderBy(desc(newsletterIssues.createdAt)).limit(200);
  const versions = await db()
    .select({
      issueId: newsletterIssueVersions.issueId,
      language: newsletterIssueVersions.language,
      subject: newsletterIssueVersions.subject,
    })
    .from(newsletterIssueVersions);
  return issues.map((issue) => {
    const own = versions.filter((version) => version.issueId === issue.id);
    return {
      id: issue.id,
      slug: issue.slug,
      status: issue.welcome ? "welcome" : issue.status,
      subject: (own.find((version) => version.language === "en") ?? own[0])?.subject ?? "",
      languages: LANGUAGES.filter((language) => own.some((version) => version.language === language)),
      sendAt: issue.sendAt?.toISOString() ?? null,
      finishedAt: issue.finishedAt?.toISOString() ?? null,
    };
  });
}

async function issueOf(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [issue] = await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  return issue;
}

function docOf(body: unknown): RichDoc {
  const parsed = parseRichText(body);
  return parsed.ok ? parsed.doc : { type: "doc", content: [] };
}

/** The issue for its editor: settings, each language's version, the send report. */
export async function loadIssue(id: string) {
  const issue = await issueOf(id);
  if (!issue) return undefined;
  const versions = await db().select().from(newsletterIssueVersions).where(eq(newsletterIssueVersions.issueId, id));
  return {
    id: issue.id,
    slug: issue.slug,
    status: issue.status,
    private: issue.private,
    welcome: issue.welcome,
    missingLanguage: issue.missingLanguage,
    segmentLanguage: issue.segmentLanguages?.[0] ?? "",
    segmentCustomerType: issue.segmentCustomerType ?? "",
    sendAt: issue.sendAt?.toISOString() ?? null,
    finishedAt: issue.finishedAt?.toISOString() ?? null,
    versions: Object.fromEntries(
      versions.map((version) => [
        version.language,
        { subject: version.subject, preheader: version.preheader, body: JSON.stringify(docOf(version.body)) },
      ]),
    ) as Partial<Record<Language, { subject: string; preheader: string; body: string }>>,
    report: await sendReport(id),
  };
}

export async function saveVersion(actor: ConsoleActor, id: string, input: VersionInput): Promise<Outcome> {
  const issue = await issueOf(id);
  if (!issue) return NOT_FOUND;
  if (issue.status !== "draft") return NOT_DRAFT;
  const parsed = parseRichTextJson(input.body);
  if (!parsed.ok) return { ok: false, status: 400, fields: { body: `admin.pages.richText.errors.${parsed.problem}` } };
  const values = { subject: input.subject, preheader: input.preheader, body: parsed.doc, updatedAt: new Date() };
  await db()
    .insert(newsletterIssueVersions)
    .values({ issueId: id, language: input.language, ...values })
    .onConflictDoUpdate({ target: [newsletterIssueVersions.issueId, newsletterIssueVersions.language], set: values });
  await recordAudit(actor, {
    action: "newsletter.issue.save",
    entity: "newsletter-issue",
    entityId: id,
    summary: `${issue.slug} (${input.language})`,
  });
  return { ok: true, message: "admin.newsletterIssues.saved" };
}

export async function removeVersion(actor: ConsoleActor, id: string, language: Language): Promise<Outcome> {
  const issue = await issueOf(id);
  if (!issue) return NOT_FOUND;
  if (issue.status !== "draft") return NOT_DRAFT;
  await db()
    .delete(newsletterIssueVersions)
    .where(and(eq(newsletterIssueVersions.issueId, id), eq(newsletterIssueVersions.language, language)));
  await recordAudit(actor, {
    action: "newsletter.issue.remove-language",
    entity: "newsletter-issue",
    entityId: id,
    summary: `${issue.slug} (${language})`,
  });
  return { ok: true, message: "admin.newsletterIssues.removed" };
}

export async function saveAudience(actor: ConsoleActor, id: string, input: AudienceInput): Promise<Outcome> {
  const issue = await issueOf(id);
  if (!issue) return NOT_FOUND;
  // Keeping an issue out of the archive may change after the send; the audience may not.
  if (
    issue.status !== "draft" &&
    (issue.missingLanguage !== input.missingLanguage ||
      (issue.segmentLanguages?.[0] ?? "") !== input.segmentLanguage ||
      (issue.segmentCustomerType ?? "") !== input.segmentCustomerType)
  ) {
    return NOT_DRAFT;
  }
  await db()
    .update(newsletterIssues)
    .set({
      missingLanguage: input.missingLanguage,
      segmentLanguages: input.segmentLanguage ? [input.segmentLanguage] : null,
      segmentCustomerType: input.segmentCustomerType || null,
      private: input.private,
      updatedAt: new Date(),
    })
    .where(eq(newsletterIssues.id, id));
  await recordAudit(actor, { action: "newsletter.issue.audience", entity: "newsletter-issue", entityId: id, summary: issue.slug });
  return { ok: true, message: "admin.newsletterIssues.saved" };
}

/** One language's version rendered as the mail (with a link that unsubscribes no one), or undefined. */
export async function renderVersion(id: string, language: Language): Promise<RenderedIssue | undefined> {
  const [version] = await db()
    .select()
    .from(newsletterIssueVersions)
    .where(and(eq(newsletterIssueVersions.issueId, id), eq(newsletterIssueVersions.language, language)));
  if (!version) return undefined;
  const rendered = await renderIssue(language, { subject: version.subject, preheader: version.preheader, body: docOf(version.body) });
  return personalise(rendered, unsubscribeUrl(TEST_CONSENT_ID));
}

/** "Send test to me": the version as the mail, to the signed-in operator's own address, through the outbox. */
export async function sendTest(actor: ConsoleActor, id: string, language: Language): Promise<Outcome> {
  const issue = await issueOf(id);
  if (!issue) return NOT_FOUND;
  const mail = await renderVersion(id, language);
  if (!mail) return { ok: false, status: 409, error: "admin.newsletterIssues.errors.noVersion" };
  await queueMail({
    to: actor.email,
    subject: `[Test] ${mail.subject}`,
    html: mail.html,
    text: mail.text,
    headers: { ...newsletterHeaders(TEST_CONSENT_ID), "List-Id": await listIdHeader() },
  });
  await recordAudit(actor, {
    action: "newsletter.issue.test",
    entity: "newsletter-issue",
    entityId: id,
    summary: `${issue.slug} (${language})`,
  });
  return { ok: true, message: "admin.newsletterIssues.testSent" };
}

/** Sends now, or at `localTime` (Berlin wall-clock, ADR 0059): the issue and its job in one transaction. */
export async function scheduleSend(actor: ConsoleActor, id: string, localTime: string): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const [issue] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for("update");
    if (!issue) return NOT_FOUND;
    if (issue.status !== "draft") return NOT_DRAFT;
    if (issue.welcome) return { ok: false, status: 409, error: "admin.newsletterIssues.errors.welcomeNotSent" } satisfies Outcome;
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterIssueVersions)
      .where(eq(newsletterIssueVersions.issueId, id));
    if (n === 0) return { ok: false, status: 409, error: "admin.newsletterIssues.errors.noVersion" } satisfies Outcome;
    let sendAt = new Date();
    if (localTime) {
      const { at, past } = await scheduleInstant(tx, localTime);
      if (past) return { ok: false, status: 400, fields: { sendAt: "admin.newsletterIssues.errors.sendAtPast" } } satisfies Outcome;
      sendAt = at;
    }
    await tx
      .update(newsletterIssues)
      .set({ status: "scheduled", sendAt, sendRequestedBy: actor.email, updatedAt: new Date() })
      .where(eq(newsletterIssues.id, id));
    await enqueueSend(id, tx, localTime ? sendAt : undefined);
    await recordAudit(
      actor,
      { action: "newsletter.issue.send", entity: "newsletter-issue", entityId: id, summary: `${issue.slug} at ${sendAt.toISOString()}` },
      tx,
    );
    return { ok: true, message: localTime ? "admin.newsletterIssues.scheduled" : "admin.newsletterIssues.sending" } satisfies Outcome;
  });
}

/** A scheduled send that has not started goes back to draft. */
export async function cancelSend(actor: ConsoleActor, id: string): Promise<Outcome> {
  const issue = await issueOf(id);
  if (!issue) return NOT_FOUND;
  const [row] = await db()
    .update(newsletterIssues)
    .set({ status: "draft", sendAt: null, updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "scheduled")))
    .returning({ id: newsletterIssues.id });
  if (!row) return { ok: false, status: 409, error: "admin.newsletterIssues.errors.notScheduled" };
  await recordAudit(actor, { action: "newsletter.issue.cancel", entity: "newsletter-issue", entityId: id, summary: issue.slug });
  return { ok: true, message: "admin.newsletterIssues.cancelled" };
}

/** "Retry failed": only the failed rows go back to the queue, and the issue is sending again. */
export async function retryFailed(actor: ConsoleActor, id: string): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const [issue] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for("update");
    if (!issue) return NOT_FOUND;
    const retried = await tx
      .update(newsletterDeliveries)
      .set({ state: "pending", attempts: 0, error: null })
      .where(and(eq(newsletterDeliveries.issueId, id), eq(newsletterDeliveries.state, "failed")))
      .returning({ id: newsletterDeliveries.id });
    if (retried.length === 0) return { ok: false, status: 409, error: "admin.newsletterIssues.errors.nothingFailed" } satisfies Outcome;
    await tx
      .update(newsletterIssues)
      .set({ status: "sending", finishedAt: null, updatedAt: new Date() })
      .where(eq(newsletterIssues.id, id));
    await enqueueSend(id, tx);
    await recordAudit(
      actor,
      { action: "newsletter.issue.retry", entity: "newsletter-issue", entityId: id, summary: `${issue.slug}: ${retried.length}` },
      tx,
    );
    return { ok: true, message: "admin.newsletterIssues.retrying" } satisfies Outcome;
  });
}

/** `suppressed`: left out, the address was suppressed after the send began; `bounced`: of those sent (ADR 0073). */
const NO_DELIVERIES = { pending: 0, sent: 0, failed: 0, unsubscribed: 0, suppressed: 0, bounced: 0 };
export type LanguageReport = { language: string } & typeof NO_DELIVERIES;

/** Per language: how many were sent (and bounced), failed, unsubscribed meanwhile, are still to go; the failed addresses. */
export async function sendReport(id: string) {
  const rows = await db()
    .select({
      language: newsletterDeliveries.language,
      state: newsletterDeliveries.state,
      n: sql<number>`count(*)::int`,
      bounced: sql<number>`count(${newsletterDeliveries.bounce})::int`,
    })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.issueId, id))
    .groupBy(newsletterDeliveries.language, newsletterDeliveries.state);
  const languages = new Map<string, LanguageReport>();
  for (const row of rows) {
    const report = languages.get(row.language) ?? { language: row.language, ...NO_DELIVERIES };
    if (row.state === "sending" || row.state === "pending") report.pending += row.n;
    else report[row.state] += row.n;
    report.bounced += row.bounced;
    languages.set(row.language, report);
  }
  const failed = await db()
    .select({ email: newsletterDeliveries.email, language: newsletterDeliveries.language, error: newsletterDeliveries.error })
    .from(newsletterDeliveries)
    .where(and(eq(newsletterDeliveries.issueId, id), eq(newsletterDeliveries.state, "failed")))
    .orderBy(asc(newsletterDeliveries.id))
    .limit(500);
  return { languages: LANGUAGES.filter((language) => languages.has(language)).map((language) => languages.get(language)!), failed };
}

export function languageParam(value: string | null): Language | undefined {
  return isLanguage(value) ? value : undefined;
}
