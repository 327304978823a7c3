import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { contactMessages, mediaItems, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { loadNumbers, parseRange } from "./numbers.server";

describe("console numbers", () => {
  beforeEach(resetDatabase);

  it("counts downloads per day and item (from increment_download_count), sign-ups and messages per week", async () => {
    const [logo, guide] = await db()
      .insert(mediaItems)
      .values([
        { title: "Logo", fileType: "image" },
        { title: "Guide", fileType: "pdf" },
      ])
      .returning();
    for (const id of [logo!.id, logo!.id, guide!.id]) await db().execute(sql`select increment_download_count(${id}::uuid)`);
    // One older download, 3 days ago, and one outside the 7-day window.
    await db().execute(
      sql`insert into media_download_events (media_item_id, downloaded_at) values (${guide!.id}, now() - interval '3 days'), (${guide!.id}, now() - interval '20 days')`,
    );
    await db()
      .insert(user)
      .values([
        { id: "u1", name: "a", email: "a@example.com" },
        { id: "u2", name: "b", email: "b@example.com", createdAt: new Date(Date.now() - 200 * 86_400_000) },
      ]);
    await db().insert(contactMessages).values({ name: "x", email: "x@example.com", subject: "s", message: "m" });

    const week = await loadNumbers(7);
    expect(week.downloadsPerDay).toHaveLength(7);
    expect(week.downloadsPerDay.at(-1)!.value).toBe(3);
    expect(week.totals).toEqual({ downloads: 4, signUps: 1, messages: 1 });
    expect(week.downloadsPerItem).toEqual([
      { id: guide!.id, title: "Guide", count: 2 },
      { id: logo!.id, title: "Logo", count: 2 },
    ]);
    const year = await loadNumbers(365);
    expect(year.downloadsPerDay).toHaveLength(365);
    expect(year.totals).toEqual({ downloads: 5, signUps: 2, messages: 1 });
    expect(year.signUpsPerWeek.length).toBeGreaterThanOrEqual(52);

    // A deleted item's downloads still count (as "deleted items").
    await db().execute(sql`delete from media_items where id = ${logo!.id}`);
    expect((await loadNumbers(7)).downloadsPerItem).toContainEqual({ id: null, title: null, count: 2 });
    expect(parseRange(new URL("http://x/?days=365"))).toBe(365);
    expect(parseRange(new URL("http://x/?days=12"))).toBe(30);
  });
});
