import { describe, expect, it } from "vitest";
import { cartTotals } from "./cart-store";
import { displayLine } from "./catalogue";
import { formatPrice, formatShippingThreshold } from "./format";

const nbsp = (text: string) => text.replace(/\u00a0/g, " ");

describe("prices per language and currency", () => {
  it("formats like en-US, de-DE and es-ES", () => {
    expect(formatPrice({ amount: "1234.5", currencyCode: "USD" }, "en")).toBe("$1,234.50");
    expect(nbsp(formatPrice({ amount: "1234.5", currencyCode: "EUR" }, "de"))).toBe("1.234,50 €");
    expect(nbsp(formatPrice({ amount: "1234.5", currencyCode: "EUR" }, "es"))).toBe("1234,50 €");
    expect(nbsp(formatPrice({ amount: "29", currencyCode: "EUR" }, "en"))).toBe("€29.00");
    expect(formatPrice({ amount: 12.3, currencyCode: "USD" }, "en")).toBe("$12.30");
  });

  it("shows the free-shipping threshold as $50 in English and 50 € in German and Spanish", () => {
    expect(formatShippingThreshold("en")).toBe("$50");
    expect(nbsp(formatShippingThreshold("de"))).toBe("50 €");
    expect(nbsp(formatShippingThreshold("es"))).toBe("50 €");
  });

  it("sums cart lines per currency and shows demo products in the page's language", () => {
    const line = {
      merchandiseId: "catalogue:enamel-mug",
      quantity: 3,
      title: "Enamel Coffee Mug",
      price: { amount: "16.00", currencyCode: "USD" },
      image: null,
    };
    expect(
      cartTotals([line, { ...line, merchandiseId: "catalogue:desk-mat", quantity: 1, price: { amount: "35.00", currencyCode: "USD" } }]),
    ).toEqual([{ amount: 83, currencyCode: "USD" }]);
    expect(displayLine(line, "de")).toMatchObject({ title: "Emaille-Kaffeebecher", price: { amount: "15.00", currencyCode: "EUR" } });
    const storeLine = { ...line, merchandiseId: "gid://shopify/ProductVariant/1" };
    expect(displayLine(storeLine, "de")).toEqual(storeLine);
  });
});
