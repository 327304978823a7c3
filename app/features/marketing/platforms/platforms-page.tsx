import {
  ArrowRight,
  Boxes,
  Bot,
  Briefcase,
  Clock,
  ExternalLink,
  Film,
  GraduationCap,
  ShoppingBag,
  ShoppingCart,
  Users,
} from "lucide-react";
import type { ComponentType } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { platformHref, useSiteFacts } from "~/lib/site-facts";
import { cn } from "~/lib/utils";
import { ContentSection } from "~/components/content/blocks";
import { Badge, PageHero } from "~/components/content/page-hero";

type Target = { kind: "internal"; to: string } | { kind: "external"; href: string } | { kind: "none" };

interface Platform {
  key: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  target: Target;
  featured?: boolean;
  /** One of the five pillars of spec §1 (community and shop are places around them). */
  pillar?: boolean;
}

const PLATFORMS: Platform[] = [
  { key: "media", icon: Film, target: { kind: "internal", to: "/media" }, featured: true, pillar: true },
  // Academy and Market: the configured external site, else our own page (set per render below).
  { key: "academy", icon: GraduationCap, target: { kind: "internal", to: "/academy" }, pillar: true },
  { key: "market", icon: ShoppingBag, target: { kind: "internal", to: "/market" }, pillar: true },
  { key: "consulting", icon: Briefcase, target: { kind: "internal", to: "/consulting" }, pillar: true },
  { key: "community", icon: Users, target: { kind: "internal", to: "/community" } },
  { key: "shop", icon: ShoppingCart, target: { kind: "internal", to: "/shop" } },
  { key: "tandem", icon: Bot, target: { kind: "none" }, pillar: true },
];

// Without a border colour: each kind of card below sets its own.
const CARD = "group flex h-full flex-col rounded-lg border bg-card p-6 transition-colors sm:p-8";

export function PlatformsPage() {
  const { t } = useTranslation();
  const facts = useSiteFacts();
  const platforms = PLATFORMS.map((platform) =>
    platform.key === "academy" || platform.key === "market" ? { ...platform, target: platformHref(facts, platform.key) } : platform,
  );
  return (
    <>
      <PageHero
        badge={<Badge icon={Boxes}>{t("platforms.hero.badge")}</Badge>}
        title={t("platforms.hero.title")}
        subtitle={t("platforms.hero.subtitle")}
      />
      <ContentSection id="all-platforms" title={t("platforms.list.title")} subtitle={t("platforms.list.subtitle")}>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {platforms.map((platform) => (
            <li
              key={platform.key}
              className={cn(platform.featured && "md:col-span-2 lg:col-span-3")}
              data-testid={`platform-${platform.key}`}
            >
              <PlatformCard platform={platform} />
            </li>
          ))}
        </ul>
      </ContentSection>
    </>
  );
}

function PlatformCard({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  const { key, icon: Icon, target, featured, pillar } = platform;
  const body = (
    <>
      <div className="flex items-start justify-between gap-4">
        <Icon className={cn("text-accent", featured ? "size-10" : "size-8")} aria-hidden="true" />
        {featured ? (
          <span className="rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">{t("platforms.featured")}</span>
        ) : null}
        {target.kind === "none" ? (
          <span className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-1 text-xs font-medium text-foreground">
            <Clock className="size-3.5" aria-hidden="true" />
            {t("platforms.comingSoon")}
          </span>
        ) : null}
      </div>
      {pillar ? (
        <p className="mt-4 text-xs font-semibold uppercase tracking-wider text-accent" data-testid="pillar-label">
          {t("platforms.pillar")}
        </p>
      ) : null}
      <h3 className={cn(pillar ? "mt-1" : "mt-4", "font-semibold", featured ? "text-2xl" : "text-xl")}>
        {t(`platforms.items.${key}.title`)}
      </h3>
      <p className="mt-2 flex-1 text-muted-foreground">{t(`platforms.items.${key}.description`)}</p>
      {target.kind !== "none" ? (
        <span className="mt-6 inline-flex items-center gap-1 text-sm font-medium text-primary">
          {t(`platforms.items.${key}.action`)}
          {target.kind === "external" ? (
            <>
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">{t("platforms.newTab")}</span>
            </>
          ) : (
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
          )}
        </span>
      ) : null}
    </>
  );

  if (target.kind === "internal") {
    return (
      <Link
        to={target.to}
        className={cn(
          CARD,
          "hover:border-primary",
          featured ? "border-primary/60 bg-[linear-gradient(135deg,rgba(139,157,255,0.16),rgba(94,234,212,0.08))]" : "border-border",
        )}
      >
        {body}
      </Link>
    );
  }
  if (target.kind === "external") {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className={cn(CARD, "border-border hover:border-primary")}>
        {body}
      </a>
    );
  }
  // Tandem: coming soon, so no link, dimmed and marked as unavailable to assistive technology.
  return (
    <div
      role="group"
      aria-label={t(`platforms.items.${key}.title`)}
      aria-disabled="true"
      data-dimmed="true"
      className={cn(CARD, "border-dashed border-border opacity-75 grayscale")}
    >
      {body}
    </div>
  );
}
