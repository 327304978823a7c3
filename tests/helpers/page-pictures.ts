import { mediaItems, siteSettings } from "~/db/schema";
import { BRAND_SETTINGS_KEY, forgetBrand } from "~/lib/brand.server";
import { db } from "~/lib/db.server";
import { saveFile } from "~/lib/storage.server";

/** A tiny WebP: the rendition a page image serves (ADR 0082). */
const WEBP = Buffer.from("524946461a000000574542505650384c0d0000002f0000001007101111888808", "hex");

/**
 * A published library picture of 960 × 640 with a rendition, as the media import leaves one (its page
 * size is 480 × 320); `extra` makes it a draft (`publishedAt: null`), another type or size.
 */
export async function insertPicture(title: string, extra: Partial<typeof mediaItems.$inferInsert> = {}) {
  const key = `page-image-test/${title.toLowerCase().replace(/\W+/g, "-")}`;
  await saveFile("media-files", key, WEBP);
  const [row] = await db()
    .insert(mediaItems)
    .values({
      title,
      fileType: "image",
      filePath: key,
      thumbnailPath: key,
      mimeType: "image/png",
      widthPx: 960,
      heightPx: 640,
      altText: "A desk",
      ...extra,
    })
    .returning();
  return row!.id;
}

/** Makes `mediaId` the site's logo (the brand settings' stored row, ADR 0076), live at once in this process. */
export async function setLogo(mediaId: string) {
  await db()
    .insert(siteSettings)
    .values({ key: BRAND_SETTINGS_KEY, value: { logo: mediaId } })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: { logo: mediaId } } });
  forgetBrand();
}
