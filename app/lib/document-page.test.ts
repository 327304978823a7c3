import { describe, expect, it } from "vitest";
import { DEFERRED_HYDRATION_MARKER, DOCUMENT_PAGE, HYDRATE_ON_INTERACTION, HYDRATE_ON_USE, pageModeOf } from "./document-page";

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
  it("holds React back until the first sign of use for hydrate: 'on-interaction'", () => {
    expect(pageModeOf([root, { handle: { i18n: ["media"], ...HYDRATE_ON_INTERACTION } }], undefined)).toBe("on-interaction");
    expect(pageModeOf([root, { handle: HYDRATE_ON_INTERACTION }], { kind: "pending", email: "a@example.com" })).toBe("hydrate");
  });
  it("finds the marker of either kind and says which", () => {
    expect(DEFERRED_HYDRATION_MARKER.exec('<div></div><template data-deferred-hydration=""></template>')?.[1]).toBe("");
    expect(DEFERRED_HYDRATION_MARKER.exec('<template data-deferred-hydration="interaction"></template>')?.[1]).toBe("interaction");
    expect(DEFERRED_HYDRATION_MARKER.exec('<template data-deferred-hydration="other"></template>')).toBeNull();
  });
  it("hydrates any page that shows the account notice (its buttons answer in place)", () => {
    expect(pageModeOf([root, { handle: DOCUMENT_PAGE }], { kind: "pending", email: "a@example.com" })).toBe("hydrate");
    expect(pageModeOf([root, { handle: HYDRATE_ON_USE }], { kind: "confirmed" })).toBe("hydrate");
  });
});
