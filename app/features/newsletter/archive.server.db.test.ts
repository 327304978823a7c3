import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterDeliveries, newsletterIssues, newsletterIssueVersions } from "~/db/schema";
import { createIssueSchema } from "~/features/admin/schemas/newsletter-issue-schema";
import { db } from "~/lib/db.server";
import { parseForm } from "~/lib/form-submission";
import { resetDatabase } from "../../../tests/helpers/database";
import { archivedIssue, archivedIssues, loadArchivedIssue } from "./archive.server";

/**
 * The web archive of sent issues (ADR 0067): an issue is there once its send finished, unless private, in
 * each language at least one recipient received; a visitor gets their language or the first one sent.
 */
const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

async function issue(
  slug: string,
  options: { status?: "draft" | "sending" | "sent"; private?: boolean; finishedAt?: string; sent: Record<string, "sent" | "failed"> },
) {
  const [row] = await db()
    .insert(newsletterIssues)
    .values({
      slug,
      status: options.status ?? "sent",
      private: options.private ?? false,
      finishedAt: options.status && options.status !== "sent" ? null : new Date(options.finishedAt ?? "2026-11-20T09:00:00Z"),
    })
    .returning();
  for (const [language, state] of Object.entries(options.sent)) {
    await db()
      .insert(newsletterIssueVersions)
      .values({ issueId: row!.id, language, subject: `${slug} (${language})`, preheader: `About ${slug}`, body: doc(`Body ${language}`) });
    await db()
      .insert(newsletterDeliveries)
      .values({ issueId: row!.id, consentId: randomUUID(), email: `${language}@example.com`, language, consentLanguage: language, state });
  }
  return row!;
}

const lang = (language: string) => new Request(`http://localhost/newsletter/x?lang=${language}`);

describe("the newsletter archive", () => {
  beforeEach(resetDatabase);
  afterAll(resetDatabase);

  it("shows a sent issue in each language it was sent in, else in the first one sent, marked as such", async () => {
    await issue("november", { sent: { en: "sent", de: "failed", es: "sent" } });
    expect(await archivedIssue("november", "es")).toMatchObject({ language: "es", subject: "november (es)", preheader: "About november" });
    // No German recipient received it: a German visitor reads the English one, under the note.
    expect(await archivedIssue("november", "de")).toMatchObject({ language: "en", subject: "november (en)" });
    const german = await loadArchivedIssue(lang("de"), "november");
    expect(german.meta).toMatchObject({ title: expect.stringMatching(/^november \(en\) \| /), contentLanguage: "en", language: "de" });
    expect(german.issue.body).toEqual(doc("Body en"));
    expect((await loadArchivedIssue(lang("es"), "november")).meta.contentLanguage).toBeUndefined();
  });

  it("keeps drafts, sends under way, private issues and unknown slugs out, as the not-found page", async () => {
    await issue("draft-one", { status: "draft", sent: { en: "sent" } });
    await issue("under-way", { status: "sending", sent: { en: "sent" } });
    await issue("members-only", { private: true, sent: { en: "sent" } });
    for (const slug of ["draft-one", "under-way", "members-only", "no-such-issue"]) {
      expect(await archivedIssue(slug, "en"), slug).toBeUndefined();
      const thrown = await loadArchivedIssue(lang("en"), slug).catch((error: unknown) => error);
      expect(thrown, slug).toMatchObject({ init: { status: 404 } });
    }
    expect(await archivedIssues("en")).toEqual([]);
  });

  it("lists the sent issues of a language for /news, newest first", async () => {
    await issue("october", { finishedAt: "2026-10-20T09:00:00Z", sent: { en: "sent", de: "sent" } });
    await issue("november", { finishedAt: "2026-11-20T09:00:00Z", sent: { en: "sent" } });
    expect((await archivedIssues("en")).map((entry) => entry.slug)).toEqual(["november", "october"]);
    expect((await archivedIssues("de")).map((entry) => entry.slug)).toEqual(["october"]);
    expect(await archivedIssues("es")).toEqual([]);
  });

  it("refuses the addresses of the subscription links as an issue's slug", () => {
    for (const slug of ["confirm", "unsubscribe"]) {
      const form = new FormData();
      form.set("slug", slug);
      const submission = parseForm(form, createIssueSchema);
      expect(submission.status === "error" && submission.error?.slug).toEqual(["admin.newsletterIssues.errors.slugReserved"]);
    }
  });
});
