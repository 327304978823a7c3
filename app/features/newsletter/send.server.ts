import type pg from "pg";
import { invalidatePages } from "~/lib/page-invalidation.server";
import { and, eq, sql } from "drizzle-orm";
import { newsletterIssues, newsletterIssueVersions } from "~/db/schema";
import { newsletterHeaders, unsubscribeUrl } from "~/features/account/newsletter-links.server";
import { db, type Database } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n";
import { enqueueJob, PermanentJobError, registerJobHandler } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { bulkSender } from "~/lib/mailer.server";
import { parseRichText } from "~/lib/rich-text";
import { getSiteFacts } from "~/lib/site-facts.server";
import { personalise, renderIssue, type RenderedIssue } from "./render.server";

/**
 * Sending an issue (ADR 0067). A send is a pg-boss job (ADR 0046) naming the issue. Its first step
 * fixes the audience: every confirmed subscriber (in the segment) becomes a row of
 * `newsletter_deliveries` in the language of their consent, in the same transaction that moves the
 * issue from "scheduled" to "sending". Then batches: a batch claims rows (`FOR UPDATE SKIP LOCKED`)
 * on one PostgreSQL session and writes that session's pid and start time into them; each mail is
 * handed to SMTP and its row marked sent on the same session right after SMTP accepted it.
 *
 * A row in "sending" whose session is gone belongs to a process that died mid-batch: the next batch
 * (any process) takes it again. That mail may have been accepted just before the death, so it is
 * sent again with the same Message-ID (one per issue and recipient): at least once, at most twice
 * only for the one mail per batch in flight at the death, and a receiver that deduplicates by
 * Message-ID sees it once. Every other row is sent exactly once.
 */
export const SEND_JOB = "newsletter.send";

type Executor = Pick<Database, "execute">;

/** Temporary failures of one address before it counts as failed (the job retries with back-off meanwhile). */
const MAX_ATTEMPTS = 5;

function hostOf(address: string) {
  const match = /@([^>\s]+)>?\s*$/.exec(address);
  return match ? match[1] : new URL(getEnv().PUBLIC_URL).hostname;
}

/** One Message-ID per issue and recipient: a mail sent again after a crash is recognisably the same mail. */
export function newsletterMessageId(issueId: string, consentId: string) {
  return `<newsletter.${issueId}.${consentId}@${hostOf(getEnv().MAIL_FROM)}>`;
}

/**
 * RFC 2919: the list's name and a stable id under the site's own domain. The name is kept to words
 * (no quotes): nodemailer would encode a quoted phrase, and receivers read the id, not the name.
 */
export async function listIdHeader() {
  const facts = await getSiteFacts();
  const name = facts.name.replace(/[^\p{L}\p{N} -]/gu, "").trim();
  const id = `<newsletter.${new URL(getEnv().PUBLIC_URL).hostname}>`;
  return name ? `${name} ${id}` : id;
}

/** Queues the send; with `startAfter` it waits for its time in pg-boss (a scheduled send). */
export async function enqueueSend(issueId: string, executor: Executor, startAfter?: Date) {
  await enqueueJob(SEND_JOB, { issueId }, { executor, startAfter });
}

/** The audience of a scheduled issue becomes its deliveries, and the issue "sending": once, in one transaction. */
export async function snapshotRecipients(issueId: string) {
  return db().transaction(async (tx) => {
    const [issue] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId)).for("update");
    if (!issue) return undefined;
    if (issue.status !== "scheduled") return issue.status;
    // A send queued for a time that was moved later (or cancelled and scheduled again) waits for its own job.
    if (issue.sendAt && issue.sendAt.getTime() > Date.now() + 1000) return "waiting" as const;
    const versions = (
      await tx
        .select({ language: newsletterIssueVersions.language })
        .from(newsletterIssueVersions)
        .where(eq(newsletterIssueVersions.issueId, issueId))
    ).map((row) => row.language);
    const fallback = issue.missingLanguage === "default" && versions.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : null;
    const languages = sql`string_to_array(${versions.join(",")}, ',')`;
    const segment = issue.segmentLanguages?.length ? issue.segmentLanguages.filter(isLanguage).join(",") : null;
    await tx.execute(sql`
      insert into newsletter_deliveries (issue_id, consent_id, email, language, consent_language)
      select ${issueId}, c.id, u.email, case when c.language = any(${languages}) then c.language else ${fallback} end, c.language
      from newsletter_consents c
      join users u on u.id = c.user_id
      left join profiles p on p.id = c.user_id
      where c.status = 'confirmed'
        and (c.language = any(${languages}) or ${fallback}::text is not null)
        and (${segment}::text is null or c.language = any(string_to_array(${segment}, ',')))
        and (${issue.segmentCustomerType}::text is null or coalesce(p.customer_type, 'private') = ${issue.segmentCustomerType})
        and not exists (select 1 from newsletter_suppressions s where s.email = lower(u.email))
      on conflict (issue_id, consent_id) do nothing`);
    await tx
      .update(newsletterIssues)
      .set({ status: "sending", snapshotAt: new Date(), updatedAt: new Date() })
      .where(eq(newsletterIssues.id, issueId));
    return "sending" as const;
  });
}

