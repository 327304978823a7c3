import { describe, expect, it } from "vitest";
import { LOGO_PACK } from "../../../tests/helpers/sample-media";
import { packCards, packedCount, survivesMarkup, unpackCards, type CardMarkup } from "./card-markup";
import type { MediaCardView } from "./media-types";

const signed = "/files/media-files/items/4f1c/thumb.webp?expires=1795403760&sig=NlTQ-m6QrYaeH5XYFawWb3mi50U4HWMB2kJPaEhrYss";

const cards: MediaCardView[] = [
  { ...LOGO_PACK, description: "The mark in three sizes.\nSVG and PNG.", fileType: "image", createdAt: "2026-11-01", previewUrl: signed },
  {
    id: "7e727f88-ac38-4cc5-ad9e-ee8f2660442e",
    title: "Weather | API ~ 100 % free",
    fileType: "services",
    language: "en",
    createdAt: "2026-10-31",
    serviceKind: "REST|JSON",
    endpoint: "https://api.example.org/~v1?x=%20",
  },
  {
    id: "8188043f-5d62-4560-8731-78bf0adf6a61",
    title: "Empty file",
    fileType: "audio",
    hasFile: true,
    fileSize: 0,
    durationMs: 0,
    language: "",
    createdAt: "2026-10-30",
  },
];

/** What each card's markup shows (media-card.tsx renders it; readCardMarkup reads it back). */
const markupOf = (card: MediaCardView): CardMarkup => ({
  title: card.title,
  ...(card.description === undefined ? {} : { description: card.description }),
  ...(card.previewUrl && ["image", "pdf", "video"].includes(card.fileType) ? { previewUrl: card.previewUrl } : {}),
});

describe("packCards", () => {
  it("sends what the markup does not show, and the browser joins both into the same cards", () => {
    const packed = packCards(cards);
    expect(packedCount(packed)).toBe(3);
    expect(unpackCards(packed, cards.map(markupOf))).toEqual(cards);
  });

  it("does not send a card's title, text or shown preview URL again (the signed URL is in the HTML once)", () => {
    const packed = packCards(cards);
    expect(packed).not.toContain("Logo pack");
    expect(packed).not.toContain("three sizes");
    expect(packed).not.toContain("sig=");
    // The item's id is sent (the card's markup names its title by the card's place in the list).
    expect(packed.startsWith(`${cards[0].id}|image|de|20758|`)).toBe(true);
    // Each card costs its few values: far less than the card view's JSON.
    expect(packed.length).toBeLessThan(JSON.stringify(cards).length / 2);
  });

  it("sends text the HTML parser would change, and a preview URL the card does not show", () => {
    const odd: MediaCardView = {
      id: "c63f51c0-4a70-4bc0-bac2-8ba24b448abd",
      title: "Line one\r\nline two",
      description: "NUL \u0000 here",
      fileType: "audio",
      language: "es",
      createdAt: "2026-01-02",
      previewUrl: signed,
    };
    const packed = packCards([odd]);
    // What the markup would give back: line feeds for the carriage return, no NUL, no preview.
    const markup: CardMarkup = { title: "Line one\nline two", description: "NUL \uFFFD here" };
    expect(unpackCards(packed, [markup])).toEqual([odd]);
    expect(survivesMarkup("Häuser 🏠")).toBe(true);
    expect(survivesMarkup("lone \uD800 surrogate")).toBe(false);
  });

  it("cannot join cards the page does not hold, and an empty list stays empty", () => {
    const packed = packCards(cards);
    expect(unpackCards(packed, cards.slice(0, 2).map(markupOf))).toBeUndefined();
    expect(packCards([])).toBe("");
    expect(unpackCards("", [])).toEqual([]);
  });
});
