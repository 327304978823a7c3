import type { LoaderFunctionArgs } from "react-router";
import { feedLanguageOf, renderNewsFeed } from "~/features/news/news-feed.server";
import { getEnv } from "~/lib/env.server";
import { CONTENT_LIFETIME_MS, onlyParams, type Page } from "~/lib/page";
import { isLanguage } from "~/lib/i18n";

/** The Atom feed of one language's posts (ADR 0066), cached like the news pages: a publish drops it. */
export const page = {
  cache: {
    tag: "content",
    lifetimeMs: CONTENT_LIFETIME_MS,
    brotliQuality: 11,
    // The language is the query's, never the visitor's cookie: `lang` stays in the key.
    key: (params) => {
      if (!onlyParams(params, [])) return undefined;
      const asked = params.getAll("lang");
      if (asked.length === 0) return "";
      return asked.length === 1 && isLanguage(asked[0]) ? `lang=${asked[0]}` : undefined;
    },
  },
} satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const language = feedLanguageOf(url);
  if (!language) return new Response("Not Found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const self = `${getEnv().PUBLIC_URL}/news/feed.xml${url.searchParams.has("lang") ? `?lang=${language}` : ""}`;
  return new Response(await renderNewsFeed(language, self), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, no-cache" },
  });
}
