import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { runRetention } from "~/features/privacy/retention.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { bufferedEvents, flushEvents, recordEvent, resetEventsForTesting, saltOf, utcDay, visitorHash } from "./events.server";
import { deleteOldAnalyticsEvents, rollUpAnalytics } from "./rollup.server";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

function view(address: string, extra: Record<string, string> = {}) {
  recordEvent({ kind: "view", path: "/about", language: "en", browserLanguage: "de", address, userAgent: browser, ...extra });
}

async function daily(dimension: string) {
  const { rows } = await db().execute<{ key: string; detail: string; views: number; visitors: number; zero_results: number }>(
    sql`select key, detail, views, visitors, zero_results from analytics_daily where dimension = ${dimension} order by key, detail`,
  );
  return rows;
}

beforeEach(async () => {
  resetEventsForTesting();
  await resetDatabase();
});
afterAll(resetDatabase);

describe("analytics events", () => {
  it("writes the buffer in one go, with a day's visitor hash and no address or user agent", async () => {
    view("203.0.113.7");
    view("203.0.113.7");
    view("198.51.100.4");
    expect(bufferedEvents()).toBe(3);
    expect(await flushEvents()).toBe(3);
    expect(bufferedEvents()).toBe(0);
    const { rows } = await db().execute<{ visitor: Buffer; row: string }>(sql`select visitor, e::text as row from analytics_events e`);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.visitor.toString("hex"))).size).toBe(2);
    expect(rows[0]!.visitor).toHaveLength(8);
    // Nothing of the address or the browser's identity reaches the table.
    for (const { row } of rows) {
      expect(row).not.toContain("203.0.113");
      expect(row).not.toContain("198.51.100");
      expect(row).not.toContain("Mozilla");
    }
    expect(await flushEvents()).toBe(0);
  });

  it("keeps one salt, today's: a new day's salt replaces the old one, and the same visitor hashes differently", async () => {
    await db().execute(sql`insert into analytics_salts (day, salt) values ('2020-01-01', '\\x00')`);
    const today = utcDay();
    const salt = await saltOf(today);
    expect(salt).toHaveLength(32);
    const { rows } = await db().execute<{ day: string }>(sql`select to_char(day, 'YYYY-MM-DD') as day from analytics_salts`);
    expect(rows.map((row) => row.day)).toEqual([today]);
    // The same in another process (no cache): one salt per day across processes.
    resetEventsForTesting();
    expect((await saltOf(today)).equals(salt)).toBe(true);
    const yesterday = utcDay(new Date(Date.now() - 24 * 3600_000));
    const old = await saltOf(yesterday);
    expect(old.equals(salt)).toBe(false);
    expect(visitorHash(old, "site", "203.0.113.7", browser)).not.toEqual(visitorHash(salt, "site", "203.0.113.7", browser));
    // A late event's salt does not outlive its use.
    expect((await db().execute(sql`select 1 from analytics_salts where day = ${yesterday}`)).rows).toHaveLength(0);
  });

  it("keeps events for the next flush when the database refuses them", async () => {
    view("203.0.113.7");
    await db().execute(sql`alter table analytics_events add constraint analytics_test_refuse check (path <> '/about') not valid`);
    try {
      expect(await flushEvents()).toBe(0);
      expect(bufferedEvents()).toBe(1);
    } finally {
      await db().execute(sql`alter table analytics_events drop constraint analytics_test_refuse`);
    }
    expect(await flushEvents()).toBe(1);
  });
});

describe("analytics roll-up and retention", () => {
  it("sums views and visitors per page, language, browser language, referrer, campaign, 404, search and item", async () => {
    view("203.0.113.7", { referrer: "news.example.org", utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring" });
    view("203.0.113.7");
    view("198.51.100.4", { path: "/", language: "de" });
    recordEvent({ kind: "not_found", path: "/old", referrer: "/about", address: "198.51.100.4", userAgent: browser });
    recordEvent({ kind: "search", query: "patent", filters: "", results: 3, address: "198.51.100.4", userAgent: browser });
    recordEvent({ kind: "search", query: "zebra", filters: "type=video", results: 0, address: "198.51.100.4", userAgent: browser });
    recordEvent({ kind: "search", query: "zebra", filters: "type=video", results: 0, address: "203.0.113.7", userAgent: browser });
    const item = "7c3f0a3e-4b1d-4c55-9a57-2f1e7c3b9d10";
    recordEvent({ kind: "preview", itemId: item, address: "198.51.100.4", userAgent: browser });
    recordEvent({ kind: "gated_download", itemId: item, address: "198.51.100.4", userAgent: browser });
    await flushEvents();
    expect(await rollUpAnalytics()).toEqual([utcDay()]);

    expect(await daily("total")).toEqual([{ key: "", detail: "", views: 3, visitors: 2, zero_results: 0 }]);
    expect(await daily("page")).toEqual([
      { key: "/", detail: "", views: 1, visitors: 1, zero_results: 0 },
      { key: "/about", detail: "", views: 2, visitors: 1, zero_results: 0 },
    ]);
    expect(await daily("languages")).toEqual([
      { key: "de", detail: "de", views: 1, visitors: 1, zero_results: 0 },
      { key: "en", detail: "de", views: 2, visitors: 1, zero_results: 0 },
    ]);
    expect(await daily("referrer")).toEqual([{ key: "news.example.org", detail: "", views: 1, visitors: 1, zero_results: 0 }]);
    expect(await daily("campaign")).toEqual([{ key: "spring", detail: "newsletter / email", views: 1, visitors: 1, zero_results: 0 }]);
    expect(await daily("not_found")).toEqual([{ key: "/old", detail: "/about", views: 1, visitors: 1, zero_results: 0 }]);
    expect(await daily("search")).toEqual([
      { key: "patent", detail: "", views: 1, visitors: 1, zero_results: 0 },
      { key: "zebra", detail: "type=video", views: 2, visitors: 2, zero_results: 2 },
    ]);
    expect(await daily("preview")).toEqual([{ key: item, detail: "", views: 1, visitors: 1, zero_results: 0 }]);
    expect(await daily("gated")).toEqual([{ key: item, detail: "", views: 1, visitors: 1, zero_results: 0 }]);

    // Today is not final: a later run sums it again, with what came since, and counts nothing twice.
    view("192.0.2.1");
    await flushEvents();
    await rollUpAnalytics();
    expect(await daily("total")).toEqual([{ key: "", detail: "", views: 4, visitors: 3, zero_results: 0 }]);
  });

  it("deletes raw events of summed days after the retention period and keeps the sums", async () => {
    await db().execute(sql`
      insert into analytics_events (day, kind, path, visitor)
      select (now() at time zone 'utc')::date - d, 'view', '/about', '\\x0102030405060708'::bytea from generate_series(0, 40) d`);
    // At noon UTC: every day before today is final (in the first hour of a day, yesterday still is not).
    const noon = new Date(`${utcDay()}T12:00:00Z`);
    expect((await rollUpAnalytics(noon)).length).toBe(41);
    // Days before today are final: not summed again.
    expect(await rollUpAnalytics(noon)).toEqual([utcDay()]);
    const report = await runRetention();
    expect(report.analyticsEvents).toBe(10);
    expect(await deleteOldAnalyticsEvents(5)).toBe(25);
    const { rows } = await db().execute<{ days: number; sums: number }>(sql`
      select (select count(*)::int from analytics_events) as days,
             (select count(*)::int from analytics_daily where dimension = 'total') as sums`);
    expect(rows[0]).toEqual({ days: 6, sums: 41 });
  });
});
