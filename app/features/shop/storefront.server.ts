import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { SHOP_PAGE_SIZE, type ProductPage, type ProductQuery, type ShopCategory, type ShopProduct } from "./types";

/**
 * Shopify Storefront API client (GraphQL, version 2025-01). Used when SHOPIFY_STORE_DOMAIN and
 * SHOPIFY_STOREFRONT_TOKEN are set; otherwise the shop shows the demo catalogue (ADR 0010).
 * Category mapping: the four categories filter by product type; "new" by the tag `new`.
 */
export const STOREFRONT_API_VERSION = "2025-01";
const TIMEOUT_MS = 10_000;

export interface StorefrontConfig {
  endpoint: string;
  token: string;
}

export function storefrontConfig(): StorefrontConfig | null {
  const env = getEnv();
  if (!env.SHOPIFY_STORE_DOMAIN || !env.SHOPIFY_STOREFRONT_TOKEN) return null;
  return {
    endpoint: `${env.SHOPIFY_PROTOCOL}://${env.SHOPIFY_STORE_DOMAIN}/api/${STOREFRONT_API_VERSION}/graphql.json`,
    token: env.SHOPIFY_STOREFRONT_TOKEN,
  };
}

export class StorefrontError extends Error {
  override name = "StorefrontError";
}

async function storefrontRequest<T>(config: StorefrontConfig, query: string, variables: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(config.endpoint, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-Shopify-Storefront-Access-Token": config.token,
      },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new StorefrontError(`Storefront API unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new StorefrontError(`Storefront API answered ${response.status}`);
  const body = (await response.json().catch(() => null)) as { data?: T; errors?: Array<{ message: string }> } | null;
  if (!body || body.errors?.length || !body.data) {
    throw new StorefrontError(`Storefront API error: ${body?.errors?.map((e) => e.message).join("; ") ?? "no data"}`);
  }
  return body.data;
}

export const PRODUCTS_QUERY = `query ShopProducts($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) {
    pageInfo { hasNextPage endCursor }
    nodes {
      handle
      title
      description
      productType
      tags
      featuredImage { url altText width height }
      variants(first: 1) { nodes { id availableForSale price { amount currencyCode } } }
    }
  }
}`;

export const CART_CREATE_MUTATION = `mutation ShopCartCreate($input: CartInput!) {
  cartCreate(input: $input) {
    cart { id checkoutUrl }
    userErrors { field message }
  }
}`;

const PRODUCT_TYPES: Record<Exclude<ShopCategory, "all" | "new">, string> = {
  electronics: "Electronics",
  accessories: "Accessories",
  lifestyle: "Lifestyle",
  workspace: "Workspace",
};

/** The Storefront search query of a category tab (null: every product). */
export function storefrontFilter(category: ShopCategory): string | null {
  if (category === "all") return null;
  if (category === "new") return "tag:new";
  return `product_type:'${PRODUCT_TYPES[category]}'`;
}

interface StorefrontProductNode {
  handle: string;
  title: string;
  description: string;
  tags: string[];
  featuredImage: { url: string; altText: string | null; width: number | null; height: number | null } | null;
  variants: { nodes: Array<{ id: string; availableForSale: boolean; price: { amount: string; currencyCode: string } }> };
}

export async function fetchStorefrontProducts(
  config: StorefrontConfig,
  { category, after, first = SHOP_PAGE_SIZE }: ProductQuery,
): Promise<ProductPage> {
  const data = await storefrontRequest<{
    products: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: StorefrontProductNode[] };
  }>(config, PRODUCTS_QUERY, { first, after, query: storefrontFilter(category) });
  const products: ShopProduct[] = [];
  for (const node of data.products.nodes) {
    const variant = node.variants.nodes[0];
    if (!variant) continue;
    products.push({
      merchandiseId: variant.id,
      handle: node.handle,
      title: node.title,
      description: node.description,
      price: variant.price,
      image: node.featuredImage
        ? {
            url: node.featuredImage.url,
            alt: node.featuredImage.altText ?? node.title,
            width: node.featuredImage.width ?? 480,
            height: node.featuredImage.height ?? 480,
          }
        : null,
      isNew: node.tags.includes("new"),
      availableForSale: variant.availableForSale,
    });
  }
  const { hasNextPage, endCursor } = data.products.pageInfo;
  return { products, nextCursor: hasNextPage && endCursor ? endCursor : null };
}

export interface CartLineInput {
  merchandiseId: string;
  quantity: number;
}

/** Creates a Storefront cart with the lines and returns the store's checkout URL. */
export async function createStorefrontCheckout(config: StorefrontConfig, lines: CartLineInput[]): Promise<string> {
  const data = await storefrontRequest<{
    cartCreate: { cart: { id: string; checkoutUrl: string } | null; userErrors: Array<{ field: string[] | null; message: string }> };
  }>(config, CART_CREATE_MUTATION, { input: { lines } });
  const { cart, userErrors } = data.cartCreate;
  if (userErrors.length || !cart) {
    logger.warn(`Storefront cartCreate refused the cart: ${JSON.stringify(userErrors)}`);
    throw new StorefrontError(`cartCreate: ${userErrors.map((e) => e.message).join("; ") || "no cart"}`);
  }
  return cart.checkoutUrl;
}
