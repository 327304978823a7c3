import { and, desc, eq, inArray } from "drizzle-orm";
import { newsPostLanguages, newsPosts, newsSchedules } from "~/db/schema";
import { db } from "~/lib/db.server";
import { LANGUAGES, type Language } from "~/lib/i18n";
import { newsVersionsOf } from "./news-history.server";
import { EMPTY_FIELDS, postExists, rowWhere, stateOf, type NewsState } from "./news.server";

/* What the console shows of the news (ADR 0066): the list of posts and the editor of one language. */

/** Every post with each language's title and state, newest first. */
export async function listNewsPosts() {
  const posts = await db().select().from(newsPosts).orderBy(desc(newsPosts.createdAt), desc(newsPosts.id));
  const rows = posts.length
    ? await db()
        .select()
        .from(newsPostLanguages)
        .where(
          inArray(
            newsPostLanguages.postId,
            posts.map((post) => post.id),
          ),
        )
    : [];
  const schedules = posts.length
    ? await db()
        .select()
        .from(newsSchedules)
        .where(
          inArray(
            newsSchedules.postId,
            posts.map((post) => post.id),
          ),
        )
    : [];
  return posts.map((post) => ({
    id: post.id,
    createdAt: post.createdAt.toISOString(),
    languages: Object.fromEntries(
      LANGUAGES.map((language) => {
        const row = rows.find((candidate) => candidate.postId === post.id && candidate.language === language);
        const schedule = schedules.find((candidate) => candidate.postId === post.id && candidate.language === language);
        return [
          language,
          {
            state: stateOf(row),
            title: row?.draft?.title || row?.published?.title || "",
            publishedAt: row?.publishedAt?.toISOString() ?? null,
            scheduledAt: schedule?.publishAt.toISOString() ?? null,
          },
        ];
      }),
    ) as Record<Language, { state: NewsState; title: string; publishedAt: string | null; scheduledAt: string | null }>,
  }));
}

/** The editor of one post in one language: the draft (else the published text) and the language's state; undefined: no such post. */
export async function loadNewsEditor(postId: string, language: Language) {
  if (!(await postExists(postId))) return undefined;
  const [row] = await db().select().from(newsPostLanguages).where(rowWhere(postId, language));
  const [schedule] = await db()
    .select()
    .from(newsSchedules)
    .where(and(eq(newsSchedules.postId, postId), eq(newsSchedules.language, language)));
  const others = await db()
    .select({ language: newsPostLanguages.language, published: newsPostLanguages.published, draft: newsPostLanguages.draft })
    .from(newsPostLanguages)
    .where(eq(newsPostLanguages.postId, postId));
  return {
    id: postId,
    language,
    state: stateOf(row),
    fields: row?.draft ?? row?.published ?? EMPTY_FIELDS,
    live: row?.published && !row.unpublishedAt ? { slug: row.published.slug } : null,
    publishedAt: row?.publishedAt?.toISOString() ?? null,
    updatedAt: row?.updatedAt?.toISOString() ?? null,
    draftAt: row?.draftAt?.toISOString() ?? null,
    schedule: schedule ? { publishAt: schedule.publishAt.toISOString(), scheduledByEmail: schedule.scheduledByEmail } : null,
    titles: Object.fromEntries(others.map((other) => [other.language, other.draft?.title || other.published?.title || ""])) as Partial<
      Record<Language, string>
    >,
    versions: await newsVersionsOf(postId, language),
  };
}
