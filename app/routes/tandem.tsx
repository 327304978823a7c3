import type { LoaderFunctionArgs } from "react-router";
import { TandemPage } from "~/features/marketing/tandem/tandem-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "tandem.meta") };
}

export default function TandemRoute() {
  return <TandemPage />;
}
