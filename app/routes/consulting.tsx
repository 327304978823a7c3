import type { LoaderFunctionArgs } from "react-router";
import { ConsultingPage } from "~/features/marketing/consulting/consulting-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["consulting"] };

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "consulting.meta") };
}

export default function ConsultingRoute() {
  return <ConsultingPage />;
}