interface ClaimedRow {
  id: number;
  consent_id: string;
  email: string;
  language: string;
  state: "sending" | "unsubscribed" | "suppressed";
  attempts: number;
}

/**
 * Claims up to `limit` open rows on `client`'s session: pending ones, and "sending" ones whose session
 * has ended. A row whose consent is no longer confirmed becomes "unsubscribed" in the same statement,
 * one whose address was suppressed meanwhile (a bounce, ADR 0073) "suppressed": both take effect from
 * the next batch on.
 */
async function claim(client: pg.PoolClient, issueId: string, limit: number): Promise<ClaimedRow[]> {
  const { rows } = await client.query<ClaimedRow>(
    `update newsletter_deliveries d
       set state = case when not exists (select 1 from newsletter_consents c where c.id = d.consent_id and c.status = 'confirmed')
                        then 'unsubscribed'
                        when exists (select 1 from newsletter_suppressions s where s.email = lower(d.email))
                        then 'suppressed' else 'sending' end,
           attempts = d.attempts + 1,
           claimed_pid = pg_backend_pid(),
           claimed_backend_start = (select backend_start from pg_stat_activity where pid = pg_backend_pid())
     where d.id in (
       select x.id from newsletter_deliveries x
       where x.issue_id = $1
         and (x.state = 'pending'
              or (x.state = 'sending' and not exists (
                    select 1 from pg_stat_activity a where a.pid = x.claimed_pid and a.backend_start = x.claimed_backend_start)))
       order by x.id
       limit $2
       for update skip locked)
     returning d.id, d.consent_id, d.email, d.language, d.state, d.attempts`,
    [issueId, limit],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Rows still open and held by a living session (another process's batch). */
async function openRows(issueId: string) {
  const { rows } = await db().execute<{ open: number }>(
    sql`select count(*)::int as open from newsletter_deliveries where issue_id = ${issueId} and state in ('pending', 'sending')`,
  );
  return rows[0]?.open ?? 0;
}

export async function renderedVersions(issueId: string): Promise<Map<string, RenderedIssue>> {
  const versions = await db().select().from(newsletterIssueVersions).where(eq(newsletterIssueVersions.issueId, issueId));
  const rendered = new Map<string, RenderedIssue>();
  for (const version of versions) {
    const body = parseRichText(version.body);
    if (!isLanguage(version.language) || !body.ok) continue;
    rendered.set(
      version.language,
      await renderIssue(version.language, { subject: version.subject, preheader: version.preheader, body: body.doc }),
    );
  }
  return rendered;
}

/** The complete newsletter mail of one recipient: their link, the list headers, the fixed Message-ID. */
export async function newsletterMail(issueId: string, rendered: RenderedIssue, recipient: { consentId: string; email: string }) {
  const mail = personalise(rendered, unsubscribeUrl(recipient.consentId));
  const bounceAddress = getEnv().BOUNCE_ADDRESS;
  return {
    to: recipient.email,
    ...mail,
    headers: { ...newsletterHeaders(recipient.consentId), "List-Id": await listIdHeader() },
    messageId: newsletterMessageId(issueId, recipient.consentId),
    // Delivery status notifications go to the bounce mailbox (ADR 0073); replies still go to MAIL_FROM.
    ...(bounceAddress ? { envelope: { from: bounceAddress, to: recipient.email } } : {}),
  };
}

function isPermanent(error: unknown) {
  return error instanceof PermanentJobError;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type BatchResult = "sent" | "done" | "busy";
type Sender = Pick<ReturnType<typeof bulkSender>, "send">;

/** One batch on one session; the rate (NEWSLETTER_RATE_PER_S) spaces the mails. */
export async function sendBatch(issueId: string, rendered: Map<string, RenderedIssue>, sender: Sender): Promise<BatchResult> {
  const env = getEnv();
  const client = await db().$client.connect();
  let released = false;
  try {
    const rows = await claim(client, issueId, env.NEWSLETTER_BATCH_SIZE);
    if (rows.length === 0) return (await openRows(issueId)) === 0 ? "done" : "busy";
    const spacing = env.NEWSLETTER_RATE_PER_S > 0 ? 1000 / env.NEWSLETTER_RATE_PER_S : 0;
    const started = Date.now();
    let index = 0;
    let temporary: unknown;
    for (const row of rows) {
      if (row.state !== "sending") continue;
      const version = rendered.get(row.language);
      if (!version) {
        await client.query(`update newsletter_deliveries set state = 'failed', error = $2, claimed_pid = null where id = $1`, [
          row.id,
          `no ${row.language} version`,
        ]);
        continue;
      }
      if (temporary !== undefined) {
        // SMTP is failing for now: the rest of the batch goes back to wait for the job's retry.
        await client.query(
          `update newsletter_deliveries set state = 'pending', attempts = attempts - 1, claimed_pid = null where id = $1`,
          [row.id],
        );
        continue;
      }
      const wait = started + index * spacing - Date.now();
      if (wait > 0) await pause(wait);
      index += 1;
      try {
        await sender.send(await newsletterMail(issueId, version, { consentId: row.consent_id, email: row.email }));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (isPermanent(error) || row.attempts >= MAX_ATTEMPTS) {
          await client.query(`update newsletter_deliveries set state = 'failed', error = $2, claimed_pid = null where id = $1`, [
            row.id,
            message,
          ]);
        } else {
          await client.query(`update newsletter_deliveries set state = 'pending', error = $2, claimed_pid = null where id = $1`, [
            row.id,
            message,
          ]);
          temporary = error;
        }
        continue;
      }
      await client.query(
        `update newsletter_deliveries set state = 'sent', sent_at = now(), error = null, claimed_pid = null where id = $1`,
        [row.id],
      );
    }
    if (temporary !== undefined) throw temporary;
    return "sent";
  } catch (error) {
    // A session that failed mid-batch is not given back: ending it frees its rows for the next batch at once.
    released = true;
    client.release(error instanceof Error ? error : true);
    throw error;
  } finally {
    if (!released) client.release();
  }
}

/** The issue is sent once no row is open; the job that sees it first records it. */
async function finish(issueId: string) {
  await db()
    .update(newsletterIssues)
    .set({ status: "sent", finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "sending")));
  logger.info(`Newsletter issue ${issueId} sent`);
  // /news lists the archive of sent issues (archive.server.ts).
  await invalidatePages("content");
}

/**
 * The job: fix the audience (first run), then batches until none is open. It hands over to a new job
 * after half its timeout, so pg-boss never takes a long send for a dead one; a process that dies
 * leaves its job to pg-boss's retry after JOB_TIMEOUT_S.
 */
async function runSend(payload: Record<string, unknown>) {
  const issueId = String(payload.issueId ?? "");
  if (!/^[0-9a-f-]{36}$/i.test(issueId)) return;
  const status = await snapshotRecipients(issueId);
  if (status !== "sending") return;
  const rendered = await renderedVersions(issueId);
  const deadline = Date.now() + (getEnv().JOB_TIMEOUT_S * 1000) / 2;
  const sender = bulkSender();
  try {
    for (;;) {
      const result = await sendBatch(issueId, rendered, sender);
      if (result === "done") return await finish(issueId);
      if (result === "busy") return;
      if (Date.now() > deadline) return await enqueueSend(issueId, db());
    }
  } finally {
    sender.close();
  }
}

registerJobHandler(SEND_JOB, runSend);
