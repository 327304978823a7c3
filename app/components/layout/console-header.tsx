import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { AccountActions, type HeaderAccount } from "./account-actions";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { ShellSprite } from "./shell-sprite";

/**
 * The console's own top bar (issue 27): the logo back to the site, the language and the account,
 * no marketing navigation, cart or footer. It wraps instead of growing sideways on a phone.
 */
export function ConsoleHeader({ user }: { user: HeaderAccount }) {
  const { t } = useTranslation();
  return (
    <header className="site-header" data-testid="console-header">
      <ShellSprite />
      <a href="#main" className="skip-link">
        {t("common.nav.skipToContent")}
      </a>
      <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 whitespace-nowrap" aria-label={t("common.nav.homeLogo")}>
          <Logo />
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <LanguageSwitcher />
          <AccountActions layout="bar" user={user} />
        </div>
      </div>
    </header>
  );
}
