import type { LoaderFunctionArgs } from "react-router";
import { renderRobots } from "~/features/seo/sitemap.server";

export function loader({ context }: LoaderFunctionArgs) {
  return new Response(renderRobots(context.pages?.noCrawlPaths ?? []), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
