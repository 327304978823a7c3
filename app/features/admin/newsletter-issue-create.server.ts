import { eq } from "drizzle-orm";
import { newsletterIssues, newsletterIssueVersions, newsPostLanguages } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { isLanguage } from "~/lib/i18n";
import { getServerTranslator } from "~/lib/i18n.server";
import { parseRichTextJson, type RichDoc } from "~/lib/rich-text";
import type { Outcome } from "./action.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { PREHEADER_MAX, SUBJECT_MAX } from "./schemas/newsletter-issue-schema";

/**
 * A post's languages as an issue's versions: subject = title, preheader = summary, body = the post's text and,
 * for a language that is live, a link to it on the site. The published text when there is one, else the draft.
 */
async function versionsFromPost(postId: string) {
  const rows = await db().select().from(newsPostLanguages).where(eq(newsPostLanguages.postId, postId));
  const versions = [];
  for (const row of rows) {
    if (!isLanguage(row.language)) continue;
    const live = row.published && !row.unpublishedAt ? row.published : undefined;
    const fields = live ?? row.draft;
    if (!fields?.title) continue;
    const parsed = parseRichTextJson(fields.body || '{"type":"doc","content":[]}');
    const doc: RichDoc = parsed.ok ? parsed.doc : { type: "doc", content: [] };
    if (live && row.publishedSlug) {
      const t = await getServerTranslator(row.language);
      const href = `${getEnv().PUBLIC_URL}/news/${row.publishedSlug}?lang=${row.language}`;
      doc.content.push({
        type: "paragraph",
        content: [{ type: "text", text: t.t("admin.newsletterIssues.readOnSite"), marks: [{ type: "link", attrs: { href } }] }],
      });
    }
    versions.push({
      language: row.language,
      subject: fields.title.slice(0, SUBJECT_MAX),
      preheader: (fields.summary ?? "").slice(0, PREHEADER_MAX),
      body: doc,
    });
  }
  return versions;
}

/** A new issue (a draft), blank or with the versions of a news post. */
export async function createIssue(actor: ConsoleActor, slug: string, postId = ""): Promise<Outcome & { id?: string }> {
  const fromPost = postId ? await versionsFromPost(postId) : [];
  if (postId && fromPost.length === 0) return { ok: false, status: 404, fields: { postId: "admin.newsletterIssues.errors.postMissing" } };
  const id = await db().transaction(async (tx) => {
    const [row] = await tx.insert(newsletterIssues).values({ slug }).onConflictDoNothing().returning({ id: newsletterIssues.id });
    if (!row) return undefined;
    if (fromPost.length > 0) await tx.insert(newsletterIssueVersions).values(fromPost.map((version) => ({ issueId: row.id, ...version })));
    await recordAudit(
      actor,
      {
        action: "newsletter.issue.create",
        entity: "newsletter-issue",
        entityId: row.id,
        summary: postId ? `${slug} (${fromPost.map((v) => v.language).join(", ")})` : slug,
      },
      tx,
    );
    return row.id;
  });
  if (!id) return { ok: false, status: 409, fields: { slug: "admin.newsletterIssues.errors.slugTaken" } };
  return { ok: true, id };
}
