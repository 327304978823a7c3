import { ArrowRight, BookOpen, Boxes, Cpu, Film, Lock, Quote, Rocket, ShieldCheck, Sparkles, Star, TrendingUp, Users } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useSiteFacts } from "~/lib/site-facts";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { numberFormat } from "~/lib/intl-formats";
import type { PageImage } from "~/lib/page-images.server";
import { PagePicture } from "~/components/content/page-picture";

export function HomePage({ heroImage = null }: { heroImage?: PageImage | null }) {
  return (
    <>
      <Hero image={heroImage} />
      <VisionQuote />
      <Ecosystem />
      <IpAngel />
      <DataPrivacy />
      <Join />
    </>
  );
}

function Section({ id, children, className = "" }: { id: string; children: React.ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={`mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 ${className}`}>
      {children}
    </section>
  );
}

function Hero({ image }: { image: PageImage | null }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden border-b border-border bg-[radial-gradient(ellipse_at_top,rgba(139,157,255,0.18),transparent_60%)]"
    >
      <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 sm:py-28">
        <p className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm text-muted-foreground">
          <Sparkles className="size-4 text-accent" aria-hidden="true" />
          {t("home.hero.badge")}
        </p>
        <h1 id="hero-title" className="mt-6 text-display-lg font-bold tracking-tight">
          {t("home.hero.titleStart")} <span className="text-gradient">{t("home.hero.titleHighlight")}</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">{t("home.hero.subtitle")}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/about">
              {t("home.hero.primaryAction")}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/consulting">{t("home.hero.secondaryAction")}</Link>
          </Button>
        </div>
        {image ? (
          // The largest thing above the fold: fetched first, never lazily (it is the page's LCP). Shown no
          // wider than its widest rendition (960 px in the 1024 px column, else 480), so never blurred by stretching.
          <PagePicture
            image={image}
            loading="eager"
            fetchPriority="high"
            sizes={image.widest >= 960 ? HERO_SIZES.wide : HERO_SIZES.narrow}
            className={`mx-auto mt-12 h-auto w-full ${image.widest >= 960 ? "max-w-[960px]" : "max-w-[480px]"} rounded-xl border border-border object-cover shadow-lg`}
            testId="hero-image"
          />
        ) : null}
      </div>
    </section>
  );
}

/** The hero picture's width: the max-w-5xl column less its padding (px-4, sm:px-6), at most 960 or 480 px. */
const HERO_SIZES = {
  wide: "(min-width: 1008px) 960px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)",
  narrow: "(min-width: 512px) 480px, calc(100vw - 32px)",
};

function VisionQuote() {
  const { t } = useTranslation();
  return (
    <Section id="vision">
      <figure className="mx-auto max-w-3xl text-center">
        <Quote className="mx-auto size-10 text-primary" aria-hidden="true" />
        <h2 id="vision-title" className="sr-only">
          {t("home.vision.title")}
        </h2>
        <blockquote className="mt-6 text-2xl font-medium leading-relaxed sm:text-3xl">{t("home.vision.quote")}</blockquote>
        <figcaption className="mt-6">
          <Link to="/about" className="inline-flex min-h-11 items-center gap-1 text-primary hover:underline">
            {t("home.vision.link")}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </figcaption>
      </figure>
    </Section>
  );
}

const PILLARS = [
  { key: "media", to: "/media" },
  { key: "market", to: "/market" },
  { key: "academy", to: "/academy" },
  { key: "tandem", to: "/tandem" },
  { key: "consulting", to: "/consulting" },
] as const;

