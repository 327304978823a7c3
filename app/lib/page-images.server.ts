import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { mediaItems, mediaItemTranslations } from "~/db/schema";
import { db } from "./db.server";
import type { ContentNamespace } from "./content-pages";
import { isLanguage, type Language } from "./i18n";
import { parseRichText, richTextImageIds, type RichDoc } from "./rich-text";
import { requestTranslator } from "./page-preview.server";
import {
  RENDITION_FORMATS,
  RENDITION_WIDTHS,
  drawnWidths,
  isRenditionWidth,
  pictureSrc,
  pictureSrcSet,
  pictureVersion,
  renditionKey,
  renditionSize,
  type RenditionFormat,
  type RenditionWidth,
} from "./renditions";
import { readFile } from "./storage.server";
import { isUuid } from "./uuid";

/**
 * Pictures of the media library on content pages (ADR 0082). A page field holds an item's id; the
 * page shows it only while the item is a published image with a rendition (the WebP drawn at import,
 * at most 480 px wide; larger ones in AVIF and WebP beside it, ADR 0091), so an image unpublished or deleted later leaves the page without it, never
 * with a broken picture. Visitors get the rendition from `/page-images/<id>`, never the original file.
 */

const shownImage = and(eq(mediaItems.fileType, "image"), isNotNull(mediaItems.publishedAt), isNotNull(mediaItems.thumbnailPath));
/** A published item with a picture of any type: the media cards show the same renditions (ADR 0093). */
const hasPicture = and(isNotNull(mediaItems.publishedAt), isNotNull(mediaItems.thumbnailPath));

/** The pictures the page editor offers: published images with a rendition, newest first. */
export async function pageImageChoices(limit = 200) {
  return db()
    .select({ id: mediaItems.id, title: mediaItems.title })
    .from(mediaItems)
    .where(shownImage)
    .orderBy(desc(mediaItems.createdAt), desc(mediaItems.id))
    .limit(limit);
}

/** Of `ids`, those that are no published image with a rendition (an id that is no UUID never is one). */
export async function missingImages(ids: string[]): Promise<Set<string>> {
  const given = [...new Set(ids.filter(Boolean))];
  // The column is a uuid: any other text would make the query fail rather than find nothing.
  const wanted = given.filter(isUuid);
  if (wanted.length === 0) return new Set(given);
  const found = await db()
    .select({ id: mediaItems.id })
    .from(mediaItems)
    .where(and(inArray(mediaItems.id, wanted), shownImage));
  const ok = new Set(found.map((row) => row.id));
  return new Set(given.filter((id) => !ok.has(id)));
}

export interface PageImage {
  /** The 480 px WebP (every browser, mail). */
  src: string;
  /** Its size: the `<img>`'s width and height, so the page keeps its layout while it loads. */
  width: number;
  height: number;
  alt: string;
  /** `srcset`s by format once the larger renditions are drawn (ADR 0091); absent: only `src`. */
  srcSets?: Record<RenditionFormat, string>;
  /** The widest rendition's width in pixels (`width` without `srcSets`). */
  widest: number;
}

/**
 * The picture `id` as the page shows it in `language`: its rendition's address and size, and `alt`
 * (the field's text; empty: the item's alt text in that language, else its own). Null while the id
 * names no published image.
 */
export async function pageImage(id: string, alt: string, language: Language): Promise<PageImage | null> {
  const image = (await pageImages([id], language))[id.toLowerCase()];
  return image ? { ...image, alt: alt.trim() || image.alt } : null;
}

/**
 * The pictures of `ids` that are published images, by id, in one query (a document's pictures), each
 * with the item's alt text in `language` (else its own, else its title). An id that names no published
 * image is not in the result.
 */
