import { BadgeCheck, Loader2, RotateCcw, ShoppingCart, Truck, Zap } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Link, useFetcher } from "react-router";
import { usePreloadToaster, toast } from "~/components/ui/toaster";
import { PageHero } from "~/components/content/page-hero";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/lib/language";
import { cn } from "~/lib/utils";
import { cart } from "./cart-store";
import { useHydrated } from "~/lib/use-hydrated";
import { formatPrice, formatShippingThreshold } from "./format";
import type { ProductSource } from "./products.server";
import { SHOP_CATEGORIES, type ShopCategory, type ShopProduct } from "./types";

export interface ShopPageData {
  category: ShopCategory;
  products: ShopProduct[];
  nextCursor: string | null;
  source: ProductSource;
  unavailable: boolean;
}

export function categoryHref(category: ShopCategory, after?: string | null) {
  const params = new URLSearchParams();
  if (category !== "all") params.set("category", category);
  if (after) params.set("after", after);
  const query = params.toString();
  return query ? `/shop?${query}` : "/shop";
}

export function ShopPage({ data }: { data: ShopPageData }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  usePreloadToaster();
  return (
    <>
      <PageHero
        title={t("shop.hero.title")}
        subtitle={t("shop.hero.subtitle")}
        note={data.source === "catalogue" ? <span data-testid="demo-notice">{t("shop.demoNotice")}</span> : null}
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <CategoryTabs active={data.category} />
        <ProductGrid key={`${language}:${data.category}:${data.products[0]?.merchandiseId ?? ""}`} data={data} />
        <TrustCopy />
      </div>
    </>
  );
}

function CategoryTabs({ active }: { active: ShopCategory }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("shop.categories.label")}>
      <ul className="flex flex-wrap gap-1 rounded-lg border border-border bg-card p-1 sm:gap-2">
        {SHOP_CATEGORIES.map((category) => (
          <li key={category}>
            <Link
              to={categoryHref(category)}
              preventScrollReset
              aria-current={category === active ? "page" : undefined}
              className={cn(
                "inline-flex h-11 items-center whitespace-nowrap rounded-md px-3 sm:h-9 text-sm font-medium transition-colors",
                category === active ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
              )}
            >
              {t(`shop.categories.${category}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ProductGrid({ data }: { data: ShopPageData }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ShopPageData>();
  const [products, setProducts] = useState(data.products);
  const [nextCursor, setNextCursor] = useState(data.nextCursor);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const page = fetcher.data;
    setProducts((shown) => {
      const known = new Set(shown.map((product) => product.merchandiseId));
      return [...shown, ...page.products.filter((product) => !known.has(product.merchandiseId))];
    });
    setNextCursor(page.nextCursor);
    if (page.unavailable) toast.error(t("shop.unavailable"));
  }, [fetcher.state, fetcher.data, t]);

  if (data.unavailable) {
    return (
      <p role="alert" className="mt-10 rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
        {t("shop.unavailable")}
      </p>
    );
  }
  if (products.length === 0) {
    return <p className="mt-10 rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">{t("shop.empty")}</p>;
  }

  const loading = fetcher.state !== "idle";
  return (
    <>
      <h2 className="sr-only">{t(`shop.categories.${data.category}`)}</h2>
      <ul className="mt-8 grid grid-cols-1 gap-6 min-[480px]:grid-cols-2 lg:grid-cols-4" data-testid="product-grid">
        {products.map((product) => (
          <li key={product.merchandiseId}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
      {nextCursor ? (
        <div className="mt-10 flex justify-center">
          <Button asChild variant="outline" size="lg">
            <Link
              to={categoryHref(data.category, nextCursor)}
              preventScrollReset
              aria-disabled={loading || undefined}
              onClick={(event) => {
                // With JavaScript the next page is appended; without it, the link shows that page.
                event.preventDefault();
                if (!loading) void fetcher.load(categoryHref(data.category, nextCursor));
              }}
            >
              {loading ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t("shop.loadMore")}
            </Link>
          </Button>
        </div>
      ) : null}
    </>
  );
}

function ProductCard({ product }: { product: ShopProduct }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const titleId = useId();
  // The cart lives in the browser: the button works once JavaScript runs.
  const hydrated = useHydrated();
  return (
    <article
      className="flex h-full overflow-hidden rounded-xl border border-border bg-card min-[480px]:flex-col"
      data-testid="product-card"
    >
      <div className="relative aspect-square w-32 shrink-0 self-start bg-muted min-[480px]:w-auto min-[480px]:self-auto">
        {product.image ? (
          <img
            src={product.image.url}
            alt={product.image.alt}
            width={product.image.width}
            height={product.image.height}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : null}
        {product.isNew ? (
          <span className="absolute left-2 top-2 rounded-full min-[480px]:left-3 min-[480px]:top-3 bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
            {t("shop.product.new")}
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <h3 id={titleId} className="font-semibold leading-snug">
          {product.title}
        </h3>
        <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
        <div className="mt-auto flex flex-col gap-3 pt-2">
          <p className="text-lg font-semibold" data-testid="product-price">
            {formatPrice(product.price, language)}
          </p>
          <Button
            type="button"
            size="sm"
            className="w-full"
            disabled={!product.availableForSale || !hydrated}
            aria-describedby={titleId}
            onClick={() => {
              cart.add(product);
              toast.success(t("shop.cart.added"), { description: product.title });
            }}
          >
            <ShoppingCart aria-hidden="true" />
            {product.availableForSale ? t("shop.product.addToCart") : t("shop.product.soldOut")}
          </Button>
        </div>
      </div>
    </article>
  );
}

export function TrustCopy() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const items = [
    { icon: Truck, text: t("shop.trust.shipping", { amount: formatShippingThreshold(language) }) },
    { icon: Zap, text: t("shop.trust.delivery") },
    { icon: RotateCcw, text: t("shop.trust.guarantee") },
  ];
  return (
    <section aria-labelledby="shop-trust-title" className="mt-16 rounded-xl border border-border bg-card p-6 sm:p-8">
      <h2 id="shop-trust-title" className="flex items-center gap-2 text-lg font-semibold">
        <BadgeCheck className="size-5 text-accent" aria-hidden="true" />
        {t("shop.trust.title")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="trust-copy">
        {items.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 text-sm">
            <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
