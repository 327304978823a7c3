import type { Attribution, Creator, FileType, License, Source } from "~/db/schema";

/** Spec §9: card previews live an hour; preview and download links a minute. */
export const CARD_PREVIEW_TTL_S = 3600;
export const FILE_URL_TTL_S = 60;
export const PAGE_SIZE = 24;
/** The longest search the library takes (the search field's maxLength; the server cuts longer ones). */
export const SEARCH_MAX = 200;

export type TypeFilter = "all" | "document" | "image" | "video" | "audio" | "services";
export const TYPE_FILTER_OPTIONS: readonly TypeFilter[] = ["all", "document", "image", "video", "audio", "services"];

/** Openverse's license groups (ADR 0069): what the license lets everyone do. */
export type LicenseFilter = "" | "commercial" | "modification";
export const LICENSE_FILTER_OPTIONS: readonly LicenseFilter[] = ["", "commercial", "modification"];
/** The list's order; "relevance" only with a search (without one the list is newest first). */
export type SortOrder = "relevance" | "newest" | "downloads";
export const SORT_OPTIONS: readonly SortOrder[] = ["relevance", "newest", "downloads"];

export interface MediaFilters {
  q: string;
  type: TypeFilter;
  /** A category id, or "" for all categories. (In the page's URL and controls: its slug.) */
  category: string;
  /** An item language ("de"), or "" / absent for all. */
  language?: string;
  /** A license group, or "" / absent for any license. */
  license?: LicenseFilter;
  /** Absent: newest first (the spec's order); relevance is chosen, and only with a search. */
  sort?: SortOrder;
}

/** How many items each filter choice leaves (the other filters applied), counted in the same request. */
export interface MediaFacets {
  type: Partial<Record<TypeFilter, number>>;
  /** By category id ("" = all categories). */
  category: Record<string, number>;
  /** By item language ("" = all languages). */
  language: Record<string, number>;
  license: Record<"" | "commercial" | "modification", number>;
}

export interface CategoryOption {
  id: string;
  name: string;
  /** The category's readable address; its id when the name has no letters to make one. */
  slug?: string;
  /** The language of `name` when it is not the page's (no name in that language yet). */
  lang?: string;
}

/** What the page and the dialog show of an item (no storage paths leave the server). */
export interface MediaItemView {
  id: string;
  /** In the page's language when the item has it there, else in the item's own (ADR 0060). */
  title: string;
  /** The language of `title` when it is not the page's (the item's own, shown as a fallback); null otherwise. */
  titleLanguage: string | null;
  description: string | null;
  descriptionLanguage: string | null;
  /** The picture's alternative text, and its language when it is not the page's. */
  altText: string | null;
  altTextLanguage: string | null;
  fileType: FileType;
  hasFile: boolean;
  fileExtension: string | null;
  mimeType: string | null;
  fileSize: number | null;
  downloadCount: number;
  language: string;
  aiGenerated: boolean;
  version: string | null;
  widthPx: number | null;
  heightPx: number | null;
  durationMs: number | null;
  pages: number | null;
  sheetType: string | null;
  serviceKind: string | null;
  endpoint: string | null;
  externalLinks: Record<string, string>;
  creator: Creator | null;
  source: Source | null;
  license: License | null;
  attribution: Attribution | null;
  createdAt: string;
  /** Signed 3600 s URL: the thumbnail of an image, or the video itself. */
  previewUrl: string | null;
  /** The card's picture (ADR 0093), null without one (the card shows the type's icon). */
  picture: CardPicture | null;
}

/**
 * What a card needs for its `<picture>` (ADR 0093): the version of the item's `/page-images` address,
 * and the real widths of the AVIF and WebP renditions drawn (in the order of RENDITION_WIDTHS; absent:
 * the 480 px WebP alone). Short keys: 24 cards travel twice per page (ADR 0026).
 */
export interface CardPicture {
  v: string;
  w?: number[];
}

/** What a card shows and uses of an item, always present (the rest of MediaCardView is optional). */
type CardRequired = "id" | "title" | "fileType" | "language" | "createdAt";
/** What a card shows and uses of an item when it has it (`createdAt`'s day, `downloadCount`: the dialog shows them until the whole item is loaded). */
const CARD_OPTIONAL = [
  "titleLanguage",
  "description",
  "descriptionLanguage",
  "hasFile",
  "fileExtension",
  "mimeType",
  "fileSize",
  "downloadCount",
  "aiGenerated",
  "durationMs",
  "serviceKind",
  "endpoint",
  "previewUrl",
  "picture",
] as const satisfies ReadonlyArray<keyof MediaItemView>;
type CardOptional = (typeof CARD_OPTIONAL)[number];

