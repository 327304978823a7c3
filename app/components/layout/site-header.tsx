import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Link, NavLink, useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Menu, MENU_ITEM_PROPS } from "~/components/ui/menu";
import { AccountActions, type HeaderAccount } from "./account-actions";
import { LanguageLinks, LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { ShellSprite } from "./shell-sprite";
import { useSiteFacts } from "~/lib/site-facts";
import { MAIN_LINKS, platformLinks } from "./nav-items";

// One class each (app.css), not 120 bytes of utilities on each of the header's ~15 links (ADR 0034).
const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-link nav-link-active" : "nav-link");

export interface SiteHeaderProps {
  /** The signed-in user, or null (Get Started is shown), or "pending" (not known yet). */
  user: HeaderAccount;
  /** The cart link, drawn by the shop feature: the header sits below features and only leaves room for it. */
  renderCart?: (layout: "bar" | "mobile") => ReactNode;
  /** False while the operator has the shop switched off (ADR 0077): no Shop link, no cart. */
  shop?: boolean;
}

/** What every top bar starts with: the icon sprite and the skip link (the site's and the console's, console-header.tsx). */
export function HeaderStart() {
  const { t } = useTranslation();
  return (
    <>
      <ShellSprite />
      <a href="#main" className="skip-link">
        {t("common.nav.skipToContent")}
      </a>
    </>
  );
}

/** The logo, a link home. */
export function HomeLogoLink() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex min-h-11 shrink-0 items-center gap-2 whitespace-nowrap sm:min-h-0" aria-label={t("common.nav.homeLogo")}>
      <Logo />
    </Link>
  );
}

export function SiteHeader({ user, renderCart, shop = true }: SiteHeaderProps) {
  const cart = shop ? renderCart : undefined;
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <HeaderStart />
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <HomeLogoLink />
        <nav aria-label={t("common.nav.main")} className="hidden items-center gap-1 bar:flex">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={linkClass} prefetch="intent">
              {t(link.labelKey)}
            </NavLink>
          ))}
          <PlatformsMenu shop={shop} />
        </nav>
        <div className="hidden items-center gap-2 bar:flex">
          <LanguageSwitcher />
          {cart?.("bar")}
          <AccountActions layout="bar" user={user} />
        </div>
        <div className="flex items-center gap-1 bar:hidden">
          {cart?.("mobile")}
          <MobileMenu user={user} shop={shop} />
        </div>
      </div>
    </header>
  );
}

function PlatformsMenu({ shop }: { shop: boolean }) {
  const { t } = useTranslation();
  const facts = useSiteFacts();
  const { pathname } = useLocation();
  const links = platformLinks(facts, shop);
  const isCurrent = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  // On one of its pages the menu's button wears the current page's colour, as the links beside it do.
  const inside = links.some((link) => link.kind === "internal" && isCurrent(link.to));
  return (
    <Menu
      triggerClassName={linkClass({ isActive: inside }) + " inline-flex items-center gap-1"}
      trigger={
        <>
          {t("common.nav.platforms")}
          <Icon name="chevron-down" className="size-4" />
        </>
      }
    >
      {links.map((link) =>
        link.kind === "external" ? (
          <a key={link.labelKey} href={link.href} target="_blank" rel="noopener noreferrer" {...MENU_ITEM_PROPS}>
            <span className="flex-1">{t(link.labelKey)}</span>
            <Icon name="external-link" className="size-3.5 text-muted-foreground" />
          </a>
        ) : (
          <Link key={link.labelKey} to={link.to} {...MENU_ITEM_PROPS} aria-current={isCurrent(link.to) ? "page" : undefined}>
            {t(link.labelKey)}
          </Link>
        ),
      )}
    </Menu>
  );
}

/**
 * A disclosure built on <details>: it opens without JavaScript and is announced as a button with
 * its expanded state; the shell script (app/shell/menus.ts) closes it on Escape and when one of its
 * links is followed.
 */
function MobileMenu({ user, shop }: { user: HeaderAccount; shop: boolean }) {
  const { t } = useTranslation();
  const facts = useSiteFacts();
  return (
    <details className="group bar:hidden" data-testid="mobile-menu">
      <summary className="menu-toggle" aria-label={t("common.nav.toggleMenu")}>
        <Icon name="menu" className="size-5 group-open:hidden" />
        <Icon name="x" className="hidden size-5 group-open:block" />
      </summary>
      <div className="mobile-panel">
        <nav aria-label={t("common.nav.mobile")} className="flex flex-col gap-1 pt-2">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={linkClass}>
              {t(link.labelKey)}
            </NavLink>
          ))}
          <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">{t("common.nav.platforms")}</p>
          {platformLinks(facts, shop).map((link) =>
            link.kind === "external" ? (
              <a
                key={link.labelKey}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className={linkClass({ isActive: false }) + " inline-flex items-center gap-2"}
              >
                {t(link.labelKey)}
                <Icon name="external-link" className="size-3.5" />
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
