import { ShoppingCart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
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
      className={cn(
        "relative inline-flex items-center gap-2 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground",
        layout === "bar" ? "h-9 w-9 justify-center" : "h-10 w-10 justify-center",
      )}
    >
      <ShoppingCart className="size-5" aria-hidden="true" />
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
