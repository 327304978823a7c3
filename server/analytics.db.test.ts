import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushEvents, resetEventsForTesting } from "~/features/analytics/events.server";
import { db } from "~/lib/db.server";
import { RESULT_COUNT_HEADER } from "~/lib/page";
import { resetDatabase } from "../tests/helpers/database";
import { sourcePageTable } from "../tests/helpers/page-table";
import { countVisits } from "./analytics";
import { createPageCache } from "./page-cache";

/**
 * Counting over HTTP (ADR 0068): the counter mounted before the real page cache as server/app.ts
 * does, behind a trusted proxy (the client address comes through X-Forwarded-For, as Express reads
 * it); pages are rendered by a stand-in for React Router.
 */
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let server: ReturnType<express.Express["listen"]>;
let base = "";
let cache: ReturnType<typeof createPageCache>;
let renders = 0;

function page(request: Request) {
  const url = new URL(request.url);
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  if (url.pathname === "/media") headers.set(RESULT_COUNT_HEADER, url.searchParams.get("q")?.toLowerCase() === "zebra" ? "0" : "4");
  // The library is hydrated on first use: its data is fetched from its address by its scripts (ADR 0095).
  const held =
    url.pathname === "/media"
      ? '<template data-deferred-hydration="interaction"><script>window.__reactRouterContext.streamController.close();</script></template>'
      : "";
  return new Response(`<html><body><h1>${url.pathname}</h1>${held}</body></html>`, { headers });
}

beforeAll(async () => {
  await resetDatabase();
  resetEventsForTesting();
  const pages = await sourcePageTable();
  cache = createPageCache({
    pages: () => pages,
    getLoadContext: () => ({}),
    handler: async (request) => {
      renders += 1;
      return page(request);
    },
  });
  const app = express();
  app.set("trust proxy", 1);
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(countVisits(() => pages));
  app.use(cache);
  app.get("/assets/{*file}", (_req, res) => void res.type("js").send("export {}"));
  // What React Router answers for the rest: a page the table knows, else the not-found page.
  app.use((req, res) => {
    if (!pages.find(req.path)) return void res.status(404).type("html").send("<html><body>Not found</body></html>");
    const answer = page(new Request(`http://localhost${req.originalUrl.replace(".data", "")}`));
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    void answer.text().then((body) => res.send(body));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  cache.close();
  await new Promise((resolve) => server.close(resolve));
  await resetDatabase();
});

async function visit(path: string, { from = "203.0.113.7", agent = CHROME, ...headers }: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    headers: { accept: "text/html", "user-agent": agent, "x-forwarded-for": from, ...headers },
  });
  await response.arrayBuffer();
  return response;
}

describe("counting page views over HTTP", () => {
  it("counts pages the cache answers, 404s with their referrer and library searches; not bots, assets, data requests, page data or the console", async () => {
    const first = await visit("/about", { "accept-language": "de-AT,de;q=0.9,en;q=0.5", referer: "https://news.example.org/story?id=1" });
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await visit("/about?utm_source=newsletter&utm_medium=email&utm_campaign=spring", {
      from: "198.51.100.4",
      agent: FIREFOX,
      "accept-language": "es-ES,es",
    });
    // A campaign link is still the cached page.
    expect(second.headers.get("x-page-cache")).toBe("hit");
    await visit("/about?lang=de", { from: "198.51.100.4", agent: FIREFOX, "accept-language": "es-ES,es" });
    await visit("/about", { referer: `${base}/`, "accept-language": "en-GB" });
    await visit("/about", { agent: GOOGLEBOT });
    await visit("/about", { "sec-purpose": "prefetch" });
    await visit("/about.data");
    await visit("/assets/app-123.js", { accept: "*/*" });
    await visit("/admin/analytics");
    await visit("/old-news/2019", { referer: `${base}/about` });
    await visit("/media?q=%20Zebra%20&type=video");
    const data = await visit("/media?q=Zebra&type=video&lang=en&page-data=1", { accept: "*/*", "sec-fetch-dest": "script" });
    expect(data.status).toBe(200);
    await visit("/media.data?q=patent");
    await visit("/media?q=patent&cursor=abc");
    expect(renders).toBe(4);

    await flushEvents();
    const { rows } = await db().execute<Record<string, string | number | null>>(sql`
      select kind, path, language, browser_language, referrer, utm_source, utm_medium, utm_campaign, query, filters, results
      from analytics_events order by kind, path, language, referrer, browser_language, query`);
    const common = { utm_source: "", utm_medium: "", utm_campaign: "", query: "", filters: "", results: null };
    expect(rows).toEqual([
      { ...common, kind: "not_found", path: "/old-news/2019", language: "", browser_language: "", referrer: "/about" },
      { ...common, kind: "search", path: "", language: "", browser_language: "", referrer: "", query: "patent", results: 4 },
      {
        ...common,
        kind: "search",
        path: "",
        language: "",
        browser_language: "",
        referrer: "",
        query: "zebra",
        filters: "type=video",
        results: 0,
      },
      { ...common, kind: "view", path: "/about", language: "de", browser_language: "es", referrer: "" },
      { ...common, kind: "view", path: "/about", language: "en", browser_language: "en", referrer: "" },
      {
        ...common,
        kind: "view",
        path: "/about",
        language: "en",
        browser_language: "es",
        referrer: "",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "spring",
      },
      { ...common, kind: "view", path: "/about", language: "en", browser_language: "de", referrer: "news.example.org" },
      // The library's first page and a "load more" asked for as a document: views, the latter no search.
      { ...common, kind: "view", path: "/media", language: "en", browser_language: "", referrer: "" },
      { ...common, kind: "view", path: "/media", language: "en", browser_language: "", referrer: "" },
    ]);
    const visitors = await db().execute<{ n: number }>(
      sql`select count(distinct visitor)::int as n from analytics_events where kind = 'view'`,
    );
    // 203.0.113.7 with Chrome (three views) and 198.51.100.4 with Firefox.
    expect(visitors.rows[0]!.n).toBe(2);
  });

  it("leaves no address and no user agent anywhere in the database", async () => {
    const { rows: tables } = await db().execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public'`);
    for (const { name } of tables) {
      const { rows } = await db().execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text ~ '203\\.0\\.113|198\\.51\\.100|Mozilla|Chrome|Firefox'`,
      );
      expect({ name, found: rows[0]!.n }).toEqual({ name, found: 0 });
    }
  });
});
