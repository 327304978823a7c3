import type { LoaderFunctionArgs } from "react-router";
import { sitemapPosts } from "~/features/news/news-public.server";
import { renderSitemap } from "~/features/seo/sitemap.server";

export async function loader({ context }: LoaderFunctionArgs) {
  // A news post is a dynamic page: its addresses are its slugs in the languages it is published in.
  const posts = (await sitemapPosts()).map((slugs) =>
    Object.fromEntries(Object.entries(slugs).map(([language, slug]) => [language, `/news/${slug}`])),
  );
  return new Response(await renderSitemap(context.pages?.sitemapPaths ?? [], undefined, posts), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
