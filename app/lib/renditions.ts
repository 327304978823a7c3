/**
 * The sizes a library image is drawn at for pages (ADR 0091): each width in WebP and AVIF, fitted inside
 * width × 3·width and never enlarged. The 480 px WebP is the media card's thumbnail (`thumbnail_path`);
 * every other one lives beside it at `items/<id>/w<width>.<format>`, and `rendition_widths` lists the
 * widths drawn in both formats (null: not drawn yet, an item imported before them).
 */

export const RENDITION_WIDTHS = [480, 960, 1440] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];
export const RENDITION_FORMATS = ["avif", "webp"] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

export const isRenditionWidth = (value: number): value is RenditionWidth => (RENDITION_WIDTHS as readonly number[]).includes(value);
export const isRenditionFormat = (value: string): value is RenditionFormat => (RENDITION_FORMATS as readonly string[]).includes(value);

/** The size of the rendition `target` px wide of an original `width` × `height`: fitted inside target × 3·target, never up. */
export function renditionSize(width: number, height: number, target: number = RENDITION_WIDTHS[0]) {
  const scale = Math.min(1, target / width, (target * 3) / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The widths worth drawing for an original: 480 always, a larger one only while it comes out wider than the one before. */
export function renditionWidthsFor(width: number, height: number): RenditionWidth[] {
  const widths: RenditionWidth[] = [];
  let previous = 0;
  for (const target of RENDITION_WIDTHS) {
    const drawn = renditionSize(width, height, target).width;
    if (drawn > previous) widths.push(target);
    previous = drawn;
  }
  return widths;
}

/** Where a rendition is stored in `media-files`; the 480 px WebP is the thumbnail. */
export function renditionKey(id: string, width: RenditionWidth, format: RenditionFormat) {
  const folder = `items/${id.toLowerCase()}`;
  return width === RENDITION_WIDTHS[0] && format === "webp" ? `${folder}/thumbnail.webp` : `${folder}/w${width}.${format}`;
}

/** The keys of the renditions beyond the thumbnail that `widths` says exist. */
export function renditionKeys(id: string, widths: readonly number[] | null | undefined) {
  return (widths ?? [])
    .filter(isRenditionWidth)
    .flatMap((width) => RENDITION_FORMATS.map((format) => renditionKey(id, width, format)))
    .filter((key) => !key.endsWith("/thumbnail.webp"));
}

/** The public address of an item's pictures (ADR 0082, ADR 0091): versioned by the item's last change, cached a day. */
export const PAGE_IMAGE_PATH = "/page-images";

/** The version in a picture's address: the item's last change, in base 36. */
export const pictureVersion = (updatedAt: Date) => updatedAt.getTime().toString(36);

/** The address of a published item's picture: the 480 px WebP, or the rendition `width` wide in `format`. */
export function pictureSrc(id: string, version: string, width?: RenditionWidth, format?: RenditionFormat) {
  const src = `${PAGE_IMAGE_PATH}/${id}?v=${version}`;
  return width && format ? `${src}&w=${width}&f=${format}` : src;
}

/**
 * A `srcset` of the renditions drawn in `format`: `drawn` are their real widths, in the order of
 * RENDITION_WIDTHS (a larger width is drawn only after the smaller ones, `renditionWidthsFor`).
 */
export function pictureSrcSet(id: string, version: string, drawn: readonly number[], format: RenditionFormat) {
  return drawn
    .map((actual, index) => (RENDITION_WIDTHS[index] ? `${pictureSrc(id, version, RENDITION_WIDTHS[index], format)} ${actual}w` : ""))
    .filter(Boolean)
    .join(", ");
}

/**
 * The real widths of the renditions `widths` names (the `rendition_widths` column) of an original
 * `width` × `height`; unknown dimensions (a video's poster, an audio file's cover) count as wide enough.
 */
export function drawnWidths(widths: readonly number[] | null | undefined, width: number | null, height: number | null) {
  return (widths ?? []).filter(isRenditionWidth).map((w) => (width && height ? renditionSize(width, height, w).width : w));
}
