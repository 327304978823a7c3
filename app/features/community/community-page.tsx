import {
  Award,
  BookOpen,
  CalendarDays,
  ExternalLink,
  Lock,
  Mail,
  MessagesSquare,
  Newspaper,
  Users,
  UsersRound,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { Badge, PageHero } from "~/components/content/page-hero";
import { Button } from "~/components/ui/button";
import type { CommunityModule, CommunityView } from "./community.server";

const MODULES: Array<{ id: CommunityModule; icon: LucideIcon }> = [
  { id: "discussions", icon: MessagesSquare },
  { id: "events", icon: CalendarDays },
  { id: "learning", icon: BookOpen },
  { id: "badges", icon: Award },
  { id: "directory", icon: Users },
  { id: "groups", icon: UsersRound },
];

export function CommunityPage({ view }: { view: CommunityView }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHero
        tone="accent"
        badge={<Badge icon={Lock}>{t("community.hero.badge")}</Badge>}
        title={t("community.hero.title")}
        subtitle={t(view.kind === "member" ? "community.hero.memberSubtitle" : "community.hero.subtitle")}
        actionsTestId="community-visitor-actions"
      >
        {view.kind === "visitor" ? <VisitorActions /> : null}
      </PageHero>
      {view.kind === "member" ? <MemberArea view={view} /> : <VisitorPresentation />}
    </>
  );
}

function VisitorActions() {
  const { t } = useTranslation();
  return (
    <>
      <Button asChild size="lg">
        <Link to="/auth?tab=signup">{t("community.visitor.signUp")}</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/auth">{t("community.visitor.logIn")}</Link>
      </Button>
    </>
  );
}

function VisitorPresentation() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="community-features-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
      <h2 id="community-features-title" className="text-center text-title font-bold tracking-tight">
        {t("community.features.title")}
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-muted-foreground">{t("community.features.subtitle")}</p>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {MODULES.map(({ id, icon: Icon }) => (
          <li key={id} className="rounded-xl border border-border bg-card p-6">
            <Icon className="size-8 text-primary" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-semibold">{t(`community.modules.${id}.title`)}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{t(`community.modules.${id}.description`)}</p>
          </li>
        ))}
      </ul>
      <div className="mx-auto mt-14 max-w-2xl rounded-xl border border-border bg-card p-8 text-center">
        <h2 className="text-2xl font-semibold">{t("community.visitor.joinTitle")}</h2>
        <p className="mt-3 text-muted-foreground">{t("community.visitor.joinText")}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild>
            <Link to="/auth?tab=signup">{t("community.visitor.signUp")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth">{t("community.visitor.logIn")}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

function MemberArea({ view }: { view: Extract<CommunityView, { kind: "member" }> }) {
  const { t } = useTranslation();
  const icons = new Map(MODULES.map(({ id, icon }) => [id, icon]));
  return (
    <section
      aria-labelledby="community-member-title"
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20"
      data-testid="community-member"
    >
      <h2 id="community-member-title" className="text-title font-bold tracking-tight">
        {t("community.member.welcome", { name: view.name })}
      </h2>
      {view.platformUrl ? null : <MemberToday />}
      {view.platformUrl ? <p className="mt-4 max-w-3xl text-muted-foreground">{t("community.member.platformNote")}</p> : null}
      {/* Without a community site the modules have no links: the page offers what members have today instead. */}
      {view.platformUrl ? (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {view.modules.map(({ id, href }) => {
            const Icon = icons.get(id) ?? Users;
            return (
              <li key={id} className="flex flex-col rounded-xl border border-border bg-card p-6">
                <Icon className="size-8 text-primary" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold">{t(`community.modules.${id}.title`)}</h3>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{t(`community.modules.${id}.description`)}</p>
                {href ? (
                  <Button asChild variant="outline" className="mt-6 self-start">
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {t(`community.modules.${id}.open`)}
                      <ExternalLink aria-hidden="true" />
                      <span className="sr-only">{t("community.member.newTab")}</span>
                    </a>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {view.platformUrl ? (
        <Button asChild size="lg" className="mt-10">
          <a href={view.platformUrl} target="_blank" rel="noopener noreferrer">
            {t("community.member.openPlatform")}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">{t("community.member.newTab")}</span>
          </a>
        </Button>
      ) : null}
    </section>
  );
}

/** A member's community page while no community site is configured: what the account offers today. */
function MemberToday() {
  const { t } = useTranslation();
  const offers = [
    { id: "library", icon: BookOpen, to: "/media" },
    { id: "newsletter", icon: Mail, to: "/profile" },
    { id: "news", icon: Newspaper, to: "/news" },
  ] as const;
  return (
    <>
      <p className="mt-4 max-w-3xl text-muted-foreground">{t("community.member.soonNote")}</p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="community-today">
        {offers.map(({ id, icon: Icon, to }) => (
          <li key={id} className="flex flex-col rounded-xl border border-border bg-card p-6">
            <Icon className="size-8 text-primary" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-semibold">{t(`community.member.today.${id}.title`)}</h3>
            <p className="mt-2 flex-1 text-sm text-muted-foreground">{t(`community.member.today.${id}.description`)}</p>
            <Button asChild variant="outline" className="mt-6 self-start">
              <Link to={to}>{t(`community.member.today.${id}.action`)}</Link>
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
