import type { LoaderFunctionArgs } from "react-router";
import { MarketPage } from "~/features/marketing/market/market-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "market.meta") };
}

export default function MarketRoute() {
  return <MarketPage />;
}
