import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterDeliveries, newsletterIssues } from "~/db/schema";
import { unsubscribeUrl } from "~/features/account/newsletter-links.server";
import { unsubscribeAction } from "~/features/account/newsletter-routes.server";
import { db } from "~/lib/db.server";
import { bulkSender } from "~/lib/mailer.server";
import { getEnv, setEnvForTesting, type Env } from "~/lib/env.server";
import { startSmtpSink, type SmtpSink } from "../../../tests/fakes/smtp-sink";
import { resetDatabase } from "../../../tests/helpers/database";
import { runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { parseMail } from "../../../tests/helpers/mail";
import { insertOperator, insertSubscribers } from "../../../tests/helpers/newsletter";
import { retryFailed, saveAudience, saveVersion, scheduleSend, sendReport } from "~/features/admin/newsletter-issues.server";
import { createIssue } from "~/features/admin/newsletter-issue-create.server";
import { renderedVersions, sendBatch, snapshotRecipients } from "./send.server";

const doc = (text: string) =>
  JSON.stringify({
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text }] },
      { type: "paragraph", content: [{ type: "text", text: "Read more", marks: [{ type: "link", attrs: { href: "/media" } }] }] },
    ],
  });

const SUBJECTS = { en: "News in December", de: "Neues im Dezember", es: "Novedades de diciembre" } as const;

async function issueWith(languages: Array<keyof typeof SUBJECTS>, audience: Partial<Parameters<typeof saveAudience>[2]> = {}) {
  const actor = await insertOperator();
  const created = await createIssue(actor, "december-2026");
  const id = created.id!;
  for (const language of languages) {
    await saveVersion(actor, id, {
      language,
      subject: SUBJECTS[language],
      preheader: `${SUBJECTS[language]}!`,
      body: doc(SUBJECTS[language]),
    });
  }
  await saveAudience(actor, id, { missingLanguage: "skip", segmentLanguage: "", segmentCustomerType: "", private: false, ...audience });
  return { actor, id };
}

function header(raw: string, name: string) {
  const unfolded = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded)?.[1];
}

