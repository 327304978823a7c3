import { ChevronDown, ExternalLink, Menu as MenuIcon, X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { Menu, MENU_ITEM_PROPS } from "~/components/ui/menu";
import { AccountActions, type HeaderAccount } from "./account-actions";
import { LanguageLinks, LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { useSiteFacts } from "~/lib/site-facts";
import { MAIN_LINKS, platformLinks } from "./nav-items";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  "whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground " +
  (isActive ? "bg-muted text-primary" : "text-muted-foreground");

export interface SiteHeaderProps {
  /** The signed-in user, or null (Get Started is shown), or "pending" (not known yet). */
  user: HeaderAccount;
  /** The cart link, drawn by the shop feature: the header sits below features and only leaves room for it. */
  renderCart?: (layout: "bar" | "mobile") => ReactNode;
}

export function SiteHeader({ user, renderCart }: SiteHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        {t("common.nav.skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 whitespace-nowrap" aria-label={t("common.nav.homeLogo")}>
          <Logo gradientId="logo-gradient-header" />
        </Link>
        <nav aria-label={t("common.nav.main")} className="hidden items-center gap-1 bar:flex">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={linkClass} prefetch="intent">
              {t(link.labelKey)}
            </NavLink>
          ))}
          <PlatformsMenu />
        </nav>
        <div className="hidden items-center gap-2 bar:flex">
          <LanguageSwitcher />
          {renderCart?.("bar")}
          <AccountActions layout="bar" user={user} />
        </div>
        <div className="flex items-center gap-1 bar:hidden">
          {renderCart?.("mobile")}
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}

function PlatformsMenu() {
  const { t } = useTranslation();
  const facts = useSiteFacts();
  const { pathname } = useLocation();
  return (
    <Menu
      triggerClassName={linkClass({ isActive: pathname === "/platforms" }) + " inline-flex items-center gap-1"}
      trigger={
        <>
          {t("common.nav.platforms")}
          <ChevronDown className="size-4" aria-hidden="true" />
        </>
      }
    >
      {platformLinks(facts).map((link) =>
        link.kind === "external" ? (
          <a key={link.labelKey} href={link.href} target="_blank" rel="noopener noreferrer" {...MENU_ITEM_PROPS}>
            <span className="flex-1">{t(link.labelKey)}</span>
            <ExternalLink className="size-3.5 text-muted-foreground" aria-hidden="true" />
          </a>
        ) : (
          <Link key={link.labelKey} to={link.to} {...MENU_ITEM_PROPS}>
            {t(link.labelKey)}
          </Link>
        ),
      )}
    </Menu>
  );
}

/**
 * A disclosure built on <details>: it opens before JavaScript loads, is announced as a button
 * with its expanded state, and closes itself on navigation and on Escape once hydrated.
 */
function MobileMenu({ user }: { user: HeaderAccount }) {
  const { t } = useTranslation();
  const facts = useSiteFacts();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);

  // Navigating closes the menu; not at hydration, where a menu opened before it must stay open.
  const where = location.pathname + location.search;
  const shownAt = useRef(where);
  useEffect(() => {
    if (shownAt.current === where) return;
    shownAt.current = where;
    if (details.current) details.current.open = false;
  }, [where]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.current?.open) {
        details.current.open = false;
        details.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <details ref={details} className="group bar:hidden" data-testid="mobile-menu">
      <summary
        className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-md hover:bg-muted"
        aria-label={t("common.nav.toggleMenu")}
      >
        <MenuIcon className="size-5 group-open:hidden" aria-hidden="true" />
        <X className="hidden size-5 group-open:block" aria-hidden="true" />
      </summary>
      <div className="absolute inset-x-0 top-16 h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-background px-4 pb-6 shadow-xl">
        <nav aria-label={t("common.nav.mobile")} className="flex flex-col gap-1 pt-2">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={linkClass}>
              {t(link.labelKey)}
            </NavLink>
          ))}
          <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">{t("common.nav.platforms")}</p>
          {platformLinks(facts).map((link) =>
            link.kind === "external" ? (
              <a
                key={link.labelKey}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className={linkClass({ isActive: false }) + " inline-flex items-center gap-2"}
              >
                {t(link.labelKey)}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            ) : (
              <NavLink key={link.labelKey} to={link.to} className={linkClass}>
                {t(link.labelKey)}
              </NavLink>
            ),
          )}
        </nav>
        <div className="mt-4 flex flex-col gap-4 border-t border-border pt-4">
          <LanguageLinks />
          <AccountActions layout="menu" user={user} />
        </div>
      </div>
    </details>
  );
}
