import { Bot, Clock, Plug, ShieldCheck } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { ContentSection, FeatureCard, QuoteBlock } from "~/components/content/blocks";
import { Badge, PageHero } from "~/components/content/page-hero";

/** Tandem, the privacy-first AI digital twin integration: coming soon (spec §1, §2). */
export function TandemPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero
        badge={
          <Badge icon={Clock} tone="accent">
            {t("tandem.hero.badge")}
          </Badge>
        }
        title={
          <>
            <Bot className="mx-auto mb-4 size-12 text-primary" aria-hidden="true" />
            <span className="text-primary">Tandem</span>
            <span className="mt-3 block text-2xl font-semibold text-foreground sm:text-3xl">{t("tandem.hero.title")}</span>
          </>
        }
        subtitle={t("tandem.hero.subtitle")}
      />
      <ContentSection id="features" title={t("tandem.features.title")} subtitle={t("tandem.features.subtitle")}>
        <ul className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
          <li>
            <FeatureCard
              icon={ShieldCheck}
              title={t("tandem.features.privacy.title")}
              description={t("tandem.features.privacy.description")}
            />
          </li>
          <li>
            <FeatureCard
              icon={Plug}
              title={t("tandem.features.integration.title")}
              description={t("tandem.features.integration.description")}
            />
          </li>
        </ul>
      </ContentSection>
      <QuoteBlock id="quote" label={t("tandem.quote.title")} quote={t("tandem.quote.text")} />
    </>
  );
}
