import { AccountActions, type HeaderAccount } from "./account-actions";
import { LanguageSwitcher } from "./language-switcher";
import { HeaderStart, HomeLogoLink } from "./site-header";

/**
 * The console's own top bar (issue 27): the logo back to the site, the language and the account,
 * no marketing navigation, cart or footer. It wraps instead of growing sideways on a phone.
 */
export function ConsoleHeader({ user }: { user: HeaderAccount }) {
  return (
    <header className="site-header" data-testid="console-header">
      <HeaderStart />
      <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <HomeLogoLink />
        <div className="flex flex-wrap items-center gap-2">
          <LanguageSwitcher />
          <AccountActions layout="bar" user={user} />
        </div>
      </div>
    </header>
  );
}
