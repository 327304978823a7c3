import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";

const BADGE_CLASS =
  "absolute -right-1 -top-1 min-w-5 rounded-full bg-accent px-1.5 text-center text-xs font-semibold leading-5 text-accent-foreground";

/**
 * The cart link of the top bar and the mobile menu. React renders it as constants (the label of an
 * empty cart, an empty hidden badge); the shell script (app/shell/cart-badge.ts, ADR 0051) writes
 * the count and the label from the cart in localStorage, with or without React. `data-label-*` are
 * the label's plural forms ("#" for the number). `hideWhenEmpty` (no store connected, issue 27): the
 * link is rendered hidden and the shell script shows it once something is in the cart.
 */
export function CartButton({ layout, hideWhenEmpty = false }: { layout: "bar" | "mobile"; hideWhenEmpty?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/shop/cart"
      aria-label={t("common.nav.cartLabel", { count: 0 })}
      data-testid={`cart-button-${layout}`}
      data-cart-link=""
      data-cart-hide-empty={hideWhenEmpty ? "" : undefined}
      hidden={hideWhenEmpty || undefined}
      // A string count skips the translator's plural choice: the key's own form, with "#" for the number.
      data-label-one={t("common.nav.cartLabel_one", { count: "#" })}
      data-label-other={t("common.nav.cartLabel_other", { count: "#" })}
      // `.cart-link` (app.css): one class in place of the utilities, in the header on every page (ADR 0034).
      className={layout === "bar" ? "cart-link size-9" : "cart-link size-11"}
      suppressHydrationWarning
    >
      <Icon name="shopping-cart" className="size-5" />
      {/* An empty string child: React sets the text only when it changes, which it never does. */}
      <span data-testid="cart-count" className={BADGE_CLASS} hidden suppressHydrationWarning>
        {""}
      </span>
    </Link>
  );
}
