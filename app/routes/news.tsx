import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { loadNewsList } from "~/features/news/news-pages.server";
import { newsPageOf } from "~/features/news/news-paging";
import { NewsListPage } from "~/features/news/news-pages";
import { DOCUMENT_PAGE } from "~/lib/document-page";
import { canonicalQuery, CONTENT_LIFETIME_MS, onlyParams, type Page } from "~/lib/page";
import { metaFromLoader } from "~/lib/seo";

/** The head of /news with its feed announced (ADR 0066). */
export function meta(args: MetaArgs<typeof loader>) {
  const data = args.data as { feed?: string; meta?: { title: string } } | undefined;
  const tags = metaFromLoader(args as never);
  return data?.feed
    ? [...tags, { tagName: "link", rel: "alternate", type: "application/atom+xml", href: data.feed, title: data.meta?.title }]
    : tags;
}
export const handle = { i18n: ["news"], ...DOCUMENT_PAGE };
export const page = {
  sitemap: true,
  // Like a content page (a publish drops it, tag `content`), one entry per page of the list.
  cache: {
    tag: "content",
    lifetimeMs: CONTENT_LIFETIME_MS,
    brotliQuality: 11,
    key: (params) => {
      if (!onlyParams(params, ["page"]) || params.getAll("page").length > 1) return undefined;
      const number = newsPageOf(params.get("page"));
      return number === undefined ? undefined : canonicalQuery({ page: number > 1 ? String(number) : "" });
    },
  },
} satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadNewsList(request);
}

export default function NewsRoute() {
  const { posts, page, pages, language, feed, archive } = useLoaderData<typeof loader>();
  return <NewsListPage posts={posts} page={page} pages={pages} language={language} feed={feed} archive={archive} />;
}
