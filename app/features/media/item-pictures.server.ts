import { logger } from "~/lib/logger.server";
import { drawnWidths, pictureVersion } from "~/lib/renditions";
import { createSignedUrl } from "~/lib/storage.server";
import type { ItemRow } from "./media.server";
import { CARD_PREVIEW_TTL_S, type CardPicture } from "./media-types";

/** What an item shows of its file in the list and the dialog: the card's picture and the dialog's preview. */

export function previewUrl(row: ItemRow): string | null {
  try {
    // Images: a thumbnail; PDFs: their first page, drawn at import.
    if ((row.fileType === "image" || row.fileType === "pdf") && row.thumbnailPath) {
      return createSignedUrl("media-files", row.thumbnailPath, CARD_PREVIEW_TTL_S);
    }
    if (row.fileType === "video" && row.filePath) {
      return createSignedUrl("media-files", row.filePath, CARD_PREVIEW_TTL_S);
    }
  } catch (error) {
    // Spec §8: a failed card preview URL is only logged.
    logger.warn(`Could not sign the preview of ${row.id}: ${(error as Error).message}`);
  }
  return null;
}

/** The card's picture (ADR 0093): every item with a thumbnail, whatever its type, through `/page-images`. */
export function cardPicture(row: ItemRow): CardPicture | null {
  if (!row.thumbnailPath) return null;
  const picture: CardPicture = { v: pictureVersion(row.changedAt) };
  // An image's dimensions are its original's; a poster's or cover's are not stored.
  const drawn = drawnWidths(
    row.renditionWidths,
    row.fileType === "image" ? row.widthPx : null,
    row.fileType === "image" ? row.heightPx : null,
  );
  if (drawn.length > 0) picture.w = drawn;
  return picture;
}
