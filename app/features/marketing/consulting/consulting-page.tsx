import {
  ArrowRight,
  BookOpen,
  Building2,
  CheckCircle2,
  Compass,
  Film,
  GraduationCap,
  HeartPulse,
  Landmark,
  Network,
  ShieldCheck,
  Sparkles,
  Users,
} from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { siteConfig } from "~/config/site";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { BulletList, CallToAction, ContentSection, FeatureCard, QuoteBlock } from "~/components/content/blocks";
import { Badge, PageHero } from "~/components/content/page-hero";
import { useList } from "~/lib/use-list";
import { Methodology } from "./methodology";

/** The contact form pre-fills its subject from `?subject=` (contact feature). */
export function contactHref(subject: string) {
  return `/contact?subject=${encodeURIComponent(subject)}`;
}

export function ConsultingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero
        badge={<Badge icon={Sparkles}>{t("consulting.hero.badge")}</Badge>}
        title={t("consulting.hero.title")}
        subtitle={t("consulting.hero.subtitle")}
      >
        <Button asChild size="lg">
          <Link to={contactHref(t("consulting.actions.bookConsultation"))}>
            {t("consulting.actions.bookConsultation")}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href="#methodology">{t("consulting.actions.exploreApproach")}</a>
        </Button>
      </PageHero>
      <QuoteBlock id="mission" label={t("consulting.mission.title")} quote={t("consulting.mission.quote")} />
      <Services />
      <Methodology />
      <NetworkSection />
      <Sovereignty />
      <UseCases />
      <CallToAction id="cta" title={t("consulting.cta.title")} subtitle={t("consulting.cta.subtitle")}>
        <Button asChild size="lg">
          <Link to={contactHref(t("consulting.actions.startConversation"))}>{t("consulting.actions.startConversation")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/market">{t("consulting.cta.market")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/academy">{t("consulting.cta.academy")}</Link>
        </Button>
      </CallToAction>
    </>
  );
}

function Services() {
  const { t } = useTranslation();
  const list = useList();
  const services = [
    { key: "strategy", icon: Compass },
    { key: "architecture", icon: Building2 },
    { key: "leadership", icon: Users },
  ] as const;
  return (
    <ContentSection id="services" title={t("consulting.services.title")} subtitle={t("consulting.services.subtitle")} muted>
      <ul className="grid gap-6 lg:grid-cols-3">
        {services.map(({ key, icon }) => (
          <li key={key}>
            <FeatureCard
              icon={icon}
              title={t(`consulting.services.${key}.title`)}
              description={t(`consulting.services.${key}.description`)}
            >
              <BulletList items={list(`consulting.services.${key}.points`)} />
            </FeatureCard>
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}

function NetworkSection() {
  const { t } = useTranslation();
  const list = useList();
  return (
    <ContentSection id="network" title={t("consulting.network.title")} subtitle={t("consulting.network.subtitle")} muted>
      <div className="grid items-center gap-8 lg:grid-cols-2">
        <div className="rounded-lg border border-border bg-card p-6 sm:p-8">
          <Network className="size-10 text-accent" aria-hidden="true" />
          <p className="mt-4 text-muted-foreground">{t("consulting.network.text")}</p>
          <Button asChild className="mt-6">
            <Link to={contactHref(t("consulting.actions.partner"))}>{t("consulting.actions.partner")}</Link>
          </Button>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {list("consulting.network.members").map((member) => (
            <li key={member} className="flex items-center gap-3 rounded-lg border border-border bg-card p-4">
              <Users className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{member}</span>
            </li>
          ))}
        </ul>
      </div>
    </ContentSection>
  );
}

function Sovereignty() {
  const { t } = useTranslation();
  const list = useList();
  return (
    <ContentSection id="sovereignty" title={t("consulting.sovereignty.title")} subtitle={t("consulting.sovereignty.subtitle")}>
      <div className="mx-auto max-w-3xl rounded-lg border border-border bg-card p-6 sm:p-8">
        <ShieldCheck className="size-10 text-accent" aria-hidden="true" />
        <ul className="mt-6 space-y-3" aria-label={t("consulting.sovereignty.checklistLabel")}>
          {list("consulting.sovereignty.checklist").map((item) => (
            <li key={item} className="flex gap-3">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
        <Button asChild variant="outline" className="mt-8">
          <Link to={contactHref(t("consulting.actions.frameworkDemo"))}>{t("consulting.actions.frameworkDemo")}</Link>
        </Button>
      </div>
    </ContentSection>
  );
}

function UseCases() {
  const { t } = useTranslation();
  const cases = [
    { key: "fintech", icon: Landmark },
    { key: "media", icon: Film },
    { key: "education", icon: GraduationCap },
    { key: "healthcare", icon: HeartPulse },
  ] as const;
  return (
    <ContentSection id="use-cases" title={t("consulting.useCases.title")} subtitle={t("consulting.useCases.subtitle")} muted>
      <ul className="grid gap-6 md:grid-cols-2">
        {cases.map(({ key, icon: Icon }) => (
          <li key={key} className="flex flex-col rounded-lg border border-border bg-card p-6 sm:p-8">
            <Icon className="size-8 text-accent" aria-hidden="true" />
            <h3 className="mt-4 text-xl font-semibold">{t(`consulting.useCases.items.${key}.sector`)}</h3>
            <p className="mt-2 flex-1 text-muted-foreground">
              <span className="font-medium text-foreground">{t("consulting.useCases.solutionLabel")} </span>
              {t(`consulting.useCases.items.${key}.solution`)}
            </p>
            <Link
              to={siteConfig.consultingLibraryLinks[key]}
              className="mt-6 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              <BookOpen className="size-4" aria-hidden="true" />
              {t("consulting.useCases.resources")}
              <span className="sr-only">: {t(`consulting.useCases.items.${key}.sector`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Button asChild variant="outline">
          <Link to={siteConfig.consultingLibraryLinks.caseStudies}>
            {t("consulting.actions.moreCaseStudies")}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </ContentSection>
  );
}
