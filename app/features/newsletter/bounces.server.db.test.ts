import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterSuppressions } from "~/db/schema";
import { loadNewsletterConsole, newsletterConsoleAction } from "~/features/admin/newsletter-admin.server";
import { saveAudience, saveVersion, scheduleSend, sendReport } from "~/features/admin/newsletter-issues.server";
import { createIssue } from "~/features/admin/newsletter-issue-create.server";
import { db } from "~/lib/db.server";
import { getEnv, setEnvForTesting, type Env } from "~/lib/env.server";
import { bulkSender } from "~/lib/mailer.server";
import { answerOf, formPost } from "../../../tests/helpers/console-actions";
import { startSmtpSink, type SmtpSink } from "../../../tests/fakes/smtp-sink";
import { resetDatabase } from "../../../tests/helpers/database";
import { insertOperator, insertSubscribers } from "../../../tests/helpers/newsletter";
import { bounceWebhook } from "./bounce-webhook.server";
import { renderedVersions, sendBatch, snapshotRecipients } from "./send.server";

const TOKEN = "webhook-token-0123456789";

function webhook(values: Record<string, string>, authorization = `Bearer ${TOKEN}`) {
  return bounceWebhook(
    new Request("http://localhost/api/newsletter/bounces", {
      method: "POST",
      body: new URLSearchParams(values),
      headers: authorization ? { Authorization: authorization } : {},
    }),
  );
}

describe("the bounce webhook, the suppression list and sending", () => {
  let base: Env;
  let sink: SmtpSink;

  beforeAll(async () => {
    base = getEnv();
    sink = await startSmtpSink();
  });
  beforeEach(async () => {
    await resetDatabase();
    setEnvForTesting({
      ...base,
      SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      BOUNCE_WEBHOOK_TOKEN: TOKEN,
      BOUNCE_SOFT_LIMIT: 2,
      NEWSLETTER_RATE_PER_S: 0,
      NEWSLETTER_BATCH_SIZE: 2,
    });
  });
  afterAll(async () => {
    setEnvForTesting(base);
    await sink.close();
  });

  it("takes reports only with the token, refuses bad forms, and suppresses as the mailbox does", async () => {
    await insertSubscribers(3);
    expect((await webhook({ email: "sub-1@example.com", type: "hard" }, "")).status).toBe(401);
    expect((await webhook({ email: "sub-1@example.com", type: "hard" }, "Bearer not-the-token-at-all")).status).toBe(401);
    const bad = await webhook({ email: "not an address", type: "bounced", status: "9.9" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.sort()).toEqual(["email", "status", "type"]);
    setEnvForTesting({ ...getEnv(), BOUNCE_WEBHOOK_TOKEN: undefined });
    expect((await webhook({ email: "sub-1@example.com", type: "hard" })).status).toBe(404);
    setEnvForTesting({ ...getEnv(), BOUNCE_WEBHOOK_TOKEN: TOKEN });
    expect(await db().select().from(newsletterSuppressions)).toEqual([]);

    expect(await (await webhook({ email: "SUB-1@example.com", type: "hard", status: "5.1.1", detail: "no such user" })).json()).toEqual({
      outcome: "suppressed",
    });
    expect(await (await webhook({ email: "sub-2@example.com", type: "soft", status: "4.2.2" })).json()).toEqual({ outcome: "counted" });
    expect(await (await webhook({ email: "sub-2@example.com", type: "soft", status: "4.2.2" })).json()).toEqual({ outcome: "suppressed" });
    expect(await (await webhook({ email: "sub-3@example.com", type: "complaint" })).json()).toEqual({ outcome: "suppressed" });

    // The consent records show why; the consent itself is unchanged.
    const console = await loadNewsletterConsole({ status: "", q: "", page: 1 });
    const byEmail = new Map(console.records.map((record) => [record.email, record]));
    expect(byEmail.get("sub-1@example.com")).toMatchObject({ status: "confirmed", suppressed: "hard_bounce" });
    expect(byEmail.get("sub-2@example.com")).toMatchObject({ status: "confirmed", suppressed: "soft_bounces" });
    expect(byEmail.get("sub-3@example.com")).toMatchObject({ status: "confirmed", suppressed: "complaint" });
    expect(console.suppressions.find((row) => row.email === "sub-1@example.com")).toMatchObject({
      reason: "hard_bounce",
      detail: "5.1.1 no such user",
      source: "webhook",
    });
  });

  it("an address suppressed during a send is left out from the next batch and counted; the operator can lift it", async () => {
    await insertSubscribers(4, ["en"]);
    const actor = await insertOperator();
    const { id } = await createIssue(actor, "december-2026");
    const body = JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hello" }] }] });
    await saveVersion(actor, id!, { language: "en", subject: "News", preheader: "", body });
    await saveAudience(actor, id!, { missingLanguage: "skip", segmentLanguage: "", segmentCustomerType: "", private: false });
    await scheduleSend(actor, id!, "");
    await snapshotRecipients(id!);
    const rendered = await renderedVersions(id!);
    const sender = bulkSender();
    sink.messages.length = 0;
    expect(await sendBatch(id!, rendered, sender)).toBe("sent");
    await webhook({ email: "sub-4@example.com", type: "complaint" });
    expect(await sendBatch(id!, rendered, sender)).toBe("sent");
    sender.close();
    expect(sink.messages.map((message) => message.to[0]).sort()).toEqual(["sub-1@example.com", "sub-2@example.com", "sub-3@example.com"]);
    expect((await sendReport(id!)).languages).toEqual([
      { language: "en", pending: 0, sent: 3, failed: 0, unsubscribed: 0, suppressed: 1, bounced: 0 },
    ]);

    const lift = (email: string) => newsletterConsoleAction(formPost("/admin/newsletter", "lift", { email }), actor);
    expect(answerOf(await lift("")).body.result?.error).toEqual({ email: ["admin.newsletter.suppressions.errors.email"] });
    expect(answerOf(await lift("nobody@example.com")).status).toBe(404);
    expect(answerOf(await lift("SUB-4@example.com")).status).toBe(200);
    expect(await db().select().from(newsletterSuppressions)).toEqual([]);
    const audit = await db().execute(sql`select action, summary from audit_log where action = 'newsletter.suppression.lift'`);
    expect(audit.rows).toEqual([{ action: "newsletter.suppression.lift", summary: "sub-4@example.com" }]);
  });
});
