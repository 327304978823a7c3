import { logger } from "~/lib/logger.server";
import { listCatalogueProducts } from "./catalogue";
import { fetchStorefrontProducts, storefrontConfig } from "./storefront.server";
import type { ProductPage, ProductQuery } from "./types";

export type ProductSource = "storefront" | "catalogue";

/** One page of products from the configured store, or from the demo catalogue. */
export async function loadProducts(query: ProductQuery): Promise<ProductPage & { source: ProductSource; unavailable: boolean }> {
  const config = storefrontConfig();
  if (!config) return { ...listCatalogueProducts(query), source: "catalogue", unavailable: false };
  try {
    return { ...(await fetchStorefrontProducts(config, query)), source: "storefront", unavailable: false };
  } catch (error) {
    logger.error("Loading products from the Storefront API failed", error);
    return { products: [], nextCursor: null, source: "storefront", unavailable: true };
  }
}
