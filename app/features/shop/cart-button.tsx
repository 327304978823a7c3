import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { useCartCount } from "./cart-store";

/** The cart link of the top bar and the mobile menu, with the number of items in the cart. */
export function CartButton({ layout }: { layout: "bar" | "mobile" }) {
  const { t } = useTranslation();
  const count = useCartCount();
  return (
    <Link
      to="/shop/cart"
      aria-label={t("common.nav.cartLabel", { count })}
      data-testid={`cart-button-${layout}`}
      // `.cart-link` (app.css): one class in place of the utilities, in the header on every page (ADR 0034).
      className={layout === "bar" ? "cart-link size-9" : "cart-link size-10"}
    >
      <Icon name="shopping-cart" className="size-5" />
      {count > 0 ? (
        <span
          data-testid="cart-count"
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-accent px-1.5 text-center text-xs font-semibold leading-5 text-accent-foreground"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}
