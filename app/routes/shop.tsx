import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { NotifyForm } from "~/features/launch-notify/notify-form";
import { notifySchema } from "~/features/launch-notify/notify-schema";
import { loadProducts } from "~/features/shop/products.server";
import { ShopPage } from "~/features/shop/shop-page";
import { constraintOf } from "~/lib/form-constraint";
import { shopOpen } from "~/lib/shop-switch.server";
import { useTranslation } from "~/lib/use-translation";
import { isShopCategory } from "~/features/shop/types";
import { languageFromRequest } from "~/lib/i18n.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { canonicalQuery, LIVE_LIFETIME_MS, onlyParams, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["shop", "notify"] };
export const page = {
  sitemap: true,
  cache: {
    tag: "shop",
    lifetimeMs: LIVE_LIFETIME_MS,
    brotliQuality: 5,
    key(params) {
      if (!onlyParams(params, ["category", "after"])) return undefined;
      const category = params.get("category");
      const after = params.get("after")?.slice(0, 500) || "";
      return canonicalQuery({ category: isShopCategory(category) && category !== "all" ? category : "", after });
    },
  },
} satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("category");
  const category = isShopCategory(requested) ? requested : "all";
  const after = url.searchParams.get("after")?.slice(0, 500) || null;
  const meta = await loadPageMeta(request, "shop.meta");
  // Switched off in the console (ADR 0077): the "opens soon" page, never an empty catalogue.
  if (!(await shopOpen())) return { open: false as const, meta, notifyConstraint: constraintOf(notifySchema) };
  const page = await loadProducts({ category, after, language: languageFromRequest(request) });
  return { open: true as const, meta, category, ...page };
}

export default function ShopRoute() {
  const data = useLoaderData<typeof loader>();
  return data.open ? <ShopPage data={data} /> : <ShopOpensSoon constraint={data.notifyConstraint} />;
}

function ShopOpensSoon({ constraint }: { constraint: Parameters<typeof NotifyForm>[0]["constraint"] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="shop-opens-soon">
      <PageHero title={t("shop.closed.title")} subtitle={t("shop.closed.subtitle")} />
      <NotifyForm topic="shop" constraint={constraint} />
    </div>
  );
}
