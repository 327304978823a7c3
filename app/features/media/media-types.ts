import type { Attribution, Creator, FileType, License, Source } from "~/db/schema";

/** Spec §9: card previews live an hour; preview and download links a minute. */
export const CARD_PREVIEW_TTL_S = 3600;
export const FILE_URL_TTL_S = 60;
export const PAGE_SIZE = 24;

export type TypeFilter = "all" | "document" | "image" | "video" | "audio" | "services";
export const TYPE_FILTER_OPTIONS: readonly TypeFilter[] = ["all", "document", "image", "video", "audio", "services"];

export interface MediaFilters {
  q: string;
  type: TypeFilter;
  /** A category id, or "" for all categories. */
  category: string;
}

export interface CategoryOption {
  id: string;
  name: string;
}

/** What the page and the dialog show of an item (no storage paths leave the server). */
export interface MediaItemView {
  id: string;
  title: string;
  description: string | null;
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
}

// Building an Intl.NumberFormat costs ~100 times more than using one: one per locale, made once.
const megabyteFormats = new Map<string, Intl.NumberFormat>();

/** Spec §9: MB with 2 decimals, written the reader's way ("0.05" in English, "0,05" in German and Spanish). */
export function formatMegabytes(bytes: number, locale = "en-US") {
  let format = megabyteFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    megabyteFormats.set(locale, format);
  }
  return format.format(bytes / (1024 * 1024));
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
