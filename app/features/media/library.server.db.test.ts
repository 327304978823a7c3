import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, mediaCategories, mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { countMedia, findCategory, listCategoryOptions, parseLibraryFilters } from "./library.server";
import { findMedia } from "./media.server";

async function addItem(title: string, fileType: "pdf" | "image" | "sheet", language: string, categoryId?: string) {
  const [item] = await db()
    .insert(mediaItems)
    .values({ title, fileType, language, searchableText: title })
    .returning({ id: mediaItems.id });
  if (categoryId) await db().insert(mediaCategories).values({ mediaItemId: item!.id, categoryId });
  return item!.id;
}

describe("library filters, slugs and counts", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("gives every category a readable slug, also for German and Spanish names, and on rename", async () => {
    await db()
      .insert(categories)
      .values([{ name: "Brand Assets" }, { name: "Übersicht & Größe" }, { name: "Diseño Gráfico" }]);
    const options = await listCategoryOptions();
    expect(options.map((option) => option.slug)).toEqual(["brand-assets", "diseno-grafico", "uebersicht-groesse"]);
    await db()
      .update(categories)
      .set({ name: "Brand Kit" })
      .where(sql`${categories.name} = 'Brand Assets'`);
    expect((await listCategoryOptions()).map((option) => option.slug)).toContain("brand-kit");
  });

  it("finds a category by slug and by its old id", async () => {
    await db()
      .insert(categories)
      .values([{ name: "Brand Assets" }]);
    const options = await listCategoryOptions();
    const brand = options[0]!;
    expect(findCategory(options, "brand-assets")?.id).toBe(brand.id);
    expect(findCategory(options, brand.id)?.slug).toBe("brand-assets");
    expect(findCategory(options, "nope")).toBeUndefined();
    expect(findCategory(options, "")).toBeUndefined();
  });

  it("parses language and category from the URL and ignores garbage", () => {
    const parse = (search: string) => parseLibraryFilters(new URL(`http://x/media${search}`));
    expect(parse("?category=Brand-Assets&language=de")).toMatchObject({ category: "brand-assets", language: "de" });
    expect(parse("?category=%3Cscript%3E&language=klingon")).toMatchObject({ category: "", language: "" });
    expect(parse(`?category=${"a".repeat(500)}`).category).toBe("");
  });

  it("counts what the filters find, across pages, and filters by the item's language", async () => {
    await db()
      .insert(categories)
      .values([{ name: "Brand" }]);
    const [brand] = await listCategoryOptions();
    await addItem("Guide", "pdf", "en", brand!.id);
    await addItem("Leitfaden", "pdf", "de", brand!.id);
    await addItem("Tabelle", "sheet", "de");
    await addItem("Logo", "image", "en");
    const all = { q: "", type: "all" as const, category: "" };
    expect(await countMedia(all)).toBe(4);
    expect(await countMedia({ ...all, type: "document" })).toBe(3);
    expect(await countMedia({ ...all, language: "de" })).toBe(2);
    expect(await countMedia({ ...all, type: "document", language: "de", category: brand!.id })).toBe(1);
    const german = await findMedia({ ...all, language: "de" });
    expect(german.items.map((item) => item.title).sort()).toEqual(["Leitfaden", "Tabelle"]);
    // The count is of all pages, not of the first page.
    const onePerPage = await findMedia(all, { limit: 1 });
    expect(onePerPage.items).toHaveLength(1);
    expect(await countMedia(all)).toBe(4);
  });
});
