import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { RichTextImagesProvider } from "~/components/content/rich-text";
import { ImprintPage } from "~/features/legal/imprint-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { contentRichImages } from "~/lib/page-images.server";
import { metaFromLoader } from "~/lib/seo";
import { DOCUMENT_PAGE } from "~/lib/document-page";
import { CONTENT_CACHE, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts); a document page without React (ADR 0032).
export const handle = { i18n: ["imprint", "legal"], ...DOCUMENT_PAGE };
export const page = { sitemap: true, cache: CONTENT_CACHE } satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "imprint.meta"), richImages: await contentRichImages(request, "imprint") };
}

export default function ImprintRoute() {
  const { richImages } = useLoaderData<typeof loader>();
  return (
    <RichTextImagesProvider value={richImages}>
      <ImprintPage />
    </RichTextImagesProvider>
  );
}
