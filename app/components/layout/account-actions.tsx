import { LogOut, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useRootData } from "~/root";

/**
 * The account part of the top bar and mobile menu (spec §2): signed in, Profile and Logout
 * (a POST form, so it works before JavaScript loads); signed out, Get Started.
 */
export function AccountActions({ layout }: { layout: "bar" | "menu" }) {
  const { t } = useTranslation();
  const user = useRootData()?.user;
  const size = layout === "bar" ? "sm" : "default";
  const full = layout === "menu" ? "w-full" : undefined;
  if (user) {
    return (
      <div className={layout === "menu" ? "grid gap-2" : "flex items-center gap-2"}>
        <Button asChild size={size} variant="outline" className={full}>
          <Link to="/profile">
            {user.avatarUrl ? (
              <img src={user.avatarUrl} alt="" className="size-5 rounded-full object-cover" />
            ) : (
              <UserRound aria-hidden />
            )}
            {t("common.nav.profile")}
          </Link>
        </Button>
        <Form method="post" action="/logout" reloadDocument className={full}>
          <Button type="submit" size={size} variant="ghost" className={full}>
            <LogOut aria-hidden />
            {t("common.nav.logout")}
          </Button>
        </Form>
      </div>
    );
  }
  return (
    <Button asChild size={size} className={full}>
      <Link to="/auth">{t("common.nav.getStarted")}</Link>
    </Button>
  );
}
