import { ExternalLink, FileCode2, Package, Palette, ShoppingBag } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/button";
import { useSiteFacts } from "~/lib/site-facts";
import { ContentSection, FeatureCard } from "~/components/content/blocks";
import { Badge, PageHero } from "~/components/content/page-hero";

export function MarketPage() {
  const { t } = useTranslation();
  // Without a configured market site this page is the market's home: its next step is our shop.
  const marketUrl = useSiteFacts().externalUrls.market;
  const cards = [
    { key: "digital", icon: FileCode2 },
    { key: "creative", icon: Palette },
    { key: "physical", icon: Package },
  ] as const;
  return (
    <>
      <PageHero
        badge={<Badge icon={ShoppingBag}>{t("market.hero.badge")}</Badge>}
        title={t("market.hero.title")}
        subtitle={t("market.hero.subtitle")}
      />
      <ContentSection id="products" title={t("market.products.title")} subtitle={t("market.products.subtitle")}>
        <ul className="grid gap-6 lg:grid-cols-3">
          {cards.map(({ key, icon }) => (
            <li key={key}>
              <FeatureCard icon={icon} title={t(`market.products.${key}.title`)} description={t(`market.products.${key}.description`)} />
            </li>
          ))}
        </ul>
      </ContentSection>
      <section aria-labelledby="philosophy-title" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
        <div className="rounded-2xl border border-border bg-[linear-gradient(135deg,rgba(139,157,255,0.16),rgba(94,234,212,0.10))] px-6 py-14 text-center sm:px-12">
          <h2 id="philosophy-title" className="text-subtitle font-bold tracking-tight">
            {t("market.philosophy.title")}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{t("market.philosophy.line")}</p>
          {marketUrl ? (
            <Button asChild size="lg" className="mt-8">
              <a href={marketUrl} target="_blank" rel="noopener noreferrer">
                {t("market.visit")}
                <ExternalLink aria-hidden="true" />
                <span className="sr-only">{t("market.newTab")}</span>
              </a>
            </Button>
          ) : (
            // Until the market site exists its physical products are in our own shop: the page's next step.
            <Button asChild size="lg" className="mt-8">
              <a href="/shop" data-testid="market-shop">
                {t("market.shopAction")}
              </a>
            </Button>
          )}
        </div>
      </section>
    </>
  );
}
