import type { LoaderFunctionArgs } from "react-router";
import { PrivacyPage } from "~/features/legal/privacy-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "privacy.meta") };
}

export default function PrivacyRoute() {
  return <PrivacyPage />;
}
