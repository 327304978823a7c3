import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { loadNewsPost } from "~/features/news/news-pages.server";
import { NewsPostPage } from "~/features/news/news-pages";
import { DOCUMENT_PAGE } from "~/lib/document-page";
import { CONTENT_CACHE, type Page } from "~/lib/page";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
export const handle = { i18n: ["news"], ...DOCUMENT_PAGE };
// Cached like a content page; its sitemap entries come from the posts (routes/sitemap[.]xml.ts).
export const page = { cache: CONTENT_CACHE } satisfies Page;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadNewsPost(request, params.slug ?? "");
}

export default function NewsPostRoute() {
  const { post, language } = useLoaderData<typeof loader>();
  return <NewsPostPage post={post} language={language} />;
}
