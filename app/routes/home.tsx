import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { HomePage } from "~/features/marketing/home/home-page";
import { LatestNews } from "~/features/news/news-cards";
import { latestNews } from "~/features/news/news-pages.server";
import { languageFromRequest } from "~/lib/i18n.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { pageImage } from "~/lib/page-images.server";
import { requestTranslator } from "~/lib/page-preview.server";
import { metaFromLoader } from "~/lib/seo";
import { DOCUMENT_PAGE } from "~/lib/document-page";
import { CONTENT_CACHE, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts); a document page without React (ADR 0032).
export const handle = { i18n: ["home", "news"], ...DOCUMENT_PAGE };
// Cached as content: a news publish drops it too (tag `content`), so the latest posts show at once.
export const page = { sitemap: true, cache: CONTENT_CACHE } satisfies Page;

// The account notices after sign-up and the confirmation link come with the shell (app/root.tsx).
export async function loader({ request }: LoaderFunctionArgs) {
  const language = languageFromRequest(request);
  const { t } = await requestTranslator(request);
  const heroImage = await pageImage(t("home.hero.image"), t("home.hero.imageAlt"), language);
  return { meta: await loadPageMeta(request, "home.meta"), news: await latestNews(language), language, heroImage };
}

export default function HomeRoute() {
  const { news, language, heroImage } = useLoaderData<typeof loader>();
  return (
    <>
      <HomePage heroImage={heroImage} />
      <LatestNews posts={news} language={language} />
    </>
  );
}
