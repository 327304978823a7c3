import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getEnv, parseEnv, setEnvForTesting, type Env } from "~/lib/env.server";
import { startFakeStorefront, type FakeProduct, type FakeStorefront } from "../../../tests/fakes/shopify-storefront";
import { action as cartAction, loader as cartLoader } from "~/routes/shop.cart";
import { loader as shopLoader } from "~/routes/shop";
import { startCheckout } from "./checkout.server";
import { loadProducts } from "./products.server";
import { fetchStorefrontProducts, storefrontConfig, StorefrontError } from "./storefront.server";

const types = ["Electronics", "Accessories", "Lifestyle", "Workspace"];
const products: FakeProduct[] = Array.from({ length: 11 }, (_, index) => ({
  handle: `product-${index}`,
  title: `Product ${index}`,
  productType: types[index % 4]!,
  tags: index % 3 === 0 ? ["new"] : [],
  variantId: `gid://shopify/ProductVariant/${1000 + index}`,
  price: `${10 + index}.50`,
  currencyCode: "EUR",
}));

let fake: FakeStorefront;
let baseline: Env;

function configure(overrides: Record<string, string> = {}) {
  setEnvForTesting(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: baseline.DATA_DIR,
      DATABASE_URL: baseline.DATABASE_URL,
      LOG_LEVEL: "error",
      SHOPIFY_STORE_DOMAIN: fake.host,
      SHOPIFY_STOREFRONT_TOKEN: fake.token,
      SHOPIFY_PROTOCOL: "http",
      ...overrides,
    }),
  );
}

beforeAll(async () => {
  baseline = getEnv();
  fake = await startFakeStorefront({ products });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  configure();
});

afterEach(() => {
  setEnvForTesting(baseline);
});

