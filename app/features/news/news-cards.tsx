import { Link } from "react-router";
import { dateTimeFormat } from "~/lib/intl-formats";
import { LANGUAGE_LOCALES, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import type { NewsCard } from "./news-pages.server";

/** A post's date in the page's language (UTC, the day it was published). */
export function PostDate({ iso, language }: { iso: string; language: Language }) {
  const { t } = useTranslation();
  const date = dateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
  return <time dateTime={iso}>{t("news.publishedOn", { date })}</time>;
}

/** The address of a post in a language: English at the bare path (the site's URL scheme, lib/seo.ts). */
export const postHref = (slug: string, language: Language) => `/news/${slug}${language === "en" ? "" : `?lang=${language}`}`;

/** A post in a list (/news, home): its cover, date, title as the link, summary. */
export function NewsCardItem({ post, language }: { post: NewsCard; language: Language }) {
  const { t } = useTranslation();
  return (
    <article className="grid gap-3 rounded-lg border border-border bg-card/40 p-5" data-testid="news-card">
      {post.coverId ? (
        <img
          src={`/api/media/${post.coverId}/preview`}
          alt=""
          loading="lazy"
          className="aspect-[1200/630] w-full rounded-md object-cover"
        />
      ) : null}
      <p className="text-sm text-muted-foreground">
        <PostDate iso={post.publishedAt} language={language} />
      </p>
      <h2 className="text-xl font-semibold">
        <Link to={postHref(post.slug, language)} className="inline-flex min-h-11 items-center hover:underline">
          {post.title}
        </Link>
      </h2>
      {post.summary ? <p className="text-muted-foreground">{post.summary}</p> : null}
      <p>
        <Link
          to={postHref(post.slug, language)}
          className="text-sm text-primary underline underline-offset-2"
          aria-hidden="true"
          tabIndex={-1}
        >
          {t("news.readMore")}
        </Link>
      </p>
    </article>
  );
}

/** Home's latest posts: nothing at all when the language has none. */
export function LatestNews({ posts, language }: { posts: NewsCard[]; language: Language }) {
  const { t } = useTranslation();
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="latest-news" className="mx-auto max-w-7xl px-4 py-12 sm:px-6" data-testid="latest-news">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="latest-news" className="text-2xl font-bold">
          {t("news.latest")}
        </h2>
        <Link
          to={language === "en" ? "/news" : `/news?lang=${language}`}
          className="inline-flex min-h-11 items-center text-sm text-primary underline underline-offset-2"
        >
          {t("news.allNews")}
        </Link>
      </div>
      <div className="grid gap-6 md:grid-cols-3">
        {posts.map((post) => (
          <NewsCardItem key={post.postId} post={post} language={language} />
        ))}
      </div>
    </section>
  );
}
