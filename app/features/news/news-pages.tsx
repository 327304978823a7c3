import { Link } from "react-router";
import { RichTextBlocks, type RichTextImages } from "~/components/content/rich-text";
import { PageHero } from "~/components/content/page-hero";
import type { Language } from "~/lib/i18n";
import { parseRichTextJson } from "~/lib/rich-text";
import { useTranslation } from "~/lib/use-translation";
import { NewsCardItem, PostDate } from "./news-cards";
import type { NewsCard } from "./news-pages.server";

const listHref = (language: Language, page = 1) => {
  const query = new URLSearchParams();
  if (page > 1) query.set("page", String(page));
  if (language !== "en") query.set("lang", language);
  const search = query.toString();
  return `/news${search ? `?${search}` : ""}`;
};

/** /news: the visitor's language's posts, newest first, a page at a time, with the feed's link. */
export function NewsListPage({
  posts,
  page,
  pages,
  language,
  feed,
  archive = [],
}: {
  posts: NewsCard[];
  page: number;
  pages: number;
  language: Language;
  feed: string;
  /** Sent newsletter issues in the visitor's language (the first page only). */
  archive?: Array<{ slug: string; subject: string; sentAt: string }>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t("news.title")} subtitle={t("news.intro")} />
      <div className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
        {posts.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground" data-testid="news-empty">
            {t("news.empty")}
          </p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            {posts.map((post) => (
              <NewsCardItem key={post.postId} post={post} language={language} />
            ))}
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label={t("news.pager.label")} className="mt-10 flex flex-wrap items-center justify-between gap-3 text-sm">
            {page > 1 ? (
              <Link
                to={listHref(language, page - 1)}
                rel="prev"
                className="inline-flex min-h-11 items-center text-primary underline underline-offset-2"
              >
                {t("news.pager.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-muted-foreground">{t("news.pager.page", { page, total: pages })}</span>
            {page < pages ? (
              <Link
                to={listHref(language, page + 1)}
                rel="next"
                className="inline-flex min-h-11 items-center text-primary underline underline-offset-2"
              >
                {t("news.pager.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
        {archive.length ? (
          <section aria-labelledby="newsletter-archive" className="mt-12" data-testid="newsletter-archive">
            <h2 id="newsletter-archive" className="text-xl font-semibold">
              {t("news.archive.title")}
            </h2>
            <ul className="mt-4 space-y-2">
              {archive.map((issue) => (
                <li key={issue.slug} className="flex flex-wrap items-baseline gap-x-3">
                  <Link
                    to={`/newsletter/${issue.slug}${language === "en" ? "" : `?lang=${language}`}`}
                    className="inline-flex min-h-11 items-center text-primary underline underline-offset-2"
                  >
                    {issue.subject}
                  </Link>
                  <span className="text-sm text-muted-foreground">
                    <PostDate iso={issue.sentAt} language={language} />
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="mt-10 text-sm">
          <a href={feed} className="inline-flex min-h-11 items-center text-primary underline underline-offset-2">
            {t("news.feed.subscribe")}
          </a>
        </p>
      </div>
    </>
  );
}

/** /news/<slug>: one post, its rich text through the allow-list (ADR 0061), never HTML from the database. */
export function NewsPostPage({ post, language }: { post: NewsCard & { body: string; images: RichTextImages }; language: Language }) {
  const { t } = useTranslation();
  const body = post.body ? parseRichTextJson(post.body) : undefined;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6" data-testid="news-post">
      <p className="mb-4 text-sm">
        <Link to={listHref(language)} className="inline-flex min-h-11 items-center text-primary underline underline-offset-2">
          {t("news.back")}
        </Link>
      </p>
      <h1 className="text-3xl font-bold sm:text-4xl">{post.title}</h1>
      <p className="mt-3 text-sm text-muted-foreground">
        <PostDate iso={post.publishedAt} language={language} />
      </p>
      {post.coverId ? (
        <img src={`/api/media/${post.coverId}/preview`} alt="" className="mt-6 aspect-[1200/630] w-full rounded-lg object-cover" />
      ) : null}
      {post.summary ? <p className="mt-6 text-lg text-muted-foreground">{post.summary}</p> : null}
      {body?.ok ? (
        <div className="mt-6 space-y-4 leading-relaxed">
          <RichTextBlocks doc={body.doc} images={post.images} />
        </div>
      ) : null}
      {post.tags.length ? (
        <div className="mt-8 text-sm">
          <h2 className="sr-only">{t("news.tags")}</h2>
          <ul className="flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full border border-border px-3 py-1 text-muted-foreground">
                {tag}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