export async function pageImages(ids: string[], language: Language): Promise<Record<string, PageImage>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return {};
  const items = await db()
    .select({
      id: mediaItems.id,
      widthPx: mediaItems.widthPx,
      heightPx: mediaItems.heightPx,
      altText: mediaItems.altText,
      title: mediaItems.title,
      translated: mediaItemTranslations.altText,
      renditionWidths: mediaItems.renditionWidths,
      updatedAt: mediaItems.updatedAt,
    })
    .from(mediaItems)
    .leftJoin(
      mediaItemTranslations,
      and(eq(mediaItemTranslations.mediaItemId, mediaItems.id), eq(mediaItemTranslations.language, language)),
    )
    .where(and(inArray(mediaItems.id, wanted), shownImage));
  const images: Record<string, PageImage> = {};
  for (const item of items) {
    const originalWidth = item.widthPx ?? RENDITION_WIDTHS[0];
    const originalHeight = item.heightPx ?? RENDITION_WIDTHS[0];
    const { width, height } = renditionSize(originalWidth, originalHeight);
    const version = pictureVersion(item.updatedAt);
    // Only the widths drawn: an item imported before them has none, and the page shows `src` alone.
    const drawn = drawnWidths(item.renditionWidths, originalWidth, originalHeight);
    const srcSet = (format: RenditionFormat) => pictureSrcSet(item.id, version, drawn, format);
    images[item.id] = {
      src: pictureSrc(item.id, version),
      width,
      height,
      alt: item.translated || item.altText || item.title,
      ...(drawn.length > 0 ? { srcSets: { avif: srcSet("avif"), webp: srcSet("webp") } } : {}),
      widest: Math.max(width, ...drawn),
    };
  }
  return images;
}

/** The pictures a rich text shows (ADR 0061's image blocks), for its page's `RichTextBlocks`. */
export async function richTextImages(doc: RichDoc | undefined, language: Language) {
  return doc ? pageImages(richTextImageIds(doc), language) : {};
}

/**
 * The pictures of every rich text of a content page as the request reads it (the published texts, or a
 * preview's draft), in one query: for the page's `RichTextImagesProvider`.
 */
export async function contentRichImages(request: Request, namespace: ContentNamespace) {
  const translator = await requestTranslator(request);
  const docs: RichDoc[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === "object" && value !== null) {
      if ((value as { type?: unknown }).type !== "doc") return Object.values(value).forEach(collect);
      const parsed = parseRichText(value);
      if (parsed.ok) docs.push(parsed.doc);
    }
  };
  collect(translator.t(namespace, { returnObjects: true }));
  const language = isLanguage(translator.language) ? translator.language : "en";
  return pageImages(docs.flatMap(richTextImageIds), language);
}

/** A rendition a visitor may ask for (`?w=&f=`): the fixed widths and formats; undefined for anything else. */
export function parseRendition(searchParams: URLSearchParams): { width: RenditionWidth; format: RenditionFormat } | undefined {
  const w = searchParams.get("w") ?? String(RENDITION_WIDTHS[0]);
  const f = searchParams.get("f") ?? "webp";
  const width = /^[1-9]\d{0,3}$/.test(w) ? Number(w) : NaN;
  if (!isRenditionWidth(width) || !(RENDITION_FORMATS as readonly string[]).includes(f)) return undefined;
  return { width, format: f as RenditionFormat };
}

/**
 * A rendition of a published item's picture as a stream (an image's, or what stands for a PDF, video or
 * audio file on its card); undefined for any other id, or a size it was not drawn at.
 */
export async function pageImageFile(id: string, width: RenditionWidth = RENDITION_WIDTHS[0], format: RenditionFormat = "webp") {
  if (!isUuid(id)) return undefined;
  const [item] = await db()
    .select({ thumbnail: mediaItems.thumbnailPath, widths: mediaItems.renditionWidths })
    .from(mediaItems)
    .where(and(eq(mediaItems.id, id), hasPicture));
  if (!item?.thumbnail) return undefined;
  const thumbnail = width === RENDITION_WIDTHS[0] && format === "webp";
  if (!thumbnail && !item.widths?.includes(width)) return undefined;
  const stream = await readFile("media-files", thumbnail ? item.thumbnail : renditionKey(id, width, format));
  return stream ?? undefined;
}
