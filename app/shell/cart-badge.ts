import { CART_CHANGE_EVENT, type ShellConfig } from "./config";

/** The number of items in the stored cart (features/shop/cart-store.ts's lines); 0 for anything unreadable. */
export function cartCount(stored: string | null, maxLineQuantity: number): number {
  let lines: unknown;
  try {
    lines = JSON.parse(stored ?? "[]");
  } catch {
    return 0;
  }
  if (!Array.isArray(lines)) return 0;
  let count = 0;
  for (const line of lines as Array<{ merchandiseId?: unknown; quantity?: unknown } | null>) {
    const quantity = line?.quantity;
    if (typeof line?.merchandiseId === "string" && Number.isInteger(quantity) && (quantity as number) > 0) {
      count += Math.min(quantity as number, maxLineQuantity);
    }
  }
  return count;
}

/**
 * The cart link's badge and label (features/shop/cart-button.tsx renders both as constants: an empty,
 * hidden badge and the label's plural forms in `data-label-one/other`, "#" for the number), from the
 * cart in localStorage: on load, when this tab changes the cart and when another tab does. A link
 * marked `data-cart-hide-empty` is shown only while the cart holds something.
 */
export function startCartBadge(config: ShellConfig) {
  const doc = document;
  const show = () => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(config.cartStorageKey);
    } catch {
      // storage disabled: an empty cart
    }
    const count = cartCount(stored, config.cartMaxLineQuantity);
    const plural = new Intl.PluralRules(doc.documentElement.lang || "en").select(count);
    for (const link of Array.from(doc.querySelectorAll<HTMLElement>("a[data-cart-link]"))) {
      const label = (plural === "one" ? link.dataset.labelOne : link.dataset.labelOther) ?? "";
      link.setAttribute("aria-label", label.replace("#", String(count)));
      // Without a connected store the cart is not offered until something is in it.
      if (link.dataset.cartHideEmpty !== undefined) link.hidden = count === 0;
      const badge = link.querySelector<HTMLElement>('[data-testid="cart-count"]');
      if (!badge) continue;
      badge.textContent = String(count);
      badge.hidden = count === 0;
    }
  };
  show();
  addEventListener(CART_CHANGE_EVENT, show);
  addEventListener("storage", (event) => {
    if (event.key === config.cartStorageKey || event.key === null) show();
  });
}
