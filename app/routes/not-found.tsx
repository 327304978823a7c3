import { data, type LoaderFunctionArgs } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { logger } from "~/lib/logger.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { DOCUMENT_PAGE } from "~/lib/document-page";

export const meta = metaFromLoader;
// A document page without React (ADR 0032): its forms post as plain HTML forms.
export const handle = DOCUMENT_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  // Spec §8: unknown routes are logged. Data requests of client navigations arrive as *.data.
  logger.warn(`404 Not Found: ${pathname.replace(/\.data$/, "")}`);
  return data({ meta: await loadPageMeta(request, "common.notFound.meta", { noindex: true }) }, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
