import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { newsPostLanguages, type NewsFields } from "~/db/schema";
import { db } from "~/lib/db.server";
import { missingImages } from "~/lib/page-images.server";
import { isLanguage, LANGUAGES, type Language } from "~/lib/i18n";
import { NEWS_PAGE_SIZE } from "./news-paging";
import { SLUG_PATTERN } from "./news-schema";

/**
 * What visitors read of the news (ADR 0066): only published languages that are not unpublished,
 * always read from `published` (a draft never reaches a visitor). Callers render these on a cache
 * miss of the page cache; a publish drops those pages (tag `content`).
 */

export interface PublicPost {
  postId: string;
  language: Language;
  fields: NewsFields;
  publishedAt: string;
  updatedAt: string;
}

const live = (language: Language) =>
  and(eq(newsPostLanguages.language, language), isNotNull(newsPostLanguages.published), isNull(newsPostLanguages.unpublishedAt));

const toPost = (row: typeof newsPostLanguages.$inferSelect): PublicPost => ({
  postId: row.postId,
  language: row.language as Language,
  fields: row.published!,
  publishedAt: row.publishedAt!.toISOString(),
  updatedAt: (row.updatedAt ?? row.publishedAt!).toISOString(),
});

/** A cover that is no longer a published picture of the library is left out (it would be a broken image). */
async function withShownCovers(posts: PublicPost[]) {
  const missing = await missingImages(posts.map((post) => post.fields.coverId));
  return posts.map((post) => (missing.has(post.fields.coverId) ? { ...post, fields: { ...post.fields, coverId: "" } } : post));
}

/** The newest posts of a language: `page` (from 1) of NEWS_PAGE_SIZE, and how many there are in all. */
export async function publishedPosts(language: Language, page = 1, size = NEWS_PAGE_SIZE) {
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(newsPostLanguages)
      .where(live(language))
      .orderBy(desc(newsPostLanguages.publishedAt), desc(newsPostLanguages.postId))
      .limit(size)
      .offset((page - 1) * size),
    db().select({ value: count() }).from(newsPostLanguages).where(live(language)),
  ]);
  return { posts: await withShownCovers(rows.map(toPost)), total: total?.value ?? 0 };
}

/** The post a slug names in a language, with the slug of every language it is published in (its alternates). */
export async function postBySlug(language: Language, slug: string) {
  if (!SLUG_PATTERN.test(slug) || slug.length > 100) return undefined;
  const [row] = await db()
    .select()
    .from(newsPostLanguages)
    .where(and(live(language), eq(newsPostLanguages.publishedSlug, slug)));
  if (!row) return undefined;
  const [post] = await withShownCovers([toPost(row)]);
  return { post: post!, slugs: await liveSlugsOf(row.postId) };
}

/**
 * What a preview link of a post shows (ADR 0066, ADR 0059): the draft of a language as a publish would
 * make it live now (no draft: the published text), undefined when the language has neither. Read only
 * for a checked preview token, never for a visitor's page.
 */
export async function previewPostOf(postId: string, language: Language): Promise<PublicPost | undefined> {
  const [row] = await db()
    .select()
    .from(newsPostLanguages)
    .where(and(eq(newsPostLanguages.postId, postId), eq(newsPostLanguages.language, language)));
  const fields = row?.draft ?? row?.published;
  if (!row || !fields) return undefined;
  const publishedAt = (row.publishedAt ?? new Date()).toISOString();
  return { postId, language, fields, publishedAt, updatedAt: (row.updatedAt ?? row.publishedAt ?? new Date()).toISOString() };
}

/** `language → slug` of each language a post is live in, in the site's language order. */
export async function liveSlugsOf(postId: string): Promise<Partial<Record<Language, string>>> {
  const rows = await db()
    .select({ language: newsPostLanguages.language, slug: newsPostLanguages.publishedSlug })
    .from(newsPostLanguages)
    .where(and(eq(newsPostLanguages.postId, postId), isNotNull(newsPostLanguages.published), isNull(newsPostLanguages.unpublishedAt)));
  return Object.fromEntries(
    LANGUAGES.flatMap((language) => rows.filter((row) => row.language === language && row.slug).map((row) => [language, row.slug!])),
  );
}

/**
 * A slug that is live in another language than the visitor's: where to send them. The post in their
 * language when it is published there, else the post in the language of the slug. Undefined: no post.
 */
export async function otherLanguageOf(language: Language, slug: string): Promise<{ language: Language; slug: string } | undefined> {
  if (!SLUG_PATTERN.test(slug) || slug.length > 100) return undefined;
  const rows = await db()
    .select({ postId: newsPostLanguages.postId, language: newsPostLanguages.language })
    .from(newsPostLanguages)
    .where(and(eq(newsPostLanguages.publishedSlug, slug), isNotNull(newsPostLanguages.published), isNull(newsPostLanguages.unpublishedAt)));
  const found = LANGUAGES.map((candidate) => rows.find((row) => row.language === candidate)).find(
    (row) => row && row.language !== language,
  );
  if (!found || !isLanguage(found.language)) return undefined;
  const slugs = await liveSlugsOf(found.postId);
  return slugs[language] ? { language, slug: slugs[language] } : { language: found.language, slug };
}

/** Every live post of every language with its alternates, for the sitemap. */
export async function sitemapPosts() {
  const rows = await db()
    .select({ postId: newsPostLanguages.postId, language: newsPostLanguages.language, slug: newsPostLanguages.publishedSlug })
    .from(newsPostLanguages)
    .where(and(isNotNull(newsPostLanguages.published), isNull(newsPostLanguages.unpublishedAt)))
    .orderBy(desc(newsPostLanguages.publishedAt));
  const byPost = new Map<string, Partial<Record<Language, string>>>();
  for (const row of rows) {
    if (!isLanguage(row.language) || !row.slug) continue;
    byPost.set(row.postId, { ...byPost.get(row.postId), [row.language]: row.slug });
  }
  return [...byPost.values()];
}
