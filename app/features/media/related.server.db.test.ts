import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, mediaCategories, mediaItems, type Creator, type License } from "~/db/schema";
import { db } from "~/lib/db.server";
import { invalidatePages } from "~/lib/page-invalidation.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { clearRelatedCache, findRelatedItems, RELATED_LIMIT, relatedItems } from "./related.server";

const CC_BY: License = { name: "CC BY 4.0", spdx_id: "CC-BY-4.0", url: "https://creativecommons.org/licenses/by/4.0/" };
const MIT: License = { name: "MIT License", spdx_id: "MIT" };

let minute = 0;
async function addItem(
  title: string,
  options: { category?: string; creator?: Creator; license?: License; draft?: boolean } = {},
): Promise<string> {
  const [item] = await db()
    .insert(mediaItems)
    .values({
      title,
      fileType: "image",
      creator: options.creator ?? null,
      license: options.license ?? null,
      publishedAt: options.draft ? null : new Date(),
      // Newest first: the later an item is added here, the earlier it comes.
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute++)),
    })
    .returning({ id: mediaItems.id });
  if (options.category) await db().insert(mediaCategories).values({ mediaItemId: item!.id, categoryId: options.category });
  return item!.id;
}

const titles = (cards: Array<{ title: string }> | undefined) => (cards ?? []).map((card) => card.title);

describe("related items", () => {
  beforeEach(async () => {
    await resetDatabase();
    clearRelatedCache();
  });

  it("finds published items of the same category, creator and licence, never the item itself, newest first", async () => {
    const [brand, sound] = await db()
      .insert(categories)
      .values([{ name: "Brand" }, { name: "Sound" }])
      .returning({ id: categories.id });
    const studio = { name: "IP Angel Studio" };
    const logo = await addItem("Logo", { category: brand!.id, creator: studio, license: CC_BY });
    await addItem("Palette", { category: brand!.id, creator: { name: "  ip angel studio " }, license: MIT });
    await addItem("Jingle", { category: sound!.id, creator: { name: "Sound Lab" }, license: { ...CC_BY, name: "other name" } });
    await addItem("Draft poster", { category: brand!.id, creator: studio, license: CC_BY, draft: true });
    await addItem("Wallpaper", { category: brand!.id, license: { url: "https://example.org/own-licence" } });

    const related = await findRelatedItems(logo, "en");
    expect(titles(related.category)).toEqual(["Wallpaper", "Palette"]);
    // Compared trimmed and in any case.
    expect(titles(related.creator)).toEqual(["Palette"]);
    // The same SPDX id is the same licence, whatever its name says.
    expect(titles(related.license)).toEqual(["Jingle"]);
    expect(JSON.stringify(related)).not.toContain("Logo");
    expect(JSON.stringify(related)).not.toContain("Draft poster");
  });

  it("follows publication, new dates and moves between categories in the same-category row", async () => {
    const [brand, sound] = await db()
      .insert(categories)
      .values([{ name: "Brand" }, { name: "Sound" }])
      .returning({ id: categories.id });
    const logo = await addItem("Logo", { category: brand!.id });
    const palette = await addItem("Palette", { category: brand!.id });
    const jingle = await addItem("Jingle", { category: sound!.id });
    const row = async () => titles((await findRelatedItems(logo, "en")).category);
    expect(await row()).toEqual(["Palette"]);

    await db().update(mediaItems).set({ publishedAt: null }).where(eq(mediaItems.id, palette));
    expect(await row()).toEqual([]);
    await db().update(mediaItems).set({ publishedAt: new Date() }).where(eq(mediaItems.id, palette));
    expect(await row()).toEqual(["Palette"]);

    // Moved into the logo's category: the newer item comes first.
    await db().update(mediaCategories).set({ categoryId: brand!.id }).where(eq(mediaCategories.mediaItemId, jingle));
    expect(await row()).toEqual(["Jingle", "Palette"]);
    // An older date puts it behind.
    await db()
      .update(mediaItems)
      .set({ createdAt: new Date(Date.UTC(2025, 0, 1)) })
      .where(eq(mediaItems.id, jingle));
    expect(await row()).toEqual(["Palette", "Jingle"]);
    await db().delete(mediaCategories).where(eq(mediaCategories.mediaItemId, palette));
    expect(await row()).toEqual(["Jingle"]);
  });

  it("leaves out a row without items, and answers nothing for a draft", async () => {
    const alone = await addItem("Alone", { creator: { name: "Nobody else" }, license: MIT });
    await addItem("Other", { license: CC_BY });
    expect(await findRelatedItems(alone, "en")).toEqual({});
    const draft = await addItem("Draft", { license: CC_BY, draft: true });
    expect(await findRelatedItems(draft, "en")).toEqual({});
  });

  it(`shows at most ${RELATED_LIMIT} items a row`, async () => {
    const first = await addItem("First", { license: CC_BY });
    for (let index = 0; index < RELATED_LIMIT + 2; index++) await addItem(`Item ${index}`, { license: CC_BY });
    const related = await findRelatedItems(first, "en");
    expect(related.license).toHaveLength(RELATED_LIMIT);
    expect(titles(related.license)[0]).toBe(`Item ${RELATED_LIMIT + 1}`);
  });

  it("keeps the rows until the library changes", async () => {
    const logo = await addItem("Logo", { license: CC_BY });
    const other = await addItem("Other", { license: CC_BY });
    expect(titles((await relatedItems(logo, "en")).license)).toEqual(["Other"]);
    await db().update(mediaItems).set({ publishedAt: null }).where(eq(mediaItems.id, other));
    // Kept: the same answer without a query.
    expect(titles((await relatedItems(logo, "en")).license)).toEqual(["Other"]);
    // The change is announced as every library change is (import, console): the rows are read again.
    await invalidatePages("media");
    expect((await relatedItems(logo, "en")).license).toBeUndefined();
  });
});
