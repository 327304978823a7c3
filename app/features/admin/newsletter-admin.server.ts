import {
  CONSENT_STATUSES,
  countConsentRecords,
  getConsentRecords,
  listNewsletterSubscribers,
  type ConsentStatus,
} from "~/features/account/newsletter-records.server";
import { inArray } from "drizzle-orm";
import { newsletterSuppressions } from "~/db/schema";
import { liftSuppression, listSuppressions } from "~/features/newsletter/bounces.server";
import { db } from "~/lib/db.server";
import { handleForm, runConsoleIntent, type Outcome } from "./action.server";
import { liftSuppressionSchema } from "./schemas/suppression-schema";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { csvCell } from "./csv";

/**
 * The console's newsletter page (issue 12, admins): every consent record with its proof (when
 * asked and confirmed, which form, the wording and its version, the language, withdrawals and
 * how), filterable by status and address, and the active subscribers as CSV.
 */
export const CONSENT_PAGE_SIZE = 50;

export interface NewsletterFilters {
  status: ConsentStatus | "";
  q: string;
  page: number;
}

export function parseNewsletterFilters(url: URL): NewsletterFilters {
  const status = url.searchParams.get("status") ?? "";
  return {
    status: (CONSENT_STATUSES as readonly string[]).includes(status) ? (status as ConsentStatus) : "",
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 200),
    page: Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1)),
  };
}

export async function loadNewsletterConsole(filters: NewsletterFilters) {
  const rows = await getConsentRecords({
    status: filters.status || undefined,
    q: filters.q || undefined,
    limit: CONSENT_PAGE_SIZE + 1,
    offset: (filters.page - 1) * CONSENT_PAGE_SIZE,
  });
  const page = rows.slice(0, CONSENT_PAGE_SIZE);
  // The consent stays as the person gave it; a suppression (bounce or complaint) is shown beside it.
  const emails = [...new Set(page.map((record) => record.email.toLowerCase()))];
  const suppressed = new Map(
    (emails.length
      ? await db()
          .select({ email: newsletterSuppressions.email, reason: newsletterSuppressions.reason })
          .from(newsletterSuppressions)
          .where(inArray(newsletterSuppressions.email, emails))
      : []
    ).map((row) => [row.email, row.reason]),
  );
  return {
    counts: await countConsentRecords(),
    records: page.map(({ userId: _userId, ...record }) => ({
      ...record,
      requestedAt: record.requestedAt.toISOString(),
      confirmedAt: record.confirmedAt?.toISOString() ?? null,
      withdrawnAt: record.withdrawnAt?.toISOString() ?? null,
      suppressed: suppressed.get(record.email.toLowerCase()) ?? null,
    })),
    hasMore: rows.length > CONSENT_PAGE_SIZE,
    suppressions: (await listSuppressions()).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

/** /admin/newsletter's intents: "lift" a suppression. */
export function newsletterConsoleAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, {
    lift: (context) => handleForm(context, liftSuppressionSchema, ({ email }) => liftSuppressionAction(actor, email)),
  });
}

/** Lifts a suppression (the operator knows the mailbox works again); audited. */
async function liftSuppressionAction(actor: ConsoleActor, email: string): Promise<Outcome> {
  if (!(await liftSuppression(email))) return { ok: false, status: 404, error: "admin.newsletter.suppressions.errors.notFound" };
  await recordAudit(actor, { action: "newsletter.suppression.lift", entity: "newsletter-suppression", summary: email.toLowerCase() });
  return { ok: true, message: "admin.newsletter.suppressions.lifted" };
}

export type ConsentRecordView = Awaited<ReturnType<typeof loadNewsletterConsole>>["records"][number];
export type SuppressionView = Awaited<ReturnType<typeof loadNewsletterConsole>>["suppressions"][number];

const SUBSCRIBER_COLUMNS = [
  "email",
  "username",
  "language",
  "consent_id",
  "asked_at",
  "confirmed_at",
  "form",
  "wording_version",
  "wording_language",
  "wording",
  "unsubscribe_url",
];

/** The active subscribers with the proof of their consent, as CSV (formula cells neutralised); the export is audited. */
export async function exportNewsletterSubscribers(actor: ConsoleActor) {
  const subscribers = await listNewsletterSubscribers();
  const lines = [SUBSCRIBER_COLUMNS.join(",")];
  for (const row of subscribers) {
    lines.push(
      [
        row.email,
        row.username ?? "",
        row.language,
        row.consentId,
        row.requestedAt.toISOString(),
        row.confirmedAt.toISOString(),
        row.source,
        row.wordingVersion,
        row.consentLanguage,
        row.wording,
        row.unsubscribeUrl,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  await recordAudit(actor, { action: "consent.export", entity: "newsletter-consent", summary: `${subscribers.length} subscribers` });
  return { csv: `${lines.join("\r\n")}\r\n`, count: subscribers.length };
}
