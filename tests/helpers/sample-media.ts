import type { MediaCardView, MediaItemView } from "~/features/media/media-types";

/**
 * The sample item of the card tests ("Logo pack", a file with every value a card shows): what the
 * card view test (card-view.test.ts) starts from. Each test adds
 * the type, date, preview and details it is about.
 */
export const LOGO_PACK = {
  id: "0b7c3a52-4c38-4f4e-9b7a-2f3d9f1b6a10",
  title: "Logo pack",
  description: "The mark in three sizes.",
  hasFile: true,
  fileExtension: "zip",
  mimeType: "application/zip",
  fileSize: 2048,
  downloadCount: 3,
  language: "de",
  aiGenerated: true,
} satisfies Partial<MediaItemView> & Partial<MediaCardView>;
