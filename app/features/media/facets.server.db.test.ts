import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { countFacets, searchLibrary } from "./facets.server";
import { findMedia } from "./media.server";
import { LICENSE_FILTER_OPTIONS, TYPE_FILTER_OPTIONS, type MediaFilters } from "./media-types";

/**
 * The filters' counts without a search come from media_facet_counts (migration 0032, ADR 0072),
 * kept by triggers: each number must stay what choosing it shows, whatever the library went through.
 */

const all: MediaFilters = { q: "", type: "all", category: "" };

/** Every count of the filters for `filters`, checked against the list that choosing it shows. */
async function expectCountsToMatchLists(filters: MediaFilters, categoryIds: string[]) {
  const { facets, total } = await countFacets(filters);
  const listed = async (change: Partial<MediaFilters>) => (await findMedia({ ...filters, ...change }, { limit: 100 })).items.length;
  expect(total).toBe(await listed({}));
  for (const type of TYPE_FILTER_OPTIONS) expect([type, facets.type[type] ?? 0]).toEqual([type, await listed({ type })]);
  for (const language of ["", "en", "de", "es"])
    expect([language, facets.language[language] ?? 0]).toEqual([language, await listed({ language })]);
  for (const license of LICENSE_FILTER_OPTIONS) expect([license, facets.license[license]]).toEqual([license, await listed({ license })]);
  for (const category of ["", ...categoryIds])
    expect([category, facets.category[category] ?? 0]).toEqual([category, await listed({ category })]);
}

describe("the filters' counts without a search", () => {
  let categoryIds: string[] = [];
  let itemIds: string[] = [];
  beforeEach(async () => {
    await resetDatabase();
    const { rows: categories } = await db().execute<{ id: string }>(
      sql`insert into categories (name) values ('Brand'), ('Nature'), ('Events') returning id`,
    );
    categoryIds = categories.map((row) => row.id);
    const { rows: items } = await db().execute<{ id: string }>(sql`
      insert into media_items (title, file_type, language, license, published_at)
      select 'Item ' || g, (array['image','video','audio','pdf','sheet','document','services'])[1 + g % 7],
        (array['en','de','es'])[1 + g % 3],
        (array['{"spdx_id": "CC-BY-4.0"}', '{"spdx_id": "CC-BY-NC-4.0"}', '{"spdx_id": "CC-BY-ND-4.0"}', '{"name": "All rights reserved"}'])[1 + g % 4]::jsonb,
        case when g % 9 = 0 then null else now() end
      from generate_series(1, 30) g order by g returning id`);
    itemIds = items.map((row) => row.id);
    // Items in one, two or no categories.
    await db().execute(sql`insert into media_categories (media_item_id, category_id)
      select m.id, c.id from unnest(${sql.param(itemIds)}::uuid[]) with ordinality m(id, n)
      join unnest(${sql.param(categoryIds)}::uuid[]) with ordinality c(id, k) on (m.n + c.k) % 3 = 0 or (m.n % 5 = 0 and c.k = 1)`);
  });

  it("are what each choice shows, alone and with other filters chosen", async () => {
    await expectCountsToMatchLists(all, categoryIds);
    await expectCountsToMatchLists({ ...all, type: "document", license: "commercial" }, categoryIds);
    await expectCountsToMatchLists({ ...all, category: categoryIds[0]!, language: "de" }, categoryIds);
  });

  /** Publishing, unpublishing, edits of type, language and licence, links moved, items and a category deleted, a title changed. */
  async function changeLibrary() {
    const [first, second, third] = itemIds;
    await db().execute(sql`update media_items set published_at = null where id = ${first}`);
    await db().execute(sql`update media_items set published_at = now() where published_at is null and id <> ${first}`);
    await db().execute(
      sql`update media_items set file_type = 'video', language = 'es', license = '{"spdx_id": "CC0-1.0"}' where id = ${second}`,
    );
    await db().execute(sql`delete from media_categories where media_item_id = ${third}`);
    await db().execute(sql`insert into media_categories (media_item_id, category_id) values (${third}, ${categoryIds[2]})`);
    await db().execute(sql`update media_categories set category_id = ${categoryIds[0]} where media_item_id = ${itemIds[5]}`);
    await db().execute(sql`delete from media_items where id = any(${sql.param(itemIds.slice(10, 14))}::uuid[])`);
    await db().execute(sql`delete from categories where id = ${categoryIds[1]}`);
    await db().execute(sql`update media_items set title = 'Renamed' where id = ${itemIds[20]}`);
  }

  it("follow publishing, edits, category links and deletions", async () => {
    await changeLibrary();
    await expectCountsToMatchLists(all, categoryIds);
    await expectCountsToMatchLists({ ...all, category: categoryIds[2]!, type: "video" }, categoryIds);
  });

  it("with a search, are what each choice shows and follow publishing, edits, category links and deletions", async () => {
    // Every title is "Item n": a search for "item" finds every published item, one for "15" one of them.
    const searched = { ...all, q: "item" };
    await expectCountsToMatchLists(searched, categoryIds);
    await expectCountsToMatchLists({ ...searched, type: "document", license: "commercial" }, categoryIds);
    await changeLibrary();
    await expectCountsToMatchLists(searched, categoryIds);
    await expectCountsToMatchLists({ ...searched, category: categoryIds[2]!, type: "video" }, categoryIds);
    await expectCountsToMatchLists({ ...all, q: "renamed" }, categoryIds);
    await expectCountsToMatchLists({ ...all, q: "15", language: "de" }, categoryIds);
  });

  it("are those a search counts when the search finds every item", async () => {
    await db().execute(sql`update media_items set title = title || ' library'`);
    const library = await searchLibrary(all);
    const found = await searchLibrary({ ...all, q: "library" });
    expect(found.total).toBe(library.total);
    expect(found.facets).toEqual(library.facets);
  });
});
