import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { newsletterIssues, newsletterIssueVersions } from "~/db/schema";
import { db } from "~/lib/db.server";
import { answerOf, formPost, garbagePost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { loggedMails } from "../../../tests/helpers/jobs";
import { insertOperator } from "../../../tests/helpers/newsletter";
import { issueAction, issueListAction } from "./newsletter-issues-console.server";
import { createIssue } from "./newsletter-issue-create.server";
import { NEW_POST, publishNews, saveNewsDraft } from "~/features/news/news.server";

const BODY = JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hallo <b>Welt</b>" }] }] });

describe("newsletter issues in the console", () => {
  beforeEach(resetDatabase);

  it("refuses bad slugs, garbage bodies and unknown intents with a translated answer, and changes nothing", async () => {
    const actor = await insertOperator();
    const post = (values: Record<string, string>) => issueListAction(formPost("/admin/newsletter/issues", "create", values), actor);
    expect(answerOf(await post({ slug: "Not A Slug" })).body.result?.error).toEqual({
      slug: ["admin.newsletterIssues.errors.slugInvalid"],
    });
    expect(answerOf(await issueListAction(garbagePost("/admin/newsletter/issues"), actor)).status).toBe(400);
    const { id } = await createIssue(actor, "december-2026");
    expect(answerOf(await post({ slug: "december-2026" })).body.result?.error).toEqual({
      slug: ["admin.newsletterIssues.errors.slugTaken"],
    });

    const path = `/admin/newsletter/issues/${id}`;
    expect(answerOf(await issueAction(garbagePost(path), actor, id!)).status).toBe(400);
    expect(answerOf(await issueAction(formPost(path, "no-such-intent"), actor, id!)).status).toBe(400);
    const bad = [
      { language: "fr", subject: "Hi", body: BODY },
      { language: "de", subject: "", body: BODY },
      { language: "de", subject: "x".repeat(151), body: BODY },
      { language: "de", subject: "Hi", body: "{not json" },
      { language: "de", subject: "Hi", body: JSON.stringify({ type: "doc", content: [] }) },
      { language: "de", subject: "Hi", body: "x".repeat(300_000) },
    ];
    for (const values of bad) expect(answerOf(await issueAction(formPost(path, "save", values), actor, id!)).status).toBe(400);
    expect(await db().select().from(newsletterIssueVersions)).toEqual([]);
    // Nothing to send yet: refused, still a draft.
    expect(answerOf(await issueAction(formPost(path, "send", { sendAt: "" }), actor, id!)).body.result?.error).toEqual({
      "": ["admin.newsletterIssues.errors.noVersion"],
    });
  });

  it("starts an issue from a news post: each language's title, summary and text, and a link to it where it is live", async () => {
    const actor = await insertOperator();
    const fields = (title: string, text: string) => ({
      title,
      slug: "",
      summary: `${title} in short`,
      body: JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] }),
      coverId: "",
      tags: [],
    });
    const { postId } = await publishNews(actor, NEW_POST, "en", fields("Big news", "We moved."));
    await saveNewsDraft(actor, postId!, "de", fields("Große Neuigkeit", "Wir sind umgezogen."));

    const post = (values: Record<string, string>) => issueListAction(formPost("/admin/newsletter/issues", "create", values), actor);
    const created = (await post({ slug: "moving", postId: postId! })) as Response;
    expect(created.headers.get("Location")).toMatch(/^\/admin\/newsletter\/issues\/[0-9a-f-]{36}$/);
    const versions = await db().select().from(newsletterIssueVersions).orderBy(newsletterIssueVersions.language);
    expect(versions.map(({ language, subject, preheader }) => ({ language, subject, preheader }))).toEqual([
      { language: "de", subject: "Große Neuigkeit", preheader: "Große Neuigkeit in short" },
      { language: "en", subject: "Big news", preheader: "Big news in short" },
    ]);
    const [german, english] = versions.map((version) => JSON.stringify(version.body));
    expect(english).toContain("We moved.");
    expect(english).toMatch(/"href":"http[^"]+\/news\/big-news\?lang=en"/);
    expect(english).toContain("Read it on our website");
    // Not live in German: its draft's words, and no link to a page that does not exist.
    expect(german).toContain("Wir sind umgezogen.");
    expect(german).not.toContain("href");

    // An unknown post, or no id at all, changes nothing.
    expect(answerOf(await post({ slug: "ghost", postId: "00000000-0000-4000-8000-000000000000" })).body.result?.error).toEqual({
      postId: ["admin.newsletterIssues.errors.postMissing"],
    });
    expect(answerOf(await post({ slug: "ghost", postId: "../etc" })).status).toBe(400);
    expect((await db().select().from(newsletterIssues)).map((issue) => issue.slug)).toEqual(["moving"]);
  });

  it("saves a version as a clean document, sends the test to the operator only, and locks the issue once it is sent", async () => {
    const actor = await insertOperator("ops@example.com");
    const { id } = await createIssue(actor, "december-2026");
    const path = `/admin/newsletter/issues/${id}`;
    const saved = await issueAction(formPost(path, "save", { language: "de", subject: "Neues", preheader: "", body: BODY }), actor, id!);
    expect(answerOf(saved).status).toBe(200);
    const [version] = await db().select().from(newsletterIssueVersions);
    expect(version).toMatchObject({ language: "de", subject: "Neues" });

    // A forged "to" in the body is ignored: the test goes to the signed-in operator.
    await issueAction(formPost(path, "test", { language: "de", to: "victim@example.com" }), actor, id!);
    const mails = await loggedMails();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([["ops@example.com", "[Test] Neues"]]);
    expect(mails[0].html).toContain("Hallo &lt;b&gt;Welt&lt;/b&gt;");
    expect(mails[0].headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // A time that has passed is refused (Berlin time, ADR 0059); the issue stays a draft.
    const past = answerOf(await issueAction(formPost(path, "send", { sendAt: "2001-01-01T10:00" }), actor, id!));
    expect(past.body.result?.error).toEqual({ sendAt: ["admin.newsletterIssues.errors.sendAtPast"] });
    expect((await db().select().from(newsletterIssues))[0].status).toBe("draft");

    await db().update(newsletterIssues).set({ status: "sent" }).where(eq(newsletterIssues.id, id!));
    const late = await issueAction(formPost(path, "save", { language: "de", subject: "Anders", body: BODY }), actor, id!);
    expect(answerOf(late).status).toBe(409);
    expect((await db().select().from(newsletterIssueVersions))[0].subject).toBe("Neues");
  });
});
