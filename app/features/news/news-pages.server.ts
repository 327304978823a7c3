import { data, redirect } from "react-router";
import { siteConfig } from "~/config/site";
import { archivedIssues } from "~/features/newsletter/archive.server";
import { getEnv } from "~/lib/env.server";
import { LANGUAGE_LOCALES, LANGUAGES, type Language } from "~/lib/i18n";
import { getServerTranslator, languageFromRequest } from "~/lib/i18n.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { pagePreviewOf } from "~/lib/page-preview.server";
import { richTextImages } from "~/lib/page-images.server";
import { parseRichTextJson } from "~/lib/rich-text";
import { localizedUrl, type PageMeta } from "~/lib/seo";
import { NEWS_PAGE_SIZE, newsPageOf } from "./news-paging";
import { liveSlugsOf, otherLanguageOf, postBySlug, previewPostOf, publishedPosts, type PublicPost } from "./news-public.server";

/**
 * The loaders of the visitor's news pages (ADR 0066): the list in the visitor's language, one post by
 * its slug in that language, and home's latest posts. What the pages show is what a post's published
 * text says; a draft is never read here.
 */
export const feedUrl = (origin: string, language: Language) => localizedUrl(origin, "/news/feed.xml", language);
export const postPath = (slug: string) => `/news/${slug}`;
/** What a card or a page shows of a post (plain data for the page's props). */
const cardOf = (post: PublicPost) => ({
  postId: post.postId,
  title: post.fields.title,
  slug: post.fields.slug,
  summary: post.fields.summary,
  coverId: post.fields.coverId,
  tags: post.fields.tags,
  publishedAt: post.publishedAt,
});
export type NewsCard = ReturnType<typeof cardOf>;

export async function loadNewsList(request: Request) {
  const url = new URL(request.url);
  const page = newsPageOf(url.searchParams.get("page"));
  if (page === undefined) throw data(null, { status: 404 });
  const language = languageFromRequest(request);
  const { posts, total } = await publishedPosts(language, page);
  const pages = Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
  // A page past the last one is not a page (the first one always is, with its empty state).
  if (page > pages) throw data(null, { status: 404 });
  const origin = getEnv().PUBLIC_URL;
  const meta = await loadPageMeta(request, "news.meta");
  if (page > 1) meta.canonical = `${origin}/news?page=${page}${language === "en" ? "" : `&lang=${language}`}`;
  const archive = page === 1 ? await archivedIssues(language) : [];
  return { posts: posts.map(cardOf), page, pages, language, feed: feedUrl(origin, language), archive, meta };
}

/** A post's head: its own title and summary, its languages' addresses, its cover, and an Article. */
async function postMeta(post: PublicPost, slugs: Partial<Record<Language, string>>, language: Language): Promise<PageMeta> {
  const origin = getEnv().PUBLIC_URL;
  const { t } = await getServerTranslator(language);
  const live = LANGUAGES.filter((other) => slugs[other]);
  const canonical = localizedUrl(origin, postPath(post.fields.slug), language);
  const image = post.fields.coverId ? `${origin}/api/media/${post.fields.coverId}/preview` : `${origin}/og-image.png`;
  const ogLocale = (tag: string) => tag.replace("-", "_");
  return {
    title: `${post.fields.title} | ${siteConfig.name}`,
    description: post.fields.summary || post.fields.title,
    language,
    canonical,
    alternates: [
      ...live.map((other) => ({ hrefLang: other, href: localizedUrl(origin, postPath(slugs[other]!), other) })),
      {
        hrefLang: "x-default",
        href: localizedUrl(origin, postPath(slugs[live.includes("en") ? "en" : live[0]!]!), live.includes("en") ? "en" : live[0]!),
      },
    ],
    ogLocale: ogLocale(LANGUAGE_LOCALES[language]),
    ogLocaleAlternates: live.filter((other) => other !== language).map((other) => ogLocale(LANGUAGE_LOCALES[other])),
    ogType: "article",
    image,
    ownImage: !!post.fields.coverId,
    imageAlt: post.fields.coverId ? post.fields.title : t("common.seo.imageAlt"),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: post.fields.title.slice(0, 110),
        description: post.fields.summary || undefined,
        inLanguage: language,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        url: canonical,
        mainEntityOfPage: canonical,
        image: [image],
        keywords: post.fields.tags.length ? post.fields.tags.join(", ") : undefined,
        author: { "@type": "Organization", name: siteConfig.name, url: `${origin}/` },
        publisher: { "@type": "Organization", name: siteConfig.name, logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` } },
      },
    ],
  };
}

/** A post as its page shows it: the card, its body and the library pictures the body names. */
async function postPage(post: PublicPost) {
  const body = post.fields.body ? parseRichTextJson(post.fields.body) : undefined;
  const images = await richTextImages(body?.ok ? body.doc : undefined, post.language);
  return { ...cardOf(post), body: post.fields.body, images, updatedAt: post.updatedAt };
}

/**
 * /news/<slug> in the visitor's language. A slug of another language (a shared link) redirects to the
 * post in the visitor's language when it is published there, else to the post in the slug's language;
 * anything else (a draft, an unpublished language, no such slug) is the site's 404. A valid preview link
 * (checked by server/preview-door.ts) shows its post's draft in its language, never indexed.
 */
export async function loadNewsPost(request: Request, slug: string) {
  const language = languageFromRequest(request);
  const preview = pagePreviewOf(new URL(request.url));
  if (preview?.ok && preview.post) {
    const draft = await previewPostOf(preview.post, preview.language);
    if (!draft) throw data(null, { status: 404 });
    // The draft's own address stands in for its language; a preview names no other language's page.
    const slugs = { ...(await liveSlugsOf(draft.postId)), [preview.language]: draft.fields.slug || slug };
    const meta = await postMeta(draft, slugs, preview.language);
    return {
      post: await postPage(draft),
      language,
      meta: { ...meta, alternates: [], noindex: true },
    };
  }
  const found = await postBySlug(language, slug);
  if (!found) {
    const elsewhere = await otherLanguageOf(language, slug);
    if (elsewhere) throw redirect(`${postPath(elsewhere.slug)}?lang=${elsewhere.language}`, 302);
    throw data(null, { status: 404 });
  }
  return {
    post: await postPage(found.post),
    language,
    meta: await postMeta(found.post, found.slugs, language),
  };
}

/** Home's latest posts in the visitor's language (none: home shows no news section). */
export async function latestNews(language: Language, count = 3) {
  return (await publishedPosts(language, 1, count)).posts.map(cardOf);
}
