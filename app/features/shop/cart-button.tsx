import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { useCartCount } from "./cart-store";

/** The number on the cart link (also drawn by the script of document pages, lib/document-script.ts). */
export const CART_BADGE_CLASS =
  "absolute -right-1 -top-1 min-w-5 rounded-full bg-accent px-1.5 text-center text-xs font-semibold leading-5 text-accent-foreground";

/**
 * The cart link of the top bar and the mobile menu, with the number of items in the cart. Its
 * `data-label-*` are the label's plural forms ("#" for the number) for pages without React.
 */
export function CartButton({ layout }: { layout: "bar" | "mobile" }) {
  const { t } = useTranslation();
  const count = useCartCount();
  return (
    <Link
      to="/shop/cart"
      aria-label={t("common.nav.cartLabel", { count })}
      data-testid={`cart-button-${layout}`}
      data-cart-link=""
      // A string count skips the translator's plural choice: the key's own form, with "#" for the number.
      data-label-one={t("common.nav.cartLabel_one", { count: "#" })}
      data-label-other={t("common.nav.cartLabel_other", { count: "#" })}
      // `.cart-link` (app.css): one class in place of the utilities, in the header on every page (ADR 0034).
      className={layout === "bar" ? "cart-link size-9" : "cart-link size-10"}
    >
      <Icon name="shopping-cart" className="size-5" />
      {count > 0 ? (
        <span data-testid="cart-count" className={CART_BADGE_CLASS}>
          {count}
        </span>
      ) : null}
    </Link>
  );
}
