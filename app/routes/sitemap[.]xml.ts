import { renderSitemap } from "~/features/seo/sitemap.server";

export function loader() {
  return new Response(renderSitemap(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
