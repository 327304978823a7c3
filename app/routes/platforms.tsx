import type { LoaderFunctionArgs } from "react-router";
import { PlatformsPage } from "~/features/marketing/platforms/platforms-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["platforms"] };

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "platforms.meta") };
}

export default function PlatformsRoute() {
  return <PlatformsPage />;
}
