import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { mediaItems, mediaItemTranslations } from "~/db/schema";
import { db } from "./db.server";
import type { ContentNamespace } from "./content-pages";
import { isLanguage, type Language } from "./i18n";
import { parseRichText, richTextImageIds, type RichDoc } from "./rich-text";
import { requestTranslator } from "./page-preview.server";
import { readFile } from "./storage.server";
import { isUuid } from "./uuid";

/**
 * Pictures of the media library on content pages (ADR 0082). A page field holds an item's id; the
 * page shows it only while the item is a published image with a rendition (the WebP drawn at import,
 * at most 480 px wide), so an image unpublished or deleted later leaves the page without it, never
 * with a broken picture. Visitors get the rendition from `/page-images/<id>`, never the original file.
 */

const shownImage = and(eq(mediaItems.fileType, "image"), isNotNull(mediaItems.publishedAt), isNotNull(mediaItems.thumbnailPath));

export const PAGE_IMAGE_PATH = "/page-images";

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
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** The rendition's largest width (media import, ADR 0069). */
const RENDITION_MAX = { width: 480, height: 1440 };

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
    const { width, height } = renditionSize(item.widthPx ?? RENDITION_MAX.width, item.heightPx ?? RENDITION_MAX.width);
    images[item.id] = {
      src: `${PAGE_IMAGE_PATH}/${item.id}?v=${item.updatedAt.getTime().toString(36)}`,
      width,
      height,
      alt: item.translated || item.altText || item.title,
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

/** The rendition's size: the original scaled down to fit 480 × 1440, never up. */
export function renditionSize(width: number, height: number) {
  const scale = Math.min(1, RENDITION_MAX.width / width, RENDITION_MAX.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The rendition of a published image as a stream; undefined for any other id. */
export async function pageImageFile(id: string) {
  if (!isUuid(id)) return undefined;
  const [item] = await db()
    .select({ key: mediaItems.thumbnailPath })
    .from(mediaItems)
    .where(and(eq(mediaItems.id, id), shownImage));
  if (!item?.key) return undefined;
  const stream = await readFile("media-files", item.key);
  return stream ?? undefined;
}
