import type { LoaderFunctionArgs } from "react-router";
import { TermsPage } from "~/features/legal/terms-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "terms.meta") };
}

export default function TermsRoute() {
  return <TermsPage />;
}
