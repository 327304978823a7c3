import type { LoaderFunctionArgs } from "react-router";
import { HomePage } from "~/features/marketing/home/home-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "home.meta") };
}

export default function HomeRoute() {
  return <HomePage />;
}
