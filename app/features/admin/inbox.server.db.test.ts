import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, contactMessages, contactReplies, siteSettings } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv, setEnvForTesting } from "~/lib/env.server";
import { answerOf, formPost, garbagePost, redirectOf } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { loggedMails, runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { SITE_SETTINGS_KEY } from "~/lib/site-facts.server";
import { inboxThreadAction } from "./inbox-actions.server";
import { DEFAULT_MAIL_BRAND } from "~/lib/brand";
import { deleteMessage, listMessages, openMessage, parseInboxFilters, replyToMessage, setHandled } from "./inbox.server";

const actor = { id: "editor-1", email: "editor@ipangel.test", name: "Editor", role: "editor" as const };
const baseEnv = getEnv();

async function addMessage(values: Partial<typeof contactMessages.$inferInsert> & { minutesAgo?: number }) {
  const [row] = await db()
    .insert(contactMessages)
    .values({
      name: values.name ?? "Ada",
      email: values.email ?? "ada@example.com",
      subject: values.subject ?? "Book a Consultation",
      message: values.message ?? "Hello there",
      createdAt: new Date(Date.now() - (values.minutesAgo ?? 0) * 60_000),
    })
    .returning();
  return row!;
}

describe("contact inbox", () => {
  beforeEach(async () => {
    await resetDatabase();
    setEnvForTesting({ ...baseEnv, CONTACT_TO: "office@ipangel.test" });
  });

  it("lists newest first, searches sender and text, and filters unread", async () => {
    const old = await addMessage({ name: "Grace", email: "grace@navy.test", message: "About the academy", minutesAgo: 60 });
    const recent = await addMessage({ name: "Linus", email: "linus@kernel.test", message: "Media licence question", minutesAgo: 1 });
    const all = await listMessages(parseInboxFilters(new URL("http://x/admin/inbox")));
    expect(all.messages.map((message) => message.id)).toEqual([recent.id, old.id]);
    expect((await listMessages(parseInboxFilters(new URL("http://x/?q=grace")))).messages.map((m) => m.id)).toEqual([old.id]);
    expect((await listMessages(parseInboxFilters(new URL("http://x/?q=licence")))).messages.map((m) => m.id)).toEqual([recent.id]);
    // A LIKE wildcard in the search is taken literally.
    expect((await listMessages(parseInboxFilters(new URL("http://x/?q=%25")))).messages).toEqual([]);
    await openMessage(actor, old.id);
    expect((await listMessages(parseInboxFilters(new URL("http://x/?status=unread")))).messages.map((m) => m.id)).toEqual([recent.id]);
  });

  it("a reply is mailed to the sender, kept in the thread and audited", async () => {
    const message = await addMessage({ subject: "Book a Consultation", message: "Line one\nLine two" });
    expect(await replyToMessage(actor, message.id, "   ")).toEqual({ ok: false, error: "admin.inbox.errors.replyRequired", status: 400 });
    expect(await replyToMessage(actor, message.id, "x".repeat(5001))).toMatchObject({
      ok: false,
      error: "admin.inbox.errors.replyTooLong",
    });
    expect(await replyToMessage(actor, message.id, "Thank you, <b>Ada</b>. Tuesday works.")).toEqual({ ok: true });

    const [mail] = await loggedMails();
    expect(mail).toMatchObject({ to: "ada@example.com", subject: "Re: Book a Consultation", replyTo: "office@ipangel.test" });
    expect(mail.text).toBe("Thank you, <b>Ada</b>. Tuesday works.\n\n> Line one\n> Line two");
    expect(mail.html).toContain("Thank you, &lt;b&gt;Ada&lt;/b&gt;");
    // The account mails' layout: the company's name in the brand colour heads it.
    expect(mail.html).toContain(`color:${DEFAULT_MAIL_BRAND.accent}">${DEFAULT_MAIL_BRAND.name}</p>`);
    expect(mail.html).toContain("&gt; Line two");

    const thread = await openMessage(actor, message.id);
    expect(thread!.replies.map((reply) => reply.body)).toEqual(["Thank you, <b>Ada</b>. Tuesday works."]);
    const actions = (await db().select().from(auditLog).orderBy(auditLog.id)).map((entry) => entry.action);
    expect(actions).toEqual(["inbox.reply"]);
  });

  it("each reply in the thread says whether its mail is queued, sent or failed; replies answer to the address in Site settings", async () => {
    setEnvForTesting({ ...baseEnv, CONTACT_TO: undefined, SMTP_URL: undefined });
    await db()
      .insert(siteSettings)
      .values({ key: SITE_SETTINGS_KEY, value: { email: "office@company.test" } });
    const message = await addMessage({});
    const deliveries = async () =>
      (await openMessage(actor, message.id))!.replies.map(({ delivery, lastError }) => ({ delivery, lastError }));

    await replyToMessage(actor, message.id, "First answer.");
    expect((await loggedMails())[0]).toMatchObject({ replyTo: "office@company.test" });
    expect(await deliveries()).toEqual([{ delivery: "pending", lastError: null }]);
    await runJobsUntilIdle();
    expect(await deliveries()).toEqual([{ delivery: "sent", lastError: null }]);

    // A mail server that does not answer: the reply says so, with the reason.
    setEnvForTesting({ ...baseEnv, CONTACT_TO: undefined, SMTP_URL: "smtp://127.0.0.1:9", JOB_RETRY_DELAY_S: 1 });
    await replyToMessage(actor, message.id, "Second answer.");
    await runJobsUntilIdle(60_000);
    expect(await deliveries()).toEqual([
      { delivery: "sent", lastError: null },
      { delivery: "failed", lastError: expect.stringMatching(/ECONNREFUSED|connect/i) },
    ]);
  });

  it("marks handled and deletes with the replies; an unknown or malformed id is not found", async () => {
    const message = await addMessage({});
    await replyToMessage(actor, message.id, "Done.");
    expect(await setHandled(actor, message.id, true)).toEqual({ ok: true });
    expect((await listMessages(parseInboxFilters(new URL("http://x/?status=handled")))).messages).toHaveLength(1);
    expect(await deleteMessage(actor, message.id)).toEqual({ ok: true });
    expect(await db().select().from(contactMessages)).toEqual([]);
    expect(await db().select().from(contactReplies)).toEqual([]);
    const deletion = (await db().select().from(auditLog).where(eq(auditLog.action, "inbox.delete")))[0]!;
    expect(deletion.changes.message).toEqual({ before: "Hello there", after: null });
    expect(await deleteMessage(actor, message.id)).toMatchObject({ ok: false, status: 404 });
    expect(await openMessage(actor, "not-a-uuid")).toBeUndefined();
    expect(await replyToMessage(actor, "00000000-0000-4000-8000-000000000000", "Hi")).toMatchObject({ ok: false, status: 404 });
  });

  it("the thread's forms: reply (checked like the browser does), handled and open again, unread, delete", async () => {
    const message = await addMessage({});
    const post = (intent: string, values: Record<string, string> = {}) =>
      inboxThreadAction(formPost(`/admin/inbox/${message.id}`, intent, values), actor, message.id);
    const empty = answerOf(await post("reply", { body: "  " }));
    expect(empty).toMatchObject({ status: 400, body: { ok: false, result: { error: { body: ["admin.inbox.errors.replyRequired"] } } } });
    const long = answerOf(await post("reply", { body: "x".repeat(5001) }));
    expect(long.body.result.error).toEqual({ body: ["admin.inbox.errors.replyTooLong"] });
    expect(await db().select().from(contactReplies)).toEqual([]);
    expect(answerOf(await post("reply", { body: "Tuesday works." }))).toMatchObject({
      status: 200,
      body: { ok: true, message: "admin.inbox.replySent" },
    });
    expect(answerOf(await post("handled", { handled: "true" })).body.message).toBe("admin.inbox.markedHandled");
    expect(answerOf(await post("handled", { handled: "false" })).body.message).toBe("admin.inbox.reopened");
    expect(answerOf(await post("handled", { handled: "maybe" })).status).toBe(400);
    expect(await redirectOf(post("unread"))).toBe("/admin/inbox");
    expect(answerOf(await inboxThreadAction(garbagePost(`/admin/inbox/${message.id}`), actor, message.id)).status).toBe(400);
    expect(await redirectOf(post("delete"))).toBe("/admin/inbox?deleted=1");
    // Gone: every form of the page says so instead of failing.
    expect(answerOf(await post("reply", { body: "Late" }))).toMatchObject({
      status: 404,
      body: { result: { error: { "": ["admin.errors.notFound"] } } },
    });
  });
});
