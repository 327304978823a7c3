import { useTranslation } from "~/lib/use-translation";
import { Form, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/** What the top bar needs of the signed-in user (the root loader passes it down). */
export interface HeaderUser {
  avatarUrl: string | null;
}

/**
 * Who the header shows: a member, nobody (null), or not known yet ("pending": the member shell of
 * /profile, ADR 0031, until the page's data arrive; neither Get Started nor a member's links).
 */
export type HeaderAccount = HeaderUser | null | "pending";

/**
 * The account part of the top bar and mobile menu (spec §2): signed in, Profile and Logout
 * (a POST form, so it works before JavaScript loads); signed out, Get Started.
 */
export function AccountActions({ layout, user }: { layout: "bar" | "menu"; user: HeaderAccount }) {
  const { t } = useTranslation();
  const size = layout === "bar" ? "sm" : "default";
  const full = layout === "menu" ? "w-full" : undefined;
  if (user === "pending") {
    // The room of Profile + Logout, so nothing moves when they come.
    return <span aria-hidden data-testid="account-pending" className={layout === "bar" ? "inline-block h-9 w-44" : "block h-[5.5rem]"} />;
  }
  if (user) {
    return (
      <div className={layout === "menu" ? "grid gap-2" : "flex items-center gap-2"}>
        {/* NavLink marks it aria-current="page" on /profile: the active link is highlighted (spec §2). */}
        <Button asChild size={size} variant="outline" className={full ? "profile-link w-full" : "profile-link"}>
          <NavLink to="/profile">
            {user.avatarUrl ? <img src={user.avatarUrl} alt="" className="size-5 rounded-full object-cover" /> : <Icon name="user-round" />}
            {t("common.nav.profile")}
          </NavLink>
        </Button>
        <Form method="post" action="/logout" reloadDocument className={full}>
          <Button type="submit" size={size} variant="ghost" className={full}>
            <Icon name="log-out" />
            {t("common.nav.logout")}
          </Button>
        </Form>
      </div>
    );
  }
  return (
    <Button asChild size={size} className={full ? "get-started w-full" : "get-started"}>
      <NavLink to="/auth">{t("common.nav.getStarted")}</NavLink>
    </Button>
  );
}
