import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { baseUrl } from "../helpers/accounts";
import { e2eDataDir, withDatabase } from "../helpers/e2e-server";

/**
 * Counting without tracking (issue 25, ADR 0068), as a visitor's browser sees it: the site leaves no
 * cookie and no storage behind, talks to no other host, and what the database keeps of the visit is
 * neither the client address nor the user agent.
 */

// A desktop Chrome's user agent (the headless shell's own names itself a bot and is not counted), with a
// token to look for in the database.
const TOKEN = `Tok${randomUUID().replaceAll("-", "")}`;
const USER_AGENT = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${TOKEN}`;
const CAMPAIGN = `spring-${TOKEN.toLowerCase()}`;
const MISSING_WORD = `zzq${TOKEN.slice(3, 15).toLowerCase()}`;

test("a visit counts without a cookie, storage, another host or a stored address or user agent", async ({ browser }) => {
  test.setTimeout(120_000);
  const site = new URL(baseUrl());
  const context = await browser.newContext({ userAgent: USER_AGENT, locale: "de-DE" });
  const page = await context.newPage();
  const otherHosts: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.host !== site.host) otherHosts.push(request.url());
  });

  // Landing from a newsletter link: the page is in the site's default language, English, while the browser prefers German.
  await page.goto(`/?utm_source=newsletter&utm_medium=email&utm_campaign=${CAMPAIGN}`, {
    referer: "https://news.example.org/stories/ip-angel?ref=123",
  });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto(`/media?q=${MISSING_WORD}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/no-such-page-for-analytics", { referer: "https://blog.example.net/links" });

  expect(otherHosts).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  for (const path of ["/", "/media"]) {
    await page.goto(path);
    expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({});
    // The tab's own scroll positions for the back button (React Router's ScrollRestoration) are all it keeps:
    // gone with the tab, and no identifier in them.
    const tab = await page.evaluate(() => ({ ...sessionStorage }));
    expect(Object.keys(tab).filter((key) => key !== "react-router-scroll-positions")).toEqual([]);
    expect(await page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);
  }
  expect(await context.cookies()).toEqual([]);

  // Choosing another language is the one thing the browser keeps: the choice itself, nothing that counts.
  await page.goto(`/about?lang=es&utm_campaign=${CAMPAIGN}-es`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect((await context.cookies()).map(({ name, value }) => ({ name, value }))).toEqual([{ name: "language", value: "es" }]);
  expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({ language: "es" });
  expect(otherHosts).toEqual([]);
  await context.close();

  await withDatabase(e2eDataDir(), async (client) => {
    // Events reach the database within a second of the answer (one INSERT a second per process).
    await expect
      .poll(async () => {
        const { rows } = await client.query<{ kind: string; path: string; language: string; browser_language: string; referrer: string }>(
          "select kind, path, language, browser_language, referrer from analytics_events where utm_campaign = $1",
          [CAMPAIGN],
        );
        return rows;
      })
      .toEqual([{ kind: "view", path: "/", language: "en", browser_language: "de", referrer: "news.example.org" }]);
    await expect
      .poll(
        async () =>
          (await client.query("select language, browser_language from analytics_events where utm_campaign = $1", [`${CAMPAIGN}-es`])).rows,
      )
      .toEqual([{ language: "es", browser_language: "de" }]);
    await expect
      .poll(async () => (await client.query("select kind, results from analytics_events where query = $1", [MISSING_WORD])).rows)
      .toEqual([{ kind: "search", results: 0 }]);
    await expect
      .poll(
        async () =>
          (await client.query("select referrer from analytics_events where kind = 'not_found' and path = '/no-such-page-for-analytics'"))
            .rows,
      )
      .toContainEqual({ referrer: "blog.example.net" });

    // Nothing anywhere in the database holds the browser's user agent, and no analytics row holds an address.
    const { rows: tables } = await client.query<{ name: string }>(
      "select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    const holding: string[] = [];
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${name} t where t::text like $1`, [`%${TOKEN}%`]);
      if (rows[0]!.n > 0) holding.push(name);
    }
    expect(holding).toEqual([]);
    for (const name of ["analytics_events", "analytics_daily", "analytics_salts"]) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${name} t where t::text ~ $1`, [
        "127\\.0\\.0\\.1|::1|::ffff:",
      ]);
      expect(rows[0]!.n, name).toBe(0);
    }
  });
});
