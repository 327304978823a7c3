import { sql } from "drizzle-orm";
import { data } from "react-router";
import { siteConfig } from "~/config/site";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { LANGUAGES, type Language } from "~/lib/i18n";
import { languageFromRequest } from "~/lib/i18n.server";
import { parseRichText, type RichDoc } from "~/lib/rich-text";
import { richTextImages } from "~/lib/page-images.server";
import { localizedUrl, type PageMeta } from "~/lib/seo";

/**
 * The web archive of sent newsletter issues (issue 24, ADR 0067): `/newsletter/<slug>` shows an issue
 * whose send has finished and that is not private, in each language it was sent in (at least one
 * recipient got that language's version). A visitor sees their own language when it was sent in it,
 * otherwise the first language it was sent in, marked with its `lang` under the note the root layout
 * shows. A draft, a private issue, a send still under way or an unknown slug is the not-found page.
 * Audience and privacy cannot change once a send started, so only the end of a send changes what the
 * archive shows: it drops the cached pages that list it (`/news`).
 */
export interface ArchivedIssue {
  slug: string;
  language: Language;
  subject: string;
  preheader: string;
  body: RichDoc;
  sentAt: string;
}

async function sentVersions(where: ReturnType<typeof sql>) {
  const { rows } = await db().execute<{
    slug: string;
    language: Language;
    subject: string;
    preheader: string;
    body: unknown;
    sent_at: Date | string;
  }>(sql`
    select i.slug, v.language, v.subject, v.preheader, v.body, i.finished_at as sent_at
      from newsletter_issues i
      join newsletter_issue_versions v on v.issue_id = i.id
     where i.status = 'sent' and not i.private and ${where}
       and exists (select 1 from newsletter_deliveries d where d.issue_id = i.id and d.language = v.language and d.state = 'sent')
     order by sent_at desc, i.slug`);
  return rows.flatMap((row) => {
    const body = parseRichText(row.body);
    if (!body.ok) return [];
    return [
      {
        slug: row.slug,
        language: row.language,
        subject: row.subject,
        preheader: row.preheader,
        body: body.doc,
        sentAt: new Date(row.sent_at).toISOString(),
      } satisfies ArchivedIssue,
    ];
  });
}

/** The archived issue `slug` in `language` when it was sent in it, else in the first language it was sent in. */
export async function archivedIssue(slug: string, language: Language): Promise<ArchivedIssue | undefined> {
  const versions = await sentVersions(sql`i.slug = ${slug}`);
  return (
    versions.find((version) => version.language === language) ??
    LANGUAGES.map((other) => versions.find((version) => version.language === other)).find(Boolean)
  );
}

/** The archived issues sent in `language`, newest first (for /news). */
export async function archivedIssues(language: Language, limit = 10): Promise<Array<Omit<ArchivedIssue, "body">>> {
  const versions = await sentVersions(sql`true`);
  return versions
    .filter((version) => version.language === language)
    .slice(0, limit)
    .map(({ body: _body, ...rest }) => rest);
}

export async function loadArchivedIssue(request: Request, slug: string) {
  const language = languageFromRequest(request);
  const issue = await archivedIssue(slug, language);
  if (!issue) throw data(null, { status: 404 });
  const images = await richTextImages(issue.body, issue.language);
  const meta: PageMeta = {
    title: `${issue.subject} | ${siteConfig.name}`,
    description: issue.preheader || issue.subject,
    language,
    ...(issue.language === language ? {} : { contentLanguage: issue.language }),
    canonical: localizedUrl(getEnv().PUBLIC_URL, `/newsletter/${issue.slug}`, issue.language),
  };
  return { issue, images, language, meta };
}
