import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import { pageImages } from "~/lib/page-images.server";
import { deleteFile, fileExists, resolveFile } from "~/lib/storage.server";
import { loader } from "~/routes/page-images.$id";
import { resetDatabase } from "../../../tests/helpers/database";
import { makePng } from "../../../tests/helpers/media-fixtures";
import { importManifest } from "./import.server";
import { drawMissingRenditions } from "./renditions.server";

/** Imports images of the given sizes (real PNGs made by sharp), published; their ids by title. */
async function importImages(sizes: Record<string, [number, number]>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "renditions-"));
  const items = [];
  for (const [title, [width, height]] of Object.entries(sizes)) {
    fs.writeFileSync(path.join(dir, `${title}.png`), await makePng(width, height));
    items.push({ title, description: "A picture.", file_type: "image", file: `${title}.png`, categories: [], language: "en" });
  }
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ categories: [], items }));
  const result = await importManifest(path.join(dir, "manifest.json"));
  expect(result.rejected).toEqual([]);
  return Object.fromEntries(result.created.map((item) => [item.title, item.id]));
}

async function row(id: string) {
  const [item] = await db().select().from(mediaItems).where(eq(mediaItems.id, id));
  return item!;
}

async function stored(id: string, name: string) {
  return sharp(resolveFile("media-files", `items/${id}/${name}`)).metadata();
}

const get = (id: string, query = "") =>
  loader({ request: new Request(`http://localhost/page-images/${id}${query}`), params: { id }, context: {} } as never) as Promise<Response>;

describe("page renditions of library images (ADR 0091)", () => {
  beforeEach(resetDatabase);

  it("draws 480, 960 and 1440 px in AVIF and WebP at import, never larger than the original", async () => {
    const ids = await importImages({ wide: [2000, 1000], small: [700, 400] });
    expect((await row(ids.wide!)).renditionWidths).toEqual([480, 960, 1440]);
    expect(await stored(ids.wide!, "w480.avif")).toMatchObject({ format: "heif", width: 480, height: 240 });
    expect(await stored(ids.wide!, "w960.webp")).toMatchObject({ format: "webp", width: 960, height: 480 });
    expect(await stored(ids.wide!, "w1440.avif")).toMatchObject({ format: "heif", width: 1440, height: 720 });
    // 700 px wide: its 960 is the original's 700 px, and there is no 1440.
    expect((await row(ids.small!)).renditionWidths).toEqual([480, 960]);
    expect(await stored(ids.small!, "w960.webp")).toMatchObject({ width: 700, height: 400 });
    expect(await fileExists("media-files", `items/${ids.small}/w1440.webp`)).toBe(false);

    const images = await pageImages([ids.wide!, ids.small!], "en");
    expect(images[ids.wide!]).toMatchObject({ width: 480, height: 240, widest: 1440 });
    expect(images[ids.wide!]!.srcSets!.avif).toMatch(/\?v=\w+&w=480&f=avif 480w, .*&w=960&f=avif 960w, .*&w=1440&f=avif 1440w$/);
    expect(images[ids.small!]!.srcSets!.webp).toMatch(/&w=480&f=webp 480w, .*&w=960&f=webp 700w$/);
  });

  it("serves each size drawn with its type and a day's caching, and refuses any other", async () => {
    const ids = await importImages({ wide: [2000, 1000], small: [700, 400] });
    const avif = await get(ids.wide!, "?v=1&w=1440&f=avif");
    expect(avif.status).toBe(200);
    expect(avif.headers.get("Content-Type")).toBe("image/avif");
    expect(avif.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).toMatchObject({ width: 1440 });
    const plain = await get(ids.wide!, "?v=1");
    expect(plain.headers.get("Content-Type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await plain.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 480 });

    for (const query of ["?w=1000&f=avif", "?w=960&f=gif", "?w=abc", "?w=0960&f=webp", "?f=png"])
      expect((await get(ids.wide!, query)).status).toBe(400);
    expect((await get(ids.small!, "?w=1440&f=webp")).status).toBe(404);
    expect((await get("00000000-0000-4000-8000-000000000000", "?w=960&f=avif")).status).toBe(404);
    expect((await get("not-an-id", "?w=960&f=avif")).status).toBe(404);
    await db().update(mediaItems).set({ publishedAt: null }).where(eq(mediaItems.id, ids.wide!));
    expect((await get(ids.wide!, "?w=960&f=avif")).status).toBe(404);
  });

  it("draws the missing sizes of images imported before them, and until then pages list the 480 px WebP only", async () => {
    const ids = await importImages({ old: [1600, 900] });
    for (const name of ["w480.avif", "w960.avif", "w960.webp", "w1440.avif", "w1440.webp"])
      await deleteFile("media-files", `items/${ids.old}/${name}`);
    await db().update(mediaItems).set({ renditionWidths: null }).where(eq(mediaItems.id, ids.old!));
    const before = await row(ids.old!);
    const legacy = (await pageImages([ids.old!], "en"))[ids.old!]!;
    expect(legacy.srcSets).toBeUndefined();
    expect(legacy).toMatchObject({ width: 480, height: 270, widest: 480 });
    expect((await get(ids.old!, "?w=960&f=avif")).status).toBe(404);

    expect(await drawMissingRenditions()).toBe("drew the page renditions of 1 item(s)");
    const after = await row(ids.old!);
    expect(after.renditionWidths).toEqual([480, 960, 1440]);
    // The 480 px picture is the same: its address (the item's version) stays.
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await stored(ids.old!, "w1440.webp")).toMatchObject({ width: 1440, height: 810 });
    expect((await get(ids.old!, "?w=960&f=avif")).status).toBe(200);
    expect(await drawMissingRenditions()).toBe("drew the page renditions of 0 item(s)");
  });

  it("leaves an image whose original is gone with its thumbnail, and does not try again", async () => {
    const ids = await importImages({ lost: [1200, 800] });
    const item = await row(ids.lost!);
    await db().update(mediaItems).set({ renditionWidths: null }).where(eq(mediaItems.id, ids.lost!));
    await deleteFile("media-files", item.filePath!);
    expect(await drawMissingRenditions()).toBe("drew the page renditions of 1 item(s)");
    expect((await row(ids.lost!)).renditionWidths).toEqual([]);
    expect((await pageImages([ids.lost!], "en"))[ids.lost!]!.srcSets).toBeUndefined();
    expect(await drawMissingRenditions()).toBe("drew the page renditions of 0 item(s)");
  });
});