describe("Storefront client against a fake Storefront API", () => {
  it("is off without a store domain and token, on with both", () => {
    setEnvForTesting(baseline);
    expect(storefrontConfig()).toBeNull();
    configure();
    expect(storefrontConfig()).toEqual({ endpoint: `http://${fake.host}/api/2025-01/graphql.json`, token: fake.token });
  });

  it("sends the products query with the token header, first/after and the product-type filter", async () => {
    const config = storefrontConfig()!;
    const first = await fetchStorefrontProducts(config, { category: "electronics", after: null, language: "en", first: 2 });
    expect(first.products.map((product) => product.handle)).toEqual(["product-0", "product-4"]);
    expect(first.nextCursor).not.toBeNull();
    expect(first.products[0]).toMatchObject({
      merchandiseId: "gid://shopify/ProductVariant/1000",
      price: { amount: "10.50", currencyCode: "EUR" },
      isNew: true,
      image: { width: 600, height: 600 },
    });

    const second = await fetchStorefrontProducts(config, { category: "electronics", after: first.nextCursor, language: "en", first: 2 });
    expect(second.products.map((product) => product.handle)).toEqual(["product-8"]);
    expect(second.nextCursor).toBeNull();

    const [request, next] = fake.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/api/2025-01/graphql.json");
    expect(request!.headers["x-shopify-storefront-access-token"]).toBe(fake.token);
    expect(request!.headers["content-type"]).toMatch(/application\/json/);
    expect(request!.query).toMatch(/products\(first: \$first, after: \$after, query: \$query/);
    expect(request!.variables).toEqual({ first: 2, after: null, query: "product_type:'Electronics'" });
    expect(next!.variables).toEqual({ first: 2, after: first.nextCursor, query: "product_type:'Electronics'" });
  });

  it("filters New Arrivals by the tag new and All Products not at all, 8 per page", async () => {
    const config = storefrontConfig()!;
    const fresh = await fetchStorefrontProducts(config, { category: "new", after: null, language: "de" });
    expect(fresh.products.map((product) => product.handle)).toEqual(["product-0", "product-3", "product-6", "product-9"]);
    expect(fake.requests[0]!.variables).toEqual({ first: 8, after: null, query: "tag:new" });

    const all = await loadProducts({ category: "all", after: null, language: "en" });
    expect(all.source).toBe("storefront");
    expect(all.products).toHaveLength(8);
    expect(fake.requests[1]!.variables).toEqual({ first: 8, after: null, query: null });
  });

  it("reports a refused token as an error, and the shop shows 'unavailable' instead of a crash", async () => {
    configure({ SHOPIFY_STOREFRONT_TOKEN: "wrong-token" });
    await expect(fetchStorefrontProducts(storefrontConfig()!, { category: "all", after: null, language: "en" })).rejects.toBeInstanceOf(
      StorefrontError,
    );
    const page = await loadProducts({ category: "all", after: null, language: "en" });
    expect(page).toMatchObject({ products: [], nextCursor: null, unavailable: true });
  });

  it("hands the cart to the store with a cartCreate mutation and returns its checkout URL", async () => {
    const form = new FormData();
    form.set(
      "lines",
      JSON.stringify([
        { merchandiseId: products[1]!.variantId, quantity: 2 },
        { merchandiseId: products[5]!.variantId, quantity: 1 },
      ]),
    );
    const result = await startCheckout(form);
    expect(result).toEqual({ url: fake.carts[0]!.checkoutUrl });
    const request = fake.requests.at(-1)!;
    expect(request.headers["x-shopify-storefront-access-token"]).toBe(fake.token);
    expect(request.query).toMatch(/mutation[\s\S]*cartCreate\(input: \$input\)[\s\S]*checkoutUrl/);
    expect(request.variables).toEqual({
      input: {
        lines: [
          { merchandiseId: products[1]!.variantId, quantity: 2 },
          { merchandiseId: products[5]!.variantId, quantity: 1 },
        ],
      },
    });
  });

  it("refuses bad carts without calling the store, and reports the store's refusal as failed", async () => {
    for (const lines of [
      "not json",
      "[]",
      JSON.stringify([{ merchandiseId: "x", quantity: 0 }]),
      JSON.stringify([{ merchandiseId: "catalogue:desk-mat", quantity: 1 }]),
    ]) {
      const form = new FormData();
      form.set("lines", lines);
      expect(await startCheckout(form)).toEqual({ error: "invalid" });
    }
    expect(fake.requests).toHaveLength(0);

    const form = new FormData();
    form.set("lines", JSON.stringify([{ merchandiseId: "gid://shopify/ProductVariant/999999", quantity: 1 }]));
    expect(await startCheckout(form)).toEqual({ error: "failed" });
  });

  it("says checkout is not configured when no store is configured", async () => {
    setEnvForTesting(baseline);
    const form = new FormData();
    form.set("lines", JSON.stringify([{ merchandiseId: "catalogue:desk-mat", quantity: 1 }]));
    expect(await startCheckout(form)).toEqual({ error: "notConfigured" });
  });

  it("routes: /shop loads the store's products for a tab, /shop/cart redirects to the store's checkout", async () => {
    const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
    const page = await shopLoader(args(new Request("http://localhost/shop?category=lifestyle")));
    expect(page).toMatchObject({ category: "lifestyle", source: "storefront", unavailable: false });
    expect(page.open && page.products.map((product) => product.handle)).toEqual(["product-2", "product-6", "product-10"]);
    expect(fake.requests.at(-1)!.variables).toMatchObject({ query: "product_type:'Lifestyle'" });

    expect(await cartLoader(args(new Request("http://localhost/shop/cart")))).toMatchObject({ checkoutConfigured: true });
    const form = new URLSearchParams({ lines: JSON.stringify([{ merchandiseId: products[2]!.variantId, quantity: 3 }]) });
    const thrown = await cartAction(args(new Request("http://localhost/shop/cart", { method: "POST", body: form }))).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe(fake.carts.at(-1)!.checkoutUrl);
  });
});
