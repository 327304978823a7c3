import type { LoaderFunctionArgs } from "react-router";
import { PlatformsPage } from "~/features/marketing/platforms/platforms-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "platforms.meta") };
}

export default function PlatformsRoute() {
  return <PlatformsPage />;
}