/**
 * An item as the list sends it to the browser, which gets it twice (HTML and hydration data) for up
 * to 24 cards: only what a card shows and uses, and of that only what the item has (no nulls, no
 * `false`, no empty text, no zero download count), so a card's data costs its values and few keys
 * (ADR 0026, 0034).
 * What only the detail dialog shows (creator, source, license, attribution, links, version, dimensions,
 * pages) comes with the whole item as the page's `selected` when the dialog opens (`?item=`).
 */
export type MediaCardView = Pick<MediaItemView, CardRequired> & {
  [Key in CardOptional]?: NonNullable<MediaItemView[Key]>;
} & {
  /** The licence as a card names it: its SPDX id, else its name (the dialog shows the whole licence). */
  licenseLabel?: string;
};

/** A licence's short name for a card: its SPDX id ("CC-BY-4.0"), else its name; none when it has neither. */
export function licenseLabelOf(license: MediaItemView["license"]) {
  return license?.spdx_id?.trim() || license?.name?.trim() || undefined;
}

export function toCardView(item: MediaItemView): MediaCardView {
  // The dialog shows the day of `createdAt` (in UTC): the date part says it all.
  const card: MediaCardView = {
    id: item.id,
    title: item.title,
    fileType: item.fileType,
    language: item.language,
    createdAt: item.createdAt.slice(0, 10),
  };
  for (const key of CARD_OPTIONAL) {
    const value = item[key];
    if (value === null || value === false || value === "" || (key === "downloadCount" && value === 0)) continue;
    (card as Record<string, unknown>)[key] = value;
  }
  const licenseLabel = licenseLabelOf(item.license);
  if (licenseLabel) card.licenseLabel = licenseLabel;
  return card;
}

/**
 * The empty value of every field an item may lack (all but what a card always has): what the list
 * leaves out of a card, and what a new item in the console starts with.
 */
export const EMPTY_MEDIA_ITEM: Readonly<Omit<MediaItemView, CardRequired>> = {
  titleLanguage: null,
  description: null,
  descriptionLanguage: null,
  altText: null,
  altTextLanguage: null,
  hasFile: false,
  fileExtension: null,
  mimeType: null,
  fileSize: null,
  downloadCount: 0,
  aiGenerated: false,
  version: null,
  widthPx: null,
  heightPx: null,
  durationMs: null,
  pages: null,
  sheetType: null,
  serviceKind: null,
  endpoint: null,
  externalLinks: {},
  creator: null,
  source: null,
  license: null,
  attribution: null,
  previewUrl: null,
  picture: null,
};

/** The item dialog's related rows, in this order. */
export type RelatedKind = "category" | "creator" | "license";
export const RELATED_KINDS: readonly RelatedKind[] = ["category", "creator", "license"];
/** The dialog's related rows (up to six cards each); a row without items is left out. */
export type RelatedItems = Partial<Record<RelatedKind, MediaCardView[]>>;

/** The item a card stands for, in the browser: what the list left out is empty. */
export function fromCardView(card: MediaCardView): MediaItemView {
  const { licenseLabel, ...shown } = card;
  // The card's licence by its short name until the dialog brings the whole item.
  return { ...EMPTY_MEDIA_ITEM, ...shown, license: licenseLabel ? { name: licenseLabel } : null };
}

// Building an Intl.NumberFormat costs ~100 times more than using one: one per locale, made once.
const megabyteFormats = new Map<string, Intl.NumberFormat>();

/**
 * Spec §9: MB with 2 decimals, written the reader's way ("0.05" in English, "0,05" in German and
 * Spanish). A file that has bytes but rounds to nothing reads "< 0.01", never "0.00".
 */
export function formatMegabytes(bytes: number, locale = "en-US") {
  let format = megabyteFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    megabyteFormats.set(locale, format);
  }
  const megabytes = bytes / (1024 * 1024);
  if (bytes > 0 && megabytes < 0.005) return `< ${format.format(0.01)}`;
  return format.format(megabytes);
}

/** The filter group an item belongs to (spec §7: "document" covers pdf, sheet and document). */
export function typeGroupOf(fileType: FileType): Exclude<TypeFilter, "all"> {
  return fileType === "pdf" || fileType === "sheet" ? "document" : fileType;
}

/** Spec §9: hours and minutes, or minutes and seconds. */
export function splitDuration(ms: number): { hours: number; minutes: number; seconds: number } {
  const totalSeconds = Math.round(ms / 1000);
  return {
    hours: Math.floor(totalSeconds / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

/** Label of an external link: underscores shown as spaces. */
export function linkLabel(label: string) {
  return label.replace(/_/g, " ");
}
