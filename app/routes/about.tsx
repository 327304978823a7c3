import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { languageFromRequest } from "~/lib/i18n.server";
import { contentRichImages, pageImage } from "~/lib/page-images.server";
import { RichTextImagesProvider } from "~/components/content/rich-text";
import { requestTranslator } from "~/lib/page-preview.server";
import { AboutPage } from "~/features/marketing/about/about-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { DOCUMENT_PAGE } from "~/lib/document-page";
import { CONTENT_CACHE, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts); a document page without React (ADR 0032).
export const handle = { i18n: ["about"], ...DOCUMENT_PAGE };
export const page = { sitemap: true, cache: CONTENT_CACHE } satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await requestTranslator(request);
  const photo = await pageImage(t("about.founder.photo"), t("about.founder.photoAlt"), languageFromRequest(request));
  return { meta: await loadPageMeta(request, "about.meta"), founderPhoto: photo, richImages: await contentRichImages(request, "about") };
}

export default function AboutRoute() {
  const { founderPhoto, richImages } = useLoaderData<typeof loader>();
  return (
    <RichTextImagesProvider value={richImages}>
      <AboutPage founderPhoto={founderPhoto} />
    </RichTextImagesProvider>
  );
}
