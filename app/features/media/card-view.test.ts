import { describe, expect, it } from "vitest";
import { LOGO_PACK } from "../../../tests/helpers/sample-media";
import { EMPTY_MEDIA_ITEM, fromCardView, toCardView, type MediaItemView } from "./media-types";

const item: MediaItemView = {
  ...LOGO_PACK,
  // Shown on an English page: the German item has no English title yet.
  titleLanguage: "de",
  descriptionLanguage: "de",
  altText: "Das Zeichen auf weißem Grund",
  altTextLanguage: "de",
  fileType: "services",
  version: "2.0",
  widthPx: 1024,
  heightPx: 768,
  durationMs: null,
  pages: 3,
  sheetType: null,
  serviceKind: "REST",
  endpoint: "https://api.example.org",
  externalLinks: { docs: "https://example.org/docs" },
  creator: { name: "IP Angel" } as MediaItemView["creator"],
  source: { name: "In-house" } as MediaItemView["source"],
  license: { name: "CC BY 4.0" } as MediaItemView["license"],
  attribution: { text: "Logo pack by IP Angel" } as MediaItemView["attribution"],
  createdAt: "2026-11-01T23:30:00.000Z",
  previewUrl: "/files/preview?sig=1",
  picture: { v: "mb2x", w: [480, 960] },
};

describe("toCardView", () => {
  it("keeps what a card shows and uses, and leaves the dialog's details for when it opens", () => {
    const card = fromCardView(toCardView(item));
    // The card: title, text, badges, size, AI label, preview, download, a service's kind and endpoint.
    for (const key of [
      "id",
      "title",
      "titleLanguage",
      "description",
      "descriptionLanguage",
      "fileType",
      "hasFile",
      "fileExtension",
      "mimeType",
      "fileSize",
    ] as const) {
      expect(card[key]).toEqual(item[key]);
    }
    // The dialog shows the date and the download count until the whole item is loaded.
    for (const key of [
      "language",
      "aiGenerated",
      "serviceKind",
      "endpoint",
      "previewUrl",
      "picture",
      "durationMs",
      "downloadCount",
    ] as const) {
      expect(card[key]).toEqual(item[key]);
    }
    // The day the dialog shows (in UTC), without the time of day it does not show.
    expect(card.createdAt).toBe("2026-11-01");
    const day = { dateStyle: "medium", timeZone: "UTC" } as const;
    expect(new Date(card.createdAt).toLocaleDateString("de-DE", day)).toBe(new Date(item.createdAt).toLocaleDateString("de-DE", day));
    // Only the dialog shows these (it gets the whole item as the page's `selected`).
    expect(card).toMatchObject({
      creator: null,
      source: null,
      attribution: null,
      version: null,
      pages: null,
      altText: null,
    });
    expect(card.externalLinks).toEqual({});
    expect(JSON.stringify(toCardView(item)).length).toBeLessThan(JSON.stringify(item).length);
  });

  it("names the licence on the card by its SPDX id, else its name; the dialog gets the whole licence", () => {
    expect(toCardView(item).licenseLabel).toBe("CC BY 4.0");
    expect(fromCardView(toCardView(item)).license).toEqual({ name: "CC BY 4.0" });
    const spdx = { ...item, license: { name: "Creative Commons Attribution 4.0 International", spdx_id: "CC-BY-4.0", url: "https://x" } };
    expect(toCardView(spdx).licenseLabel).toBe("CC-BY-4.0");
    expect(toCardView({ ...item, license: null }).licenseLabel).toBeUndefined();
    expect(fromCardView(toCardView({ ...item, license: null })).license).toBeNull();
  });

  it("sends no empty fields, and the browser reads them back as empty", () => {
    // An item that has nothing but what every item has: every other field empty.
    const sparse: MediaItemView = { ...item, ...EMPTY_MEDIA_ITEM, fileType: "image" };
    for (const value of Object.values(EMPTY_MEDIA_ITEM))
      expect([null, false, 0, "{}"]).toContain(value === null || typeof value !== "object" ? value : JSON.stringify(value));
    const sent = toCardView(sparse);
    expect(Object.keys(sent).sort()).toEqual(["createdAt", "fileType", "id", "language", "title"]);
    expect(fromCardView(sent)).toEqual({ ...sparse, createdAt: "2026-11-01" });
    // The whole item has every field (the dialog reads each of them).
    expect(Object.keys(fromCardView(sent)).sort()).toEqual(Object.keys(item).sort());
    // A size of zero bytes is a size: the card shows it.
    expect(fromCardView(toCardView({ ...sparse, fileSize: 0 })).fileSize).toBe(0);
  });
});