describe("newsletter sending", () => {
  let sink: SmtpSink;
  let base: Env;

  beforeAll(async () => {
    base = getEnv();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    setEnvForTesting(base);
    await sink.close();
  });

  function useEnv(extra: Partial<ReturnType<typeof getEnv>> = {}) {
    setEnvForTesting({
      ...base,
      PUBLIC_URL: "https://news.example.com",
      MAIL_FROM: "IP Angel <newsletter@example.com>",
      SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      NEWSLETTER_RATE_PER_S: 0,
      NEWSLETTER_BATCH_SIZE: 50,
      ...extra,
    });
  }

  it("sends each confirmed subscriber one mail in the language of their consent, with the list headers", async () => {
    await resetDatabase();
    sink.messages.length = 0;
    useEnv();
    await insertSubscribers(9);
    // One withdrawn and one pending consent get nothing.
    await db().execute(sql`update newsletter_consents set status = 'withdrawn' where email = 'sub-9@example.com'`);
    const { actor, id } = await issueWith(["en", "de", "es"]);
    expect(await scheduleSend(actor, id, "")).toMatchObject({ ok: true });
    await runJobsUntilIdle();

    const [issue] = await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
    expect(issue.status).toBe("sent");
    expect(sink.messages).toHaveLength(8);
    const consents = await db().execute<{ id: string; email: string; language: string }>(
      sql`select id, email, language from newsletter_consents`,
    );
    for (const message of sink.messages) {
      const consent = consents.rows.find((row) => row.email === message.to[0])!;
      const mail = parseMail(message.raw, message.to);
      expect(mail.subject).toBe(SUBJECTS[consent.language as keyof typeof SUBJECTS]);
      expect(header(message.raw, "List-Unsubscribe")).toMatch(
        new RegExp(`^<https://news\\.example\\.com/newsletter/unsubscribe\\?c=${consent.id}&s=[\\w-]+>$`),
      );
      expect(header(message.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(header(message.raw, "List-Id")).toBe("IP Angel <newsletter.news.example.com>");
      expect(header(message.raw, "Message-ID")).toBe(`<newsletter.${id}.${consent.id}@example.com>`);
      // The recipient's own link in both parts; site links absolute and untouched; no image at all (no pixel).
      expect(mail.text).toContain(`/newsletter/unsubscribe?c=${consent.id}&s=`);
      expect(mail.html).toContain(`/newsletter/unsubscribe?c=${consent.id}&amp;s=`);
      expect(mail.html).toContain('href="https://news.example.com/media"');
      expect(mail.text).toContain("Read more (https://news.example.com/media)");
      expect(mail.html).not.toMatch(/<img/i);
      expect(mail.html).toContain(`<html lang="${consent.language}"`);
    }
    expect((await sendReport(id)).languages).toEqual([
      { language: "en", pending: 0, sent: 3, failed: 0, unsubscribed: 0, suppressed: 0, bounced: 0 },
      { language: "de", pending: 0, sent: 3, failed: 0, unsubscribed: 0, suppressed: 0, bounced: 0 },
      { language: "es", pending: 0, sent: 2, failed: 0, unsubscribed: 0, suppressed: 0, bounced: 0 },
    ]);
  });

  it("leaves out languages without a version, or sends them the English one, and narrows to a segment", async () => {
    await resetDatabase();
    useEnv();
    await insertSubscribers(6);
    const skip = await issueWith(["en", "de"]);
    await scheduleSend(skip.actor, skip.id, "");
    await snapshotRecipients(skip.id);
    const skipped = await db().select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, skip.id));
    expect(skipped.map((row) => row.consentLanguage).sort()).toEqual(["de", "de", "en", "en"]);

    await resetDatabase();
    await insertSubscribers(6);
    const fallback = await issueWith(["en", "de"], { missingLanguage: "default" });
    await scheduleSend(fallback.actor, fallback.id, "");
    await snapshotRecipients(fallback.id);
    const rows = await db().select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, fallback.id));
    expect(rows.filter((row) => row.consentLanguage === "es").map((row) => row.language)).toEqual(["en", "en"]);
    expect(rows.filter((row) => row.consentLanguage !== "es").every((row) => row.language === row.consentLanguage)).toBe(true);

    await resetDatabase();
    await insertSubscribers(6);
    await db().execute(sql`update profiles set customer_type = 'business' where id in ('sub-2', 'sub-3')`);
    const segment = await issueWith(["en", "de", "es"], { segmentLanguage: "de", segmentCustomerType: "business" });
    await scheduleSend(segment.actor, segment.id, "");
    await snapshotRecipients(segment.id);
    const narrowed = await db().select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, segment.id));
    expect(narrowed.map((row) => row.email)).toEqual(["sub-2@example.com"]);
  });

  it("an unsubscribe by the one-click POST during a send takes effect before the next batch", async () => {
    await resetDatabase();
    sink.messages.length = 0;
    useEnv({ NEWSLETTER_BATCH_SIZE: 2 });
    await insertSubscribers(4, ["en"]);
    const { actor, id } = await issueWith(["en"]);
    await scheduleSend(actor, id, "");
    await snapshotRecipients(id);
    const rendered = await renderedVersions(id);
    const sender = bulkSender();
    expect(await sendBatch(id, rendered, sender)).toBe("sent");
    expect(sink.messages.map((message) => message.to[0]).sort()).toEqual(["sub-1@example.com", "sub-2@example.com"]);

    // sub-4 clicks "unsubscribe" in their mail program: a POST of the header's URL, no session, no body.
    const [consent] = (await db().execute<{ id: string }>(sql`select id from newsletter_consents where email = 'sub-4@example.com'`)).rows;
    const link = header(sink.messages[0].raw, "List-Unsubscribe")!
      .slice(1, -1)
      .replace(/c=[0-9a-f-]{36}&s=[\w-]+/, "");
    const own = unsubscribeUrl(consent.id);
    expect(own.startsWith(link)).toBe(true);
    const response = (await unsubscribeAction(new Request(own, { method: "POST", body: "List-Unsubscribe=One-Click" }))) as {
      init?: { status?: number };
    };
    expect(response.init?.status ?? 200).toBe(200);

    expect(await sendBatch(id, rendered, sender)).toBe("sent");
    expect(await sendBatch(id, rendered, sender)).toBe("done");
    sender.close();
    expect(sink.messages.map((message) => message.to[0]).sort()).toEqual(["sub-1@example.com", "sub-2@example.com", "sub-3@example.com"]);
    expect((await sendReport(id)).languages).toEqual([
      { language: "en", pending: 0, sent: 3, failed: 0, unsubscribed: 1, suppressed: 0, bounced: 0 },
    ]);
  });

  it("a refused address is failed and listed, and 'retry failed' sends to it alone", async () => {
    await resetDatabase();
    sink.messages.length = 0;
    useEnv();
    await insertSubscribers(3, ["de"]);
    const { actor, id } = await issueWith(["de"]);
    sink.rejected.add("sub-2@example.com");
    await scheduleSend(actor, id, "");
    await runJobsUntilIdle();
    const report = await sendReport(id);
    expect(report.languages).toEqual([{ language: "de", pending: 0, sent: 2, failed: 1, unsubscribed: 0, suppressed: 0, bounced: 0 }]);
    expect(report.failed).toMatchObject([{ email: "sub-2@example.com", language: "de", error: expect.stringContaining("550") }]);
    // The mailbox exists again: "retry failed" sends to that address alone.
    sink.rejected.clear();
    expect(await retryFailed(actor, id)).toMatchObject({ ok: true });
    await runJobsUntilIdle();
    expect(sink.messages.map((message) => message.to[0]).sort()).toEqual(["sub-1@example.com", "sub-2@example.com", "sub-3@example.com"]);
    expect((await sendReport(id)).languages[0]).toMatchObject({ sent: 3, failed: 0 });
  });
});
