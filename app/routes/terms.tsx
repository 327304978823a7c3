import type { LoaderFunctionArgs } from "react-router";
import { TermsPage } from "~/features/legal/terms-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["terms", "legal"] };

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "terms.meta") };
}

export default function TermsRoute() {
  return <TermsPage />;
}
