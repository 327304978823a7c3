import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { newsletterIssues } from "~/db/schema";
import { saveAudience, saveVersion, scheduleSend } from "~/features/admin/newsletter-issues.server";
import { createIssue } from "~/features/admin/newsletter-issue-create.server";
import { db } from "~/lib/db.server";
import { getEnv, setEnvForTesting, type Env } from "~/lib/env.server";
import { startSmtpSink, type SmtpSink } from "../../../tests/fakes/smtp-sink";
import { startChildWorker, type ChildWorker } from "../../../tests/helpers/child-worker";
import { resetDatabase } from "../../../tests/helpers/database";
import { parseMail } from "../../../tests/helpers/mail";
import { insertOperator, insertSubscribers } from "../../../tests/helpers/newsletter";

/**
 * A send survives its process being killed (ADR 0067): a real OS process sends an issue to 300
 * subscribers in three languages through a real SMTP server (tests/fakes/smtp-sink.ts), is killed
 * (SIGKILL) mid-send, and a fresh process finishes it. What the SMTP server received is counted.
 */
const SUBSCRIBERS = 300;
const SUBJECTS = { en: "News in December", de: "Neues im Dezember", es: "Novedades de diciembre" } as const;

function messageId(raw: string) {
  const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  return /^message-id:\s*(\S+)/im.exec(headers)?.[1] ?? "";
}

describe("a newsletter send killed mid-way", () => {
  let workers: ChildWorker[] = [];
  let sink: SmtpSink | undefined;
  let base: Env;

  beforeAll(() => {
    base = getEnv();
  });

  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop("SIGKILL")));
    workers = [];
    await sink?.close();
    setEnvForTesting(base);
  });

  it("finishes after a restart with every subscriber mailed once in the language of their consent", async () => {
    await resetDatabase();
    sink = await startSmtpSink();
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      MAIL_FROM: "newsletter@example.com",
      // A dead process's job is retried within seconds; the rate makes the send last long enough to be killed.
      JOB_TIMEOUT_S: "4",
      JOB_RETRY_DELAY_S: "1",
      NEWSLETTER_RATE_PER_S: "50",
      NEWSLETTER_BATCH_SIZE: "20",
    };
    // The job is queued here with the same timeouts the processes work with.
    setEnvForTesting({ ...base, MAIL_FROM: env.MAIL_FROM, JOB_TIMEOUT_S: 4, JOB_RETRY_DELAY_S: 1 });
    await insertSubscribers(SUBSCRIBERS);
    const actor = await insertOperator();
    const { id } = await createIssue(actor, "december-2026");
    for (const language of ["en", "de", "es"] as const) {
      const body = JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: SUBJECTS[language] }] }] });
      await saveVersion(actor, id!, { language, subject: SUBJECTS[language], preheader: "", body });
    }
    await saveAudience(actor, id!, { missingLanguage: "skip", segmentLanguage: "", segmentCustomerType: "", private: false });

    workers.push(await startChildWorker("newsletter", env));
    expect(await scheduleSend(actor, id!, "")).toMatchObject({ ok: true });
    await expect.poll(() => sink!.messages.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(70);
    await workers[0].stop("SIGKILL");
    const atKill = sink.messages.length;
    expect(atKill).toBeLessThan(SUBSCRIBERS);

    workers.push(await startChildWorker("newsletter", env));
    const status = async () =>
      (await db().select({ status: newsletterIssues.status }).from(newsletterIssues).where(eq(newsletterIssues.id, id!)))[0].status;
    await expect.poll(status, { timeout: 90_000, interval: 200 }).toBe("sent");

    const consents = new Map(
      (
        await db().execute<{ id: string; email: string; language: string }>(sql`select id, email, language from newsletter_consents`)
      ).rows.map((row) => [row.email, row]),
    );
    const byMessageId = new Map<string, number>();
    for (const message of sink.messages) {
      const consent = consents.get(message.to[0])!;
      const id = messageId(message.raw);
      // The mail is the one of this recipient, in the language of their consent.
      expect(id).toContain(consent.id);
      const mail = parseMail(message.raw, message.to);
      expect(mail.subject).toBe(SUBJECTS[consent.language as keyof typeof SUBJECTS]);
      expect(mail.html).toContain(`<html lang="${consent.language}"`);
      byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
    }
    // 0 omissions: every subscriber's mail arrived. 0 duplicates for a receiver that deduplicates by
    // Message-ID; on the wire, at most the one mail in flight at the kill came twice (ADR 0067).
    expect(byMessageId.size).toBe(SUBSCRIBERS);
    expect(new Set(sink.messages.map((message) => message.to[0])).size).toBe(SUBSCRIBERS);
    const resent = sink.messages.length - SUBSCRIBERS;
    expect(resent).toBeLessThanOrEqual(1);
    const { rows } = await db().execute<{ state: string; n: number }>(
      sql`select state, count(*)::int as n from newsletter_deliveries where issue_id = ${id} group by state`,
    );
    expect(rows).toEqual([{ state: "sent", n: SUBSCRIBERS }]);
    // The kill came in the middle of a batch (mail 70 of batches of 20): the dead process's claimed rows
    // were taken again by the new one once its session was gone.
    const { rows: retaken } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from newsletter_deliveries where issue_id = ${id} and attempts > 1`,
    );
    expect(retaken[0].n).toBeGreaterThan(0);
    console.info(
      `newsletter crash: ${atKill} mails before the kill, ${retaken[0].n} rows taken again, ${resent} sent again, ${SUBSCRIBERS} distinct`,
    );
  }, 180_000);
});
