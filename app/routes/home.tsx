import type { LoaderFunctionArgs } from "react-router";
import { HomePage } from "~/features/marketing/home/home-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { DOCUMENT_PAGE } from "~/lib/document-page";
import { CONTENT_CACHE, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts); a document page without React (ADR 0032).
export const handle = { i18n: ["home"], ...DOCUMENT_PAGE };
export const page = { sitemap: true, cache: CONTENT_CACHE } satisfies Page;

// The account notices after sign-up and the confirmation link come with the shell (app/root.tsx).
export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "home.meta") };
}

export default function HomeRoute() {
  return <HomePage />;
}
