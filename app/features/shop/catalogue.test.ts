import { describe, expect, it } from "vitest";
import { CATALOGUE, findCatalogueProduct, listCatalogueProducts } from "./catalogue";
import { loadProducts } from "./products.server";
import { SHOP_CATEGORIES, SHOP_PAGE_SIZE } from "./types";
import fs from "node:fs";
import path from "node:path";

describe("demo catalogue", () => {
  it("pages All Products by offset, 8 at a time, until every product was shown once", () => {
    const first = listCatalogueProducts({ category: "all", after: null, language: "en" });
    expect(first.products).toHaveLength(SHOP_PAGE_SIZE);
    expect(first.nextCursor).toBe("8");
    const second = listCatalogueProducts({ category: "all", after: first.nextCursor, language: "en" });
    const handles = [...first.products, ...second.products].map((product) => product.handle);
    expect(new Set(handles).size).toBe(CATALOGUE.length);
    expect(second.nextCursor).toBeNull();
  });

  it("filters by category and by 'new', and every category has products", () => {
    for (const category of SHOP_CATEGORIES) {
      expect(listCatalogueProducts({ category, after: null, language: "en" }).products.length).toBeGreaterThan(0);
    }
    const electronics = listCatalogueProducts({ category: "electronics", after: null, language: "en" });
    expect(electronics.products.map((product) => product.handle)).toEqual(
      CATALOGUE.filter((entry) => entry.category === "electronics").map((entry) => entry.handle),
    );
    expect(electronics.nextCursor).toBeNull();
    const fresh = listCatalogueProducts({ category: "new", after: null, language: "en" });
    expect(fresh.products.every((product) => product.isNew)).toBe(true);
  });

  it("ignores a nonsense cursor instead of failing", () => {
    expect(listCatalogueProducts({ category: "all", after: "abc", language: "en" }).products[0]!.handle).toBe(CATALOGUE[0]!.handle);
    expect(listCatalogueProducts({ category: "all", after: "-5", language: "en" }).products).toHaveLength(8);
    expect(listCatalogueProducts({ category: "all", after: "1000", language: "en" })).toEqual({ products: [], nextCursor: null });
  });

  it("speaks the page's language and currency: USD in English, EUR in German and Spanish", () => {
    expect(findCatalogueProduct("catalogue:studio-headphones", "en")).toMatchObject({
      title: "Studio Headphones",
      price: { amount: "149.00", currencyCode: "USD" },
    });
    expect(findCatalogueProduct("catalogue:studio-headphones", "de")).toMatchObject({
      title: "Studio-Kopfhörer",
      price: { amount: "139.00", currencyCode: "EUR" },
    });
    expect(findCatalogueProduct("catalogue:studio-headphones", "es")!.title).toBe("Auriculares de estudio");
    expect(findCatalogueProduct("catalogue:nope", "en")).toBeNull();
    expect(findCatalogueProduct("gid://shopify/ProductVariant/1", "en")).toBeNull();
  });

  it("has our own image for every product", () => {
    for (const entry of CATALOGUE) {
      expect(fs.existsSync(path.resolve("public/images/shop", `${entry.handle}.webp`)), entry.handle).toBe(true);
    }
  });

  it("is the source when no store is configured", async () => {
    const page = await loadProducts({ category: "all", after: null, language: "en" });
    expect(page.source).toBe("catalogue");
    expect(page.products).toHaveLength(8);
  });
});
