import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterDeliveries, newsletterSuppressions } from "~/db/schema";
import { saveAudience, saveVersion, scheduleSend, sendReport } from "~/features/admin/newsletter-issues.server";
import { createIssue } from "~/features/admin/newsletter-issue-create.server";
import { db } from "~/lib/db.server";
import { getEnv, setEnvForTesting, type Env } from "~/lib/env.server";
import { requestTaskRun } from "~/lib/jobs.server";
import { startDovecot, type Dovecot } from "../../../tests/fakes/dovecot";
import { startSmtpSink, type SmtpSink } from "../../../tests/fakes/smtp-sink";
import { resetDatabase } from "../../../tests/helpers/database";
import { runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { insertOperator, insertSubscribers } from "../../../tests/helpers/newsletter";
import { BOUNCE_TASK } from "./bounce-mailbox.server";
import { liftSuppression, listSuppressions } from "./bounces.server";

/**
 * Bounces through a real mailbox (ADR 0073): newsletter mail goes out through a real SMTP server with
 * the bounce address as its return path; delivery status notifications and a complaint are delivered
 * into the Maildir of a real Dovecot (as an MTA delivers them); the periodic task reads it over IMAP.
 */
const SUBJECTS = { en: "News in December", de: "Neues im Dezember", es: "Novedades de diciembre" } as const;

function headersOf(raw: string) {
  return raw.slice(0, raw.search(/\r?\n\r?\n/));
}

function messageIdOf(raw: string) {
  return /^message-id:\s*(\S+)/im.exec(headersOf(raw).replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "";
}

/** A DSN as Postfix writes it; `returned` is the whole mail (message/rfc822) or its headers (text/rfc822-headers). */
function dsn(original: string, recipient: string, status: string, returned: "message" | "headers") {
  const action = "failed";
  const part =
    returned === "message"
      ? `Content-Type: message/rfc822\n\n${original}`
      : `Content-Type: text/rfc822-headers\n\n${headersOf(original)}\n`;
  return `Return-Path: <>
Delivered-To: bounces@example.com
From: MAILER-DAEMON@mx.example.net (Mail Delivery System)
To: bounces@example.com
Subject: Undelivered Mail Returned to Sender
Message-ID: <${Math.random().toString(36).slice(2)}@mx.example.net>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="dsn-boundary"

--dsn-boundary
Content-Type: text/plain; charset=us-ascii

I'm sorry to have to inform you that your message could not be delivered.

--dsn-boundary
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
Arrival-Date: Thu, 26 Nov 2026 17:00:00 +0000

Final-Recipient: rfc822; ${recipient}
Original-Recipient: rfc822;${recipient}
Action: ${action}
Status: ${status}
Diagnostic-Code: smtp; ${status.startsWith("5") ? "550" : "452"} ${status} <${recipient}>: ${status.startsWith("5") ? "User unknown" : "Mailbox full"}

--dsn-boundary
${part}
--dsn-boundary--
`;
}

/** An abuse report in the Abuse Reporting Format (RFC 5965), as a mailbox provider's feedback loop sends it. */
function complaint(original: string, recipient: string) {
  return `From: feedback@isp.example.net
To: bounces@example.com
Subject: Abuse report
Message-ID: <arf-1@isp.example.net>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report; boundary="arf-boundary"

--arf-boundary
Content-Type: text/plain

A recipient marked this message as spam.

--arf-boundary
Content-Type: message/feedback-report

Feedback-Type: abuse
User-Agent: ISP-FBL/1.0
Version: 1
Original-Rcpt-To: <${recipient}>

--arf-boundary
Content-Type: message/rfc822

${original}
--arf-boundary--
`;
}

describe("bounces read from the bounce mailbox over IMAP", () => {
  let sink: SmtpSink;
  let dovecot: Dovecot;
  let base: Env;

  beforeAll(async () => {
    base = getEnv();
    [sink, dovecot] = await Promise.all([startSmtpSink(), startDovecot()]);
    setEnvForTesting({
      ...base,
      PUBLIC_URL: "https://news.example.com",
      MAIL_FROM: "IP Angel <newsletter@example.com>",
      SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      BOUNCE_ADDRESS: "bounces@example.com",
      BOUNCE_IMAP_URL: dovecot.url,
      BOUNCE_SOFT_LIMIT: 2,
      NEWSLETTER_RATE_PER_S: 0,
    });
  });
  afterAll(async () => {
    setEnvForTesting(base);
    await Promise.all([sink?.close(), dovecot?.stop()]);
  });

  async function sendIssue(slug: string, actor: Awaited<ReturnType<typeof insertOperator>>) {
    const { id } = await createIssue(actor, slug);
    for (const language of ["en", "de", "es"] as const) {
      const body = JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: SUBJECTS[language] }] }] });
      await saveVersion(actor, id!, { language, subject: SUBJECTS[language], preheader: "", body });
    }
    await saveAudience(actor, id!, { missingLanguage: "skip", segmentLanguage: "", segmentCustomerType: "", private: false });
    sink.messages.length = 0;
    await scheduleSend(actor, id!, "");
    await runJobsUntilIdle();
    const received = new Map(sink.messages.map((message) => [message.to[0], message]));
    return { id: id!, received };
  }

  async function pollMailbox() {
    await requestTaskRun(BOUNCE_TASK);
    await runJobsUntilIdle();
  }

  it("suppresses hard bounces and complaints at once, soft bounces after the limit, and the report counts them", async () => {
    await resetDatabase();
    // sub-1 en, sub-2 de, sub-3 es, sub-4 en.
    await insertSubscribers(4);
    const actor = await insertOperator();
    const first = await sendIssue("december-2026", actor);
    expect(first.received.size).toBe(4);
    // The return path is the bounce mailbox: that is where receiving servers send their reports.
    expect([...first.received.values()].every((message) => message.from === "bounces@example.com")).toBe(true);

    const mailTo = (address: string) => first.received.get(address)!.raw;
    dovecot.deliver(dsn(mailTo("sub-1@example.com"), "sub-1@example.com", "5.1.1", "message"));
    // The same report twice (a resend by the MTA) counts once.
    dovecot.deliver(dsn(mailTo("sub-1@example.com"), "sub-1@example.com", "5.1.1", "headers"));
    dovecot.deliver(dsn(mailTo("sub-2@example.com"), "sub-2@example.com", "4.2.2", "headers"));
    dovecot.deliver(complaint(mailTo("sub-3@example.com"), "sub-3@example.com"));
    // A forged report naming a subscriber but no mail of ours, and a reply that is no report: both change nothing.
    dovecot.deliver(
      dsn(
        mailTo("sub-4@example.com").replace(messageIdOf(mailTo("sub-4@example.com")), "<forged@example.org>"),
        "sub-4@example.com",
        "5.1.1",
        "headers",
      ),
    );
    dovecot.deliver("From: sub-4@example.com\nTo: bounces@example.com\nSubject: Re: News\n\nThanks!\n");
    await pollMailbox();

    const suppressed = await listSuppressions();
    expect(
      suppressed.map(({ email, reason, source }) => ({ email, reason, source })).sort((a, b) => a.email.localeCompare(b.email)),
    ).toEqual([
      { email: "sub-1@example.com", reason: "hard_bounce", source: "mailbox" },
      { email: "sub-3@example.com", reason: "complaint", source: "mailbox" },
    ]);
    expect(suppressed.find((row) => row.email === "sub-1@example.com")!.detail).toContain("5.1.1");
    const report = await sendReport(first.id);
    expect(report.languages.map(({ language, sent, bounced }) => ({ language, sent, bounced }))).toEqual([
      { language: "en", sent: 2, bounced: 1 },
      { language: "de", sent: 1, bounced: 1 },
      { language: "es", sent: 1, bounced: 1 },
    ]);
    // Reports are deleted once recorded; the forged one and the reply stay, read, for a person.
    expect(dovecot.count()).toBe(2);

    // The next issue leaves the suppressed addresses out; a second soft bounce of sub-2 reaches the limit.
    const second = await sendIssue("january-2027", actor);
    expect([...second.received.keys()].sort()).toEqual(["sub-2@example.com", "sub-4@example.com"]);
    dovecot.deliver(dsn(second.received.get("sub-2@example.com")!.raw, "sub-2@example.com", "4.2.2", "headers"));
    await pollMailbox();
    const [soft] = await db().select().from(newsletterSuppressions).where(eq(newsletterSuppressions.email, "sub-2@example.com"));
    expect(soft).toMatchObject({ reason: "soft_bounces" });

    // The operator lifts the hard bounce (the mailbox exists again): the next send includes it.
    expect(await liftSuppression("sub-1@example.com")).toBe(true);
    const third = await sendIssue("february-2027", actor);
    expect([...third.received.keys()].sort()).toEqual(["sub-1@example.com", "sub-4@example.com"]);
    const bounced = await db().execute(sql`select count(*)::int as n from ${newsletterDeliveries} where bounce is not null`);
    expect(bounced.rows[0]).toEqual({ n: 4 });
  });
});
