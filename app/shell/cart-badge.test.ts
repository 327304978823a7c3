import { describe, expect, it } from "vitest";
import { cartCount } from "./cart-badge";

describe("cartCount", () => {
  it("adds the quantities of the stored lines, each at most the line maximum", () => {
    const lines = [
      { merchandiseId: "a", quantity: 2 },
      { merchandiseId: "b", quantity: 150 },
    ];
    expect(cartCount(JSON.stringify(lines), 99)).toBe(101);
  });

  it("counts nothing for no cart, broken JSON or something other than a list", () => {
    expect(cartCount(null, 99)).toBe(0);
    expect(cartCount("{", 99)).toBe(0);
    expect(cartCount('{"merchandiseId":"a","quantity":1}', 99)).toBe(0);
  });

  it("skips lines without an id or with a quantity that is not a positive whole number", () => {
    const lines = [
      null,
      { quantity: 3 },
      { merchandiseId: "a", quantity: 0 },
      { merchandiseId: "b", quantity: 1.5 },
      { merchandiseId: "c", quantity: 1 },
    ];
    expect(cartCount(JSON.stringify(lines), 99)).toBe(1);
  });
});
