import type { Language } from "~/lib/i18n";

/** The shop's category tabs (issue 6), in their order. `all` shows every product. */
export const SHOP_CATEGORIES = ["all", "electronics", "accessories", "lifestyle", "workspace", "new"] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

export function isShopCategory(value: unknown): value is ShopCategory {
  return typeof value === "string" && (SHOP_CATEGORIES as readonly string[]).includes(value);
}

/** Products per page (first server-rendered page and every "Load More Products"). */
export const SHOP_PAGE_SIZE = 8;

export interface Money {
  /** Decimal string as the Storefront API sends it, e.g. "29.00". */
  amount: string;
  /** ISO 4217, e.g. "USD", "EUR". */
  currencyCode: string;
}

/** One product as the grid and the cart show it, whatever its source. */
export interface ShopProduct {
  /** What the cart adds: a Storefront variant GID, or `catalogue:<handle>`. */
  merchandiseId: string;
  handle: string;
  title: string;
  description: string;
  price: Money;
  image: { url: string; alt: string; width: number; height: number } | null;
  isNew: boolean;
  availableForSale: boolean;
}

export interface ProductPage {
  products: ShopProduct[];
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface ProductQuery {
  category: ShopCategory;
  after: string | null;
  language: Language;
  first?: number;
}

/** The display currency of the demo catalogue per language (spec §9: $ in English, € in German). */
export const CATALOGUE_CURRENCY: Record<Language, "USD" | "EUR"> = { en: "USD", de: "EUR", es: "EUR" };

/** Spec §9: free shipping from this order value (in the language's display currency). */
export const FREE_SHIPPING_THRESHOLD = 50;
