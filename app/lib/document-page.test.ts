import { describe, expect, it } from "vitest";
import { DOCUMENT_PAGE, HYDRATE_ON_USE, pageModeOf } from "./document-page";

describe("pageModeOf", () => {
  const root = { handle: undefined };
  it("sends a page without a flag hydrated", () => {
    expect(pageModeOf([root, { handle: { i18n: ["shop"] } }], null)).toBe("hydrate");
  });
  it("sends a route with hydrate: false as a document", () => {
    expect(pageModeOf([root, { handle: { i18n: ["about"], ...DOCUMENT_PAGE } }], null)).toBe("document");
  });
  it("holds React back until first use for hydrate: 'on-use'", () => {
    expect(pageModeOf([root, { handle: { i18n: ["contact"], ...HYDRATE_ON_USE } }], undefined)).toBe("on-use");
  });
  it("hydrates any page that shows the account notice (its buttons answer in place)", () => {
    expect(pageModeOf([root, { handle: DOCUMENT_PAGE }], { kind: "pending", email: "a@example.com" })).toBe("hydrate");
    expect(pageModeOf([root, { handle: HYDRATE_ON_USE }], { kind: "confirmed" })).toBe("hydrate");
  });
});
