import type { LoaderFunctionArgs } from "react-router";
import { ConsultingPage } from "~/features/marketing/consulting/consulting-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { DOCUMENT_PAGE } from "~/lib/document-page";
import { CONTENT_CACHE, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts); a document page without React (ADR 0032).
export const handle = { i18n: ["consulting"], ...DOCUMENT_PAGE };
export const page = { sitemap: true, cache: CONTENT_CACHE } satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "consulting.meta") };
}

export default function ConsultingRoute() {
  return <ConsultingPage />;
}
