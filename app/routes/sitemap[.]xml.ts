import type { LoaderFunctionArgs } from "react-router";
import { renderSitemap } from "~/features/seo/sitemap.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await renderSitemap(context.pages?.sitemapPaths ?? []), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
