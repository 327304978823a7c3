import type { PageImage } from "~/lib/page-images.server";
import { PagePicture } from "~/components/content/page-picture";
import { Compass, Eye, Fingerprint, Gem, Lightbulb, ShieldCheck, Sprout, Target } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { RichParagraphs } from "~/components/content/rich-text";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ContentSection, FeatureCard } from "~/components/content/blocks";
import { Badge, PageHero } from "~/components/content/page-hero";
import { useList } from "~/lib/use-list";
import { useSiteFacts } from "~/lib/site-facts";

export function AboutPage({ founderPhoto = null }: { founderPhoto?: PageImage | null }) {
  const { t } = useTranslation();
  const list = useList();
  // The founder is the owner named in the site settings; without a name the section tells the story, with no faceless icon.
  const facts = useSiteFacts();
  const founder = t("about.founder.name") || facts.responsiblePerson;
  return (
    <>
      <PageHero
        badge={<Badge icon={Fingerprint}>{t("about.hero.badge")}</Badge>}
        title={t("about.hero.title")}
        subtitle={t("about.hero.subtitle")}
      />

      <ContentSection id="origin" title={t("about.origin.title")}>
        <div className="mx-auto max-w-3xl space-y-4 text-lg leading-relaxed text-muted-foreground">
          <RichParagraphs k="about.origin.paragraphs" />
        </div>
      </ContentSection>

      <ContentSection id="essence" title={t("about.essence.title")} subtitle={t("about.essence.subtitle")} muted>
        <ul className="grid gap-6 lg:grid-cols-3">
          {(
            [
              ["knowledge", Lightbulb],
              ["integrity", Gem],
              ["openness", Sprout],
            ] as const
          ).map(([key, icon]) => (
            <li key={key}>
              <FeatureCard
                icon={icon}
                title={t(`about.essence.values.${key}.title`)}
                description={t(`about.essence.values.${key}.description`)}
              />
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="mindset" title={t("about.mindset.title")} subtitle={t("about.mindset.subtitle")}>
        <ol className="mx-auto grid max-w-5xl gap-4 sm:grid-cols-2">
          {list("about.mindset.principles").map((principle, index) => (
            <li key={principle} className="flex gap-4 rounded-lg border border-border bg-card p-5">
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 font-semibold text-primary"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <p className="text-muted-foreground">{principle}</p>
            </li>
          ))}
        </ol>
      </ContentSection>

      <ContentSection id="vision-mission" title={t("about.visionMission.title")} muted>
        <div className="grid gap-6 md:grid-cols-2">
          <FeatureCard icon={Eye} title={t("about.visionMission.vision.title")} description={t("about.visionMission.vision.description")} />
          <FeatureCard
            icon={Target}
            title={t("about.visionMission.mission.title")}
            description={t("about.visionMission.mission.description")}
          />
        </div>
      </ContentSection>

      <ContentSection id="data" title={t("about.data.title")} subtitle={t("about.data.subtitle")}>
        <ul className="grid gap-6 lg:grid-cols-3">
          {(["privacy", "security", "ownership"] as const).map((key) => (
            <li key={key}>
              <FeatureCard
                icon={ShieldCheck}
                title={t(`about.data.points.${key}.title`)}
                description={t(`about.data.points.${key}.description`)}
              />
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="founder" title={t("about.founder.title")} muted>
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 rounded-lg border border-border bg-card p-6 text-center sm:p-10">
          {founderPhoto ? (
            <PagePicture
              image={founderPhoto}
              sizes="(min-width: 640px) 192px, 160px"
              className="h-auto w-40 rounded-lg object-cover sm:w-48"
              testId="founder-photo"
            />
          ) : null}
          {founder ? (
            <div className="flex flex-col items-center gap-3" data-testid="founder-name">
              {founderPhoto ? null : (
                <span
                  className="flex size-20 items-center justify-center rounded-full bg-primary/15 text-2xl font-semibold text-primary"
                  aria-hidden="true"
                >
                  {initialsOf(founder)}
                </span>
              )}
              <p className="text-lg font-semibold text-foreground">{founder}</p>
            </div>
          ) : null}
          <div className="space-y-4 text-muted-foreground">
            <RichParagraphs k="about.founder.paragraphs" />
          </div>
        </div>
      </ContentSection>

      <ContentSection id="conclusion" title={t("about.conclusion.title")}>
        <div className="mx-auto max-w-3xl text-center">
          <Compass className="mx-auto size-10 text-primary" aria-hidden="true" />
          <p className="mt-6 text-lg leading-relaxed text-muted-foreground">{t("about.conclusion.text")}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/contact">{t("about.conclusion.contact")}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/platforms">{t("about.conclusion.platforms")}</Link>
            </Button>
          </div>
        </div>
      </ContentSection>
    </>
  );
}

/** "Jane Q. Doe" → "JD": the first letters of the first and last word of the name. */
function initialsOf(name: string) {
  const words = name.split(/\s+/).filter(Boolean);
  return [words[0], words.length > 1 ? words[words.length - 1] : undefined].map((word) => word?.charAt(0).toUpperCase() ?? "").join("");
}
