/** The site's settings the shell script needs, given to it as JSON in its `data-config` attribute (root.tsx). */
export interface ShellConfig {
  languages: readonly string[];
  languageStorageKey: string;
  languageCookie: string;
  languageCookieMaxAgeS: number;
  cartStorageKey: string;
  cartMaxLineQuantity: number;
  revealStaggerMs: number;
  revealThreshold: number;
}

/** The DOM event features/shop/cart-store.ts sends when this tab changes the cart (other tabs send `storage`). */
export const CART_CHANGE_EVENT = "cart-change";
