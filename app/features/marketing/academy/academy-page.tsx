import { GraduationCap, MessagesSquare, Sparkles, Award } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { ContentSection, FeatureCard, QuoteBlock } from "~/components/content/blocks";
import { Badge, PageHero } from "~/components/content/page-hero";

/** Coming-soon page: three cards and a philosophy quote, no actions (spec §2). */
export function AcademyPage() {
  const { t } = useTranslation();
  const cards = [
    { key: "courses", icon: GraduationCap },
    { key: "microDegrees", icon: Award },
    { key: "community", icon: MessagesSquare },
  ] as const;
  return (
    <>
      <PageHero
        badge={<Badge icon={Sparkles}>{t("academy.hero.badge")}</Badge>}
        title={t("academy.hero.title")}
        subtitle={t("academy.hero.subtitle")}
      />
      <ContentSection id="offers" title={t("academy.offers.title")} subtitle={t("academy.offers.subtitle")}>
        <ul className="grid gap-6 lg:grid-cols-3">
          {cards.map(({ key, icon }) => (
            <li key={key}>
              <FeatureCard icon={icon} title={t(`academy.offers.${key}.title`)} description={t(`academy.offers.${key}.description`)} />
            </li>
          ))}
        </ul>
      </ContentSection>
      <QuoteBlock id="philosophy" label={t("academy.philosophy.title")} quote={t("academy.philosophy.quote")} />
    </>
  );
}
