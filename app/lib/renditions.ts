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
