import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * The account part of the top bar and mobile menu. Signed out: Get Started (spec §2).
 * The accounts feature replaces this with Profile and Logout for signed-in users.
 */
export function AccountActions({ layout }: { layout: "bar" | "menu" }) {
  const { t } = useTranslation();
  return (
    <Button asChild size={layout === "bar" ? "sm" : "default"} className={layout === "menu" ? "w-full" : undefined}>
      <Link to="/auth">{t("common.nav.getStarted")}</Link>
    </Button>
  );
}
