import type { FileType } from "~/db/schema";
import type { MediaCardView } from "./media-types";

/**
 * The list in the first HTML of `/media` without saying things twice (ADR 0036). A card's title, its
 * text and its preview URL (a signed URL, ~110 bytes) are in the card's markup; the page's hydration
 * data used to carry them again. For a page request the loader now sends only what the markup does not
 * show exactly, packed into one short string (`packCards`); the browser reads the rest back from the
 * cards it hydrates (`readCardMarkup` in media-card.tsx) and joins both (`unpackCards`). Data requests
 * (client navigation, "Load more") carry whole card views: there is no markup to read.
 *
 * One card per `~`-separated entry, its fields separated by `|`, in this order (empty = absent;
 * trailing empty fields left out):
 *
 *   id | fileType | language | createdAt (the day, as days since 1970)  | flags (`f` has a file, `a` AI-generated) | fileExtension |
 *   mimeType | fileSize | durationMs | downloadCount | serviceKind | endpoint | title | description | previewUrl
 *
 * The last three are empty when the markup shows them (the usual case) and carry the value when it
 * cannot: text the HTML parser changes (carriage returns, NUL, lone surrogates), or a preview URL the
 * card does not display. `%`, `|` and `~` inside a value are percent-escaped.
 */
const CARD_SEPARATOR = "~";
const FIELD_SEPARATOR = "|";

/** What a card's markup shows of an item exactly, as the browser reads it back (see media-card.tsx). */
export interface CardMarkup {
  title: string;
  description?: string;
  previewUrl?: string;
}

/** Whether the card shows this preview URL in its markup (an image or PDF page `<img>`, a `<video>`). */
export function cardShowsPreview(card: Pick<MediaCardView, "fileType" | "previewUrl">): boolean {
  return Boolean(card.previewUrl) && (card.fileType === "image" || card.fileType === "pdf" || card.fileType === "video");
}

/** Text the HTML parser gives back unchanged as a text node's `textContent`. */
export function survivesMarkup(text: string): boolean {
  // A carriage return becomes a line feed, NUL a replacement character, and so does a lone surrogate when sent as UTF-8.
  return !/[\r\0]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** "2026-11-23" as "20415" (days since 1970); anything else as it is (with a dash, so never all digits). */
const packDay = (day: string) => (DAY.test(day) ? String(Date.parse(`${day}T00:00:00Z`) / DAY_MS) : escapeValue(day));
const unpackDay = (packed: string) => (/^\d+$/.test(packed) ? new Date(Number(packed) * DAY_MS).toISOString().slice(0, 10) : packed);

const escapeValue = (value: string) => value.replace(/[%|~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
const unescapeValue = (value: string) => value.replace(/%(25|7C|7E)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function packCard(card: MediaCardView): string {
  const text = (value: string | undefined) => (value === undefined ? "" : escapeValue(value));
  const number = (value: number | undefined) => (value === undefined ? "" : String(value));
  const fields = [
    text(card.id),
    card.fileType,
    text(card.language),
    packDay(card.createdAt),
    `${card.hasFile ? "f" : ""}${card.aiGenerated ? "a" : ""}`,
    text(card.fileExtension),
    text(card.mimeType),
    number(card.fileSize),
    number(card.durationMs),
    number(card.downloadCount),
    text(card.serviceKind),
    text(card.endpoint),
    survivesMarkup(card.title) ? "" : text(card.title),
    card.description === undefined || survivesMarkup(card.description) ? "" : text(card.description),
    card.previewUrl === undefined || cardShowsPreview(card) ? "" : text(card.previewUrl),
  ];
  while (fields.length > 0 && fields[fields.length - 1] === "") fields.pop();
  return fields.join(FIELD_SEPARATOR);
}

/** The list's cards for a page request: what their markup does not show, in their order. */
export function packCards(cards: readonly MediaCardView[]): string {
  return cards.map(packCard).join(CARD_SEPARATOR);
}

/** How many cards a packed list holds. */
export function packedCount(packed: string): number {
  return packed === "" ? 0 : packed.split(CARD_SEPARATOR).length;
}

/**
 * The card views again, from the packed list and what the cards' markup shows, in the same order.
 * Undefined when the markup does not hold a card for every entry (then the page loads its data anew).
 */
export function unpackCards(packed: string, markups: readonly CardMarkup[]): MediaCardView[] | undefined {
  if (packed === "") return [];
  const entries = packed.split(CARD_SEPARATOR);
  if (markups.length < entries.length) return undefined;
  return entries.map((entry, index) => {
    const [
      id,
      fileType,
      language,
      createdAt,
      flags,
      fileExtension,
      mimeType,
      fileSize,
      durationMs,
      downloadCount,
      serviceKind,
      endpoint,
      title,
      description,
      previewUrl,
    ] = entry.split(FIELD_SEPARATOR).map(unescapeValue);
    const markup = markups[index];
    const card: MediaCardView = {
      id: id ?? "",
      title: title || markup.title,
      fileType: fileType as FileType,
      language: language ?? "",
      createdAt: unpackDay(createdAt ?? ""),
    };
    const optional: Partial<MediaCardView> = {
      description: description || markup.description,
      hasFile: flags?.includes("f") || undefined,
      fileExtension: fileExtension || undefined,
      mimeType: mimeType || undefined,
      fileSize: fileSize ? Number(fileSize) : undefined,
      downloadCount: downloadCount ? Number(downloadCount) : undefined,
      aiGenerated: flags?.includes("a") || undefined,
      durationMs: durationMs ? Number(durationMs) : undefined,
      serviceKind: serviceKind || undefined,
      endpoint: endpoint || undefined,
      previewUrl: previewUrl || markup.previewUrl,
    };
    for (const [key, value] of Object.entries(optional)) if (value !== undefined) (card as Record<string, unknown>)[key] = value;
    return card;
  });
}