function Ecosystem() {
  const { t } = useTranslation();
  const cards = [
    { key: "media", to: "/media", icon: Film },
    { key: "platforms", to: "/platforms", icon: Boxes },
  ] as const;
  return (
    <Section id="ecosystem">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="ecosystem-title" className="text-title font-bold tracking-tight">
          {t("home.ecosystem.title")}
        </h2>
        <p className="mt-4 text-muted-foreground">{t("home.ecosystem.subtitle")}</p>
      </div>
      {/* The five pillars the title names, each with its page; the cards below lead further. */}
      <ul aria-label={t("home.ecosystem.pillars.label")} className="mt-8 flex flex-wrap justify-center gap-2" data-testid="pillars">
        {PILLARS.map(({ key, to }) => (
          <li key={key}>
            <Link
              to={to}
              className="inline-flex min-h-11 items-center rounded-full border border-border bg-card px-4 py-1.5 text-sm sm:min-h-0 font-medium hover:border-primary hover:text-primary"
            >
              {t(`home.ecosystem.pillars.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {cards.map(({ key, to, icon: Icon }) => (
          <Link key={key} to={to} className="group rounded-lg border border-border bg-card p-8 transition-colors hover:border-primary">
            <Icon className="size-8 text-accent" aria-hidden="true" />
            <h3 className="mt-4 text-xl font-semibold">{t(`home.ecosystem.${key}.title`)}</h3>
            <p className="mt-2 text-muted-foreground">{t(`home.ecosystem.${key}.description`)}</p>
            <span className="mt-6 inline-flex items-center gap-1 text-sm font-medium text-primary">
              {t(`home.ecosystem.${key}.action`)}
              <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
            </span>
          </Link>
        ))}
      </div>
    </Section>
  );
}

function IpAngel() {
  const { t } = useTranslation();
  const pillars = [
    { key: "knowledge", icon: BookOpen },
    { key: "systems", icon: Cpu },
    { key: "growth", icon: TrendingUp },
  ] as const;
  return (
    <div className="border-y border-border bg-card/40">
      <Section id="ipangel">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="ipangel-title" className="text-title font-bold tracking-tight">
            {t("home.ipAngel.title")}
          </h2>
          <p className="mt-4 text-muted-foreground">{t("home.ipAngel.subtitle")}</p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {pillars.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-lg border border-border bg-card p-6">
              <Icon className="size-7 text-primary" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">{t(`home.ipAngel.pillars.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`home.ipAngel.pillars.${key}.description`)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Button asChild variant="outline">
            <Link to="/consulting">
              {t("home.ipAngel.action")}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </Section>
    </div>
  );
}

function DataPrivacy() {
  const { t } = useTranslation();
  const points = ["ownership", "security", "transparency"] as const;
  return (
    <Section id="privacy">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <ShieldCheck className="size-10 text-accent" aria-hidden="true" />
          <h2 id="privacy-title" className="mt-4 text-title font-bold tracking-tight">
            {t("home.privacy.title")}
          </h2>
          <p className="mt-4 text-muted-foreground">{t("home.privacy.subtitle")}</p>
        </div>
        <ul className="space-y-4">
          {points.map((point) => (
            <li key={point} className="flex gap-4 rounded-lg border border-border bg-card p-5">
              <Lock className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{t(`home.privacy.points.${point}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`home.privacy.points.${point}.description`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

/** Claims are shown only with configured numbers (siteConfig.claims): nothing is invented. */
function Claims() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const format = numberFormat(LANGUAGE_LOCALES[language]);
  const { activeMembers, averageRating, expertConsultants } = useSiteFacts().claims;
  const claims = [
    activeMembers !== null && { key: "activeMembers", icon: Users, value: `${format.format(activeMembers)}+` },
    averageRating !== null && {
      key: "averageRating",
      icon: Star,
      value: numberFormat(LANGUAGE_LOCALES[language], { maximumFractionDigits: 1 }).format(averageRating),
    },
    expertConsultants !== null && { key: "expertConsultants", icon: Rocket, value: format.format(expertConsultants) },
  ].filter((claim) => claim !== false);
  if (claims.length === 0) return null;
  return (
    <dl className="mt-10 grid gap-4 sm:grid-cols-3" data-testid="claims">
      {claims.map(({ key, icon: Icon, value }) => (
        <div key={key} className="flex flex-col-reverse rounded-lg border border-border bg-card p-4 text-center">
          <dt className="text-sm text-muted-foreground">{t(`home.join.claims.${key}`)}</dt>
          <dd className="mt-2 text-2xl font-bold">
            <Icon className="mx-auto mb-2 size-5 text-accent" aria-hidden="true" />
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Join() {
  const { t } = useTranslation();
  return (
    <Section id="join">
      <div className="rounded-2xl border border-border bg-[linear-gradient(135deg,rgba(139,157,255,0.16),rgba(94,234,212,0.10))] px-6 py-14 text-center sm:px-12">
        <h2 id="join-title" className="text-title font-bold tracking-tight">
          {t("home.join.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-muted-foreground">{t("home.join.subtitle")}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/contact">{t("home.join.contact")}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/academy">{t("home.join.academy")}</Link>
          </Button>
        </div>
        <Claims />
      </div>
    </Section>
  );
}
