import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { newsletterIssues } from "~/db/schema";
import { createIssue } from "~/features/admin/newsletter-issue-create.server";
import { issueAction } from "~/features/admin/newsletter-issues-console.server";
import { saveAudience, saveVersion } from "~/features/admin/newsletter-issues.server";
import { confirmNewsletter, withdrawNewsletter } from "~/features/account/newsletter.server";
import { db } from "~/lib/db.server";
import { answerOf, formPost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { loggedMails, runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { insertOperator } from "../../../tests/helpers/newsletter";

const body = (text: string) => JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

/** An account with a pending newsletter consent in `language`; returns the confirmation token. */
async function pendingSubscriber(name: string, language: string) {
  const token = `token-${name}-${"x".repeat(30)}`;
  const email = `${name}@example.com`;
  await db().execute(
    sql`insert into users (id, name, email, email_verified, created_at, updated_at) values (${name}, ${name}, ${email}, true, now(), now())`,
  );
  await db().execute(sql`insert into profiles (id, username, language) values (${name}, ${name}, ${language})`);
  await db().execute(sql`
    insert into newsletter_consents (user_id, email, status, source, wording, wording_version, language, token_hash, token_expires_at)
    values (${name}, ${email}, 'pending', 'profile', 'Subscribe', 'test', ${language},
            ${createHash("sha256").update(token).digest("hex")}, now() + interval '1 day')`);
  return { token, email };
}

describe("the welcome mail", () => {
  beforeEach(resetDatabase);

  it("goes once to each new subscriber after confirming, in their language; never to the list", async () => {
    const actor = await insertOperator();
    const { id } = await createIssue(actor, "welcome");
    await saveVersion(actor, id!, { language: "en", subject: "Welcome aboard", preheader: "", body: body("Glad you are here.") });
    await saveVersion(actor, id!, { language: "de", subject: "Willkommen", preheader: "", body: body("Schön, dass Sie da sind.") });
    const path = `/admin/newsletter/issues/${id}`;
    expect(answerOf(await issueAction(formPost(path, "welcome", { welcome: "true" }), actor, id!)).body.message).toBe(
      "admin.newsletterIssues.welcome.turnedOn",
    );
    // The welcome mail is not for the list.
    expect(answerOf(await issueAction(formPost(path, "send", { sendAt: "" }), actor, id!)).body.result?.error).toEqual({
      "": ["admin.newsletterIssues.errors.welcomeNotSent"],
    });

    const german = await pendingSubscriber("greta", "de");
    const spanish = await pendingSubscriber("sofia", "es");
    expect(await confirmNewsletter(german.token)).toBe("confirmed");
    expect(await confirmNewsletter(spanish.token)).toBe("confirmed");
    // Confirming again (a second click on the link) welcomes no one twice.
    expect(await confirmNewsletter(german.token)).toBe("already");
    await runJobsUntilIdle();
    const welcomes = (await loggedMails()).filter((mail) => !/confirm/i.test(mail.subject));
    // Spanish has no version and the issue skips missing languages.
    expect(welcomes.map((mail) => [mail.to, mail.subject, mail.status])).toEqual([[german.email, "Willkommen", "sent"]]);

    // With "send the English one" for missing languages, a Spanish subscriber gets English.
    await saveAudience(actor, id!, { missingLanguage: "default", segmentLanguage: "", segmentCustomerType: "", private: false });
    const late = await pendingSubscriber("lucia", "es");
    await confirmNewsletter(late.token);
    await runJobsUntilIdle();
    const [latest] = await db()
      .execute<{ recipient: string; subject: string }>(
        sql`select recipient, subject from mail_log where recipient = ${late.email} order by id desc limit 1`,
      )
      .then((result) => result.rows);
    expect(latest).toEqual({ recipient: late.email, subject: "Welcome aboard" });

    // Turned off: the next subscriber gets no welcome.
    await issueAction(formPost(path, "welcome", { welcome: "false" }), actor, id!);
    const after = await pendingSubscriber("otto", "de");
    await confirmNewsletter(after.token);
    await runJobsUntilIdle();
    expect((await loggedMails()).filter((mail) => mail.to === after.email)).toEqual([]);
  });

  it("one issue at a time is the welcome mail, only a draft becomes it, and a subscriber who left meanwhile gets nothing", async () => {
    const actor = await insertOperator();
    const first = (await createIssue(actor, "welcome-one")).id!;
    const second = (await createIssue(actor, "welcome-two")).id!;
    await saveVersion(actor, second, { language: "en", subject: "Hello", preheader: "", body: body("Hi.") });
    await issueAction(formPost(`/admin/newsletter/issues/${first}`, "welcome", { welcome: "true" }), actor, first);
    await issueAction(formPost(`/admin/newsletter/issues/${second}`, "welcome", { welcome: "true" }), actor, second);
    const welcome = await db()
      .select({ slug: newsletterIssues.slug, welcome: newsletterIssues.welcome })
      .from(newsletterIssues)
      .orderBy(newsletterIssues.slug);
    expect(welcome).toEqual([
      { slug: "welcome-one", welcome: false },
      { slug: "welcome-two", welcome: true },
    ]);
    expect(
      answerOf(await issueAction(formPost(`/admin/newsletter/issues/${second}`, "welcome", { welcome: "maybe" }), actor, second)).status,
    ).toBe(400);

    const leaving = await pendingSubscriber("lena", "en");
    await confirmNewsletter(leaving.token);
    await withdrawNewsletter("lena", "profile");
    await runJobsUntilIdle();
    expect((await loggedMails()).filter((mail) => mail.to === leaving.email && mail.subject === "Hello")).toEqual([]);
  });
});
