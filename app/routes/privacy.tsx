import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { PrivacyPage } from "~/features/legal/privacy-page";
import { lastUpdatedOf } from "~/features/legal/last-updated.server";
import { loadPrivacyFacts } from "~/features/legal/privacy-facts.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { contentRichImages } from "~/lib/page-images.server";
import { RichTextImagesProvider } from "~/components/content/rich-text";
import { metaFromLoader } from "~/lib/seo";
import { DOCUMENT_PAGE } from "~/lib/document-page";
import { CONTENT_CACHE, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts); a document page without React (ADR 0032).
export const handle = { i18n: ["privacy", "legal"], ...DOCUMENT_PAGE };
export const page = { sitemap: true, cache: CONTENT_CACHE } satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  return {
    meta: await loadPageMeta(request, "privacy.meta"),
    facts: await loadPrivacyFacts(),
    lastUpdated: await lastUpdatedOf(request, "privacy"),
    richImages: await contentRichImages(request, "privacy"),
  };
}

export default function PrivacyRoute() {
  const { facts, lastUpdated, richImages } = useLoaderData<typeof loader>();
  return (
    <RichTextImagesProvider value={richImages}>
      <PrivacyPage facts={facts} lastUpdated={lastUpdated} />
    </RichTextImagesProvider>
  );
}
