import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { importManifest } from "~/features/media/import.server";
import { findMedia, parseFilters } from "~/features/media/media.server";
import { languageFromRequest } from "~/lib/i18n.server";
import { CHANNEL, publishChange, startChangeListener, stopChangeListener, subscribeToChanges } from "~/lib/change-bus.server";
import { getEnv } from "~/lib/env.server";
import { invalidatePages } from "~/lib/page-invalidation.server";
import { publicContentChanged } from "~/lib/public-content.server";
import { resetDatabase } from "../tests/helpers/database";
import { sourcePageTable } from "../tests/helpers/page-table";
import { createPageCache } from "./page-cache";
import { nextChange } from "../tests/helpers/change-bus";

/**
 * The page cache in front of a renderer that reads the real library from the worker's PostgreSQL
 * (React Router's handler needs the built app; the cache does not care what renders the page).
 */
let renders = 0;
let server: ReturnType<express.Express["listen"]>;
let base = "";
let cache: ReturnType<typeof createPageCache>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-cache-"));

const SCRIPT = "window.__page = 1;";

/** What the renderer of /profile was given (ADR 0031: nothing of a session). */
const profileRenders: Array<{ cookie: string | null; pageShell: unknown }> = [];

/** The addresses the renderer was asked for. */
const renderedUrls: string[] = [];

async function renderPage(request: Request, nonce = "", context: Record<string, unknown> = {}): Promise<Response> {
  renders++;
  const url = new URL(request.url);
  renderedUrls.push(`${url.pathname}${url.search}`);
  const language = languageFromRequest(request);
  if (url.pathname === "/profile") {
    const cookie = request.headers.get("cookie");
    profileRenders.push({ cookie, pageShell: context.pageShell });
    // A careless loader would show whoever the cookie names: the shell must not get one.
    return new Response(`<p>${context.pageShell ? "shell" : `member ${cookie}`} ${language}</p>`, {
      headers: { "Content-Type": "text/html" },
    });
  }
  if (url.pathname === "/auth") {
    // Like the language switcher: links built from the address the page was rendered for.
    return new Response(`<a href="/auth${url.search}&lang=de">de</a> ${request.headers.get("cookie")} ${url.host}`, {
      headers: { "Content-Type": "text/html" },
    });
  }
  if (url.pathname === "/contact") {
    // A page hydrated on first use, as entry.server.tsx sends it: React Router's scripts and data held back.
    const held = `<script nonce="${nonce}">window.__reactRouterContext = {};</script><script type="module" nonce="${nonce}">import "/assets/x.js";</script>`;
    const data = `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue("[\\"${language}\\"]\\n");</script><script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>`;
    return new Response(
      `<html lang="${language}"><body><form></form><template data-deferred-hydration="">${held}${data}</template></body></html>`,
      {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      },
    );
  }
  if (url.searchParams.get("category") === "lifestyle") {
    // A page that answers with a cookie (a session renewal, a consent record) is never shared.
    return new Response(`<p>shop ${language}</p><script nonce="${nonce}">${SCRIPT}</script>`, {
      headers: { "Content-Type": "text/html", "Set-Cookie": "seen=1; Path=/" },
    });
  }
  const { items } = await findMedia(parseFilters(url));
  const html = `<html lang="${language}"><body>${items.map((item) => `<h2>${item.title}</h2>`).join("")}<script nonce="${nonce}">${SCRIPT}</script></body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function writeManifest(name: string, titles: string[]) {
  const file = path.join(dir, `${name}.json`);
  const items = titles.map((title) => ({ title, file_type: "services", service_kind: "REST", endpoint: "https://api.example.org" }));
  await fs.promises.writeFile(file, JSON.stringify({ categories: [], items }));
  return file;
}

async function get(pathAndQuery: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${pathAndQuery}`, { headers: { "accept-encoding": "gzip", ...headers } });
  return {
    status: response.status,
    state: response.headers.get("x-page-cache"),
    body: await response.text(),
    setCookie: response.headers.get("set-cookie"),
    cacheControl: response.headers.get("cache-control"),
    policy: response.headers.get("content-security-policy") ?? "",
  };
}

beforeAll(async () => {
  await resetDatabase();
  await importManifest(await writeManifest("first", ["Translation API"]));
  const pages = await sourcePageTable();
  cache = createPageCache({
    pages: () => pages,
    getLoadContext: () => ({}),
    handler: (request, context) => renderPage(request, String(context.cspNonce), context),
  });
  const app = express();
  // Like server/app.ts: every answer has its own nonce; the console audience (here: a test header).
  app.use((req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.locals.consoleAudience = req.headers["x-test-audience"] ?? "public";
    next();
  });
  app.use(cache);
  // What React Router does for everything the cache passes on.
  app.use(async (req, res) => {
    const response = await renderPage(new Request(`http://localhost${req.originalUrl}`, { headers: { cookie: req.headers.cookie ?? "" } }));
    res
      .status(response.status)
      .type("html")
      .send(await response.text());
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  cache.close();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  invalidatePages("*");
  renders = 0;
});

describe("page cache", () => {
  it("renders a library page once for anonymous visitors and serves the copy after that", async () => {
    const first = await get("/media");
    const second = await get("/media");
    expect(first.state).toBe("miss");
    expect(second.state).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.body).toContain("<h2>Translation API</h2>");
    expect(renders).toBe(1);
  });

  it("treats queries the library reads the same way as one page, and a query it does not know as uncacheable", async () => {
    await get("/media?q=api");
    expect((await get("/media?q=%20api%20")).state).toBe("hit");
    expect((await get("/media?type=all&q=api")).state).toBe("hit");
    expect((await get("/media?q=other")).state).toBe("miss");
    const unknown = await get("/media?q=api&ref=mail");
    expect(unknown.state).toBeNull();
    expect(renders).toBe(3);
    // A campaign's utm_* is for the analytics only: the same page, rendered without it.
    expect((await get("/media?q=api&utm_source=mail")).state).toBe("hit");
  });

  it("renders a library page for the category slug and language the address names (links from /consulting)", async () => {
    await get("/media");
    const filtered = await get("/media?category=Tutorials&language=de");
    expect(filtered.state).toBe("miss");
    expect(renderedUrls.at(-1)).toBe("/media?category=tutorials&language=de");
    expect((await get("/media?language=de&category=tutorials")).state).toBe("hit");
    expect((await get("/media?category=tutorials")).state).toBe("miss");
    expect(renderedUrls.at(-1)).toBe("/media?category=tutorials");
  });

  it("shows an imported item at once: the import drops the cached library pages", async () => {
    expect((await get("/media")).body).not.toContain("Fresh item");
    expect((await get("/media")).state).toBe("hit");
    await importManifest(await writeManifest("second", ["Fresh item"]));
    const after = await get("/media");
    expect(after.state).toBe("miss");
    expect(after.body).toContain("<h2>Fresh item</h2>");
  });

  it("drops only the pages of the tag that changed", async () => {
    await get("/media");
    await get("/about");
    invalidatePages("shop");
    expect((await get("/media")).state).toBe("hit");
    expect((await get("/about")).state).toBe("hit");
    invalidatePages("media");
    expect((await get("/media")).state).toBe("miss");
    expect((await get("/about")).state).toBe("hit");
  });

  it("never caches for a visitor with a session cookie", async () => {
    await get("/media");
    const signedIn = { cookie: "language=en; better-auth.session_token=abc.def" };
    const first = await get("/media", signedIn);
    const second = await get("/media", signedIn);
    expect(first.state).toBeNull();
    expect(second.state).toBeNull();
    expect(renders).toBe(3);
    expect((await get("/media", { cookie: "__Secure-better-auth.session_token=abc.def" })).state).toBeNull();
  });

  it("sees the session cookie in every form better-auth reads it (no signed-in page is ever shared)", async () => {
    for (const cookie of [
      "better-auth.session_token =abc.def",
      "language=en;better-auth.session_token=abc.def",
      "x=1;\tbetter-auth.session_token\t= abc.def",
      'better-auth.session_token="abc.def"',
      "better-auth.session_token=abc.def; better-auth.session_token=other.sig",
    ]) {
      expect((await get("/media", { cookie })).state, cookie).toBeNull();
    }
    expect(cache.size()).toBe(0);
  });

  it("never keeps an answer that sets a cookie", async () => {
    const first = await get("/shop?category=lifestyle");
    const second = await get("/shop?category=lifestyle");
    expect(first.state).toBe("bypass");
    expect(second.state).toBe("bypass");
    expect(second.setCookie).toContain("seen=1");
    expect(renders).toBe(2);
  });

  it("keeps each language apart, whether chosen by cookie or by link", async () => {
    const english = await get("/media");
    const german = await get("/media", { cookie: "language=de" });
    const spanish = await get("/media?lang=es");
    expect(english.body).toContain('lang="en"');
    expect(german.state).toBe("miss");
    expect(german.body).toContain('lang="de"');
    expect(spanish.state).toBe("miss");
    expect(spanish.body).toContain('lang="es"');
    expect((await get("/media?lang=de")).body).toContain('lang="de"');
    expect((await get("/media", { cookie: "language=es" })).state).toBe("hit");
    expect((await get("/media")).body).toContain('lang="en"');
    expect(renders).toBe(3);
  });

  it("allows a stored page's inline scripts by their hash, and gives each answer its own nonce", async () => {
    const hash = `'sha256-${createHash("sha256").update(SCRIPT).digest("base64")}'`;
    const first = await get("/media");
    const second = await get("/media");
    expect(second.state).toBe("hit");
    // The stored bytes carry no nonce at all: the same page for everyone, compressed once.
    expect(second.body).toContain(`<script>${SCRIPT}</script>`);
    expect(second.body).not.toContain("nonce=");
    for (const answer of [first, second]) {
      expect(answer.policy).toMatch(/script-src 'self' 'nonce-[^']+'/);
      expect(answer.policy).toContain(hash);
    }
    expect(second.policy).not.toBe(first.policy);
    // An answer that is not stored gets the answer's nonce in place of the placeholder.
    const shop = await get("/shop?category=lifestyle");
    const nonce = /'nonce-([^']+)'/.exec(shop.policy)?.[1];
    expect(shop.body).toContain(`<script nonce="${nonce}">`);
    expect(shop.policy).not.toContain("sha256-");
  });

  it("renders a page from its key alone: the first requester's query, cookies and Host never reach it", async () => {
    const first = await get("/auth?tab=%3Cb%3Eowned%3C/b%3E", { cookie: "tracking=evil; language=de", host: "evil.example" });
    expect(first.state).toBe("miss");
    for (const body of [first.body, (await get("/auth?lang=de")).body, (await get("/auth?tab=login", { cookie: "language=de" })).body]) {
      expect(body).toBe(`<a href="/auth&lang=de">de</a> language=de ${new URL(getEnv().PUBLIC_URL).host}`);
    }
    expect(renders).toBe(1);
    expect((await get("/auth?tab=signup")).body).toContain('href="/auth?tab=signup&lang=de"');
    // The library's filters in their canonical form: defaults left out, one order.
    await get("/media?type=all&q=%20translation%20");
    expect((await get("/media?q=translation")).state).toBe("hit");
  });

  it("gives each encoding of a stored page its own ETag, and answers If-None-Match per encoding", async () => {
    await get("/media");
    const tags = new Map<string, string>();
    for (const accepted of ["br", "gzip", "identity"]) {
      const response = await fetch(`${base}/media`, { headers: { "accept-encoding": accepted } });
      await response.arrayBuffer();
      tags.set(accepted, response.headers.get("etag")!);
      const again = await fetch(`${base}/media`, { headers: { "accept-encoding": accepted } });
      expect(again.headers.get("etag"), accepted).toBe(tags.get(accepted));
    }
    expect(new Set(tags.values()).size).toBe(3);
    const revalidate = (accepted: string, tag: string) =>
      fetch(`${base}/media`, { headers: { "accept-encoding": accepted, "if-none-match": tag } });
    expect((await revalidate("br", tags.get("br")!)).status).toBe(304);
    expect((await revalidate("gzip", `W/${tags.get("gzip")!}, "other"`)).status).toBe(304);
    expect((await revalidate("identity", "*")).status).toBe(304);
    const mismatch = await revalidate("br", tags.get("gzip")!);
    expect(mismatch.status).toBe(200);
    expect(mismatch.headers.get("content-encoding")).toBe("br");
  });

  it("sends a stored page in the coding the client takes, never one it refuses with q=0", async () => {
    const first = await get("/media");
    const codings: Array<[string, string | null]> = [
      ["gzip, deflate, br", "br"],
      ["br;q=0, gzip", "gzip"],
      ["*;q=0, GZIP", "gzip"],
      ["br;q=0, gzip;q=0", null],
      ["identity", null],
    ];
    for (const [accepted, expected] of codings) {
      const response = await fetch(`${base}/media`, { headers: { "accept-encoding": accepted } });
      expect(response.headers.get("x-page-cache"), accepted).toBe("hit");
      expect(response.headers.get("content-encoding"), accepted).toBe(expected);
      expect(response.headers.get("vary"), accepted).toBe("Accept-Encoding, Cookie");
      expect(await response.text(), accepted).toBe(first.body);
    }
    expect(renders).toBe(1);
  });
});

describe("the data of a page hydrated on first use (ADR 0095)", () => {
  it("keeps it out of the stored page and answers it from the same entry at the page's address", async () => {
    const page = await get("/contact?lang=de");
    expect(page.body).not.toContain("streamController");
    expect(page.body).toContain('window.__reactRouterContext = {};</script><script type="module">');
    expect(page.body).toContain('<script src="/contact?lang=de&amp;page-data=1" data-page-data=""></script></template>');
    // The data script is no inline script of the page: the policy allows two hashes, not four.
    expect(page.policy.match(/'sha256-/g)).toHaveLength(2);

    const response = await fetch(`${base}/contact?lang=de&page-data=1`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.text()).toBe(
      'window.__reactRouterContext.streamController.enqueue("[\\"de\\"]\\n");\nwindow.__reactRouterContext.streamController.close();',
    );
    expect(renders).toBe(1);
    const again = await fetch(`${base}/contact?lang=de&page-data=1`, {
      headers: { "accept-encoding": "br", "if-none-match": response.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("answers 404, never a page, where there is no stored page's data", async () => {
    // A page without held-back data, an uncacheable query, a session cookie (signed in since the page came).
    for (const [address, headers] of [
      ["/media?page-data=1", {}],
      ["/contact?page-data=1&unknown=1", {}],
      ["/contact?page-data=1", { cookie: "better-auth.session_token=abc.def" }],
    ] as const) {
      const answer = await get(address, headers);
      expect(answer.status, address).toBe(404);
      expect(answer.body).not.toContain("<html");
    }
  });
});

describe("the member shell of /profile (ADR 0031)", () => {
  const alice = { cookie: "better-auth.session_token=alice.sig; language=de" };
  const bob = { cookie: "language=de; __Secure-better-auth.session_token=bob.sig" };

  it("serves members one document per language, rendered without any cookie but the language", async () => {
    profileRenders.length = 0;
    const first = await get("/profile", alice);
    const second = await get("/profile", bob);
    expect(first.state).toBe("miss");
    expect(second.state).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(first.body).toBe("<p>shell de</p>");
    expect(second.cacheControl).toBe("private, no-store");
    expect(profileRenders).toEqual([{ cookie: "language=de", pageShell: true }]);
    expect((await get("/profile", { cookie: "better-auth.session_token=carol.sig" })).body).toBe("<p>shell en</p>");
  });

  it("leaves visitors, queries, account notices and console staff to the per-request render", async () => {
    profileRenders.length = 0;
    // No session cookie: React Router answers (the redirect to /auth); the shell is only for members.
    expect((await get("/profile")).state).toBeNull();
    expect((await get("/profile?token=abc", alice)).state).toBeNull();
    expect((await get("/profile?view=full", alice)).state).toBeNull();
    expect((await get("/profile?export=failed", alice)).state).toBeNull();
    expect((await get("/profile", { cookie: `${alice.cookie}; account_notice=confirmed` })).state).toBeNull();
    expect((await get("/profile", { ...alice, "x-test-audience": "admin" })).state).toBeNull();
    expect(profileRenders.every((render) => render.pageShell === undefined)).toBe(true);
  });
});

describe("page cache across server processes (the change bus, ADR 0025)", () => {
  // Another connection stands in for another server process.
  let other: pg.Client;
  let marks = 0;

  /** Waits until every change announced so far has been delivered here (NOTIFY keeps commit order). */
  async function settle() {
    const mark = `mark-${++marks}`;
    const arrived = nextChange(mark);
    await publishChange(mark);
    await arrived;
  }

  beforeAll(async () => {
    await startChangeListener();
    other = new pg.Client({ connectionString: getEnv().DATABASE_URL });
    await other.connect();
  });

  afterAll(async () => {
    await other.end();
    await stopChangeListener();
  });

  beforeEach(async () => {
    await settle();
    // Every mark dropped all pages ("*" for a topic the cache does not know): start empty.
    renders = 0;
  });

  /**
   * Runs `scenario` again (at most three times) when a change this test did not send (each of
   * `expected` is the test's own, once) was delivered
   * meanwhile: other test processes on the same test database (the cluster tests' child processes)
   * announce changes too, and any of them rightly drops pages.
   */
  async function withoutForeignChanges(expected: string[], scenario: () => Promise<void>) {
    for (let attempt = 1; ; attempt++) {
      const foreign: string[] = [];
      const awaited = [...expected];
      const unsubscribe = subscribeToChanges((topic) => {
        const own = awaited.indexOf(topic);
        if (own >= 0) awaited.splice(own, 1);
        else foreign.push(topic);
      });
      try {
        await scenario();
        return;
      } catch (error) {
        if (foreign.length === 0 || attempt === 3) throw error;
        await settle();
      } finally {
        unsubscribe();
      }
    }
  }

  it("drops the library's pages when another process announces a media change, and keeps the others", async () => {
    await withoutForeignChanges(["media"], async () => {
      await get("/media");
      await get("/about");
      expect((await get("/media")).state).toBe("hit");
      const delivered = nextChange("media");
      await other.query("select pg_notify($1, 'media')", [CHANNEL]);
      await delivered;
      expect((await get("/media")).state).toBe("miss");
      expect((await get("/about")).state).toBe("hit");
    });
  });

  it("announces this process's invalidation to the others", async () => {
    const seenByOthers = new Promise<string>((resolve) => {
      other.once("notification", (message) => resolve(String(message.payload)));
    });
    await other.query(`listen ${CHANNEL}`);
    await invalidatePages("shop");
    expect(await seenByOthers).toBe("shop");
    await other.query(`unlisten ${CHANNEL}`);
  });

  it("drops every page at once when the console changes public content, before the bus delivers it", async () => {
    await withoutForeignChanges([], async () => {
      await get("/media");
      await get("/about");
      expect((await get("/about")).state).toBe("hit");
    });
    publicContentChanged();
    // Synchronous in this process: the console's redirect already shows the change.
    expect((await get("/media")).state).toBe("miss");
    expect((await get("/about")).state).toBe("miss");
    await settle();
  });
});

describe("page cache with lifetime zero (development, ADR 0052)", () => {
  it("renders every request afresh through the cache's path: its key, headers, hashes and shell", async () => {
    const fresh = createPageCache({
      pages: sourcePageTable,
      lifetimeMs: 0,
      getLoadContext: () => ({}),
      handler: (request, context) => renderPage(request, String(context.cspNonce), context),
    });
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString("base64");
      next();
    });
    app.use(fresh);
    const devServer = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => devServer.once("listening", resolve));
    const devBase = `http://127.0.0.1:${(devServer.address() as AddressInfo).port}`;
    const fetchPage = async (pathAndQuery: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${devBase}${pathAndQuery}`, { headers: { "accept-encoding": "gzip", ...headers } });
      return { response, body: await response.text() };
    };
    try {
      const first = await fetchPage("/media?q=%20api%20");
      expect(first.response.headers.get("x-page-cache")).toBe("miss");
      // Rendered from the key alone, as a kept page is: the canonical query.
      expect(renderedUrls.at(-1)).toBe("/media?q=api");
      // Nothing was invalidated: the second request renders again because nothing is kept.
      const second = await fetchPage("/media?q=%20api%20");
      expect(second.response.headers.get("x-page-cache")).toBe("miss");
      expect(renders).toBe(2);
      // The same headers as a kept page: the strong ETag, the script's hash in the policy, Vary.
      expect(second.response.headers.get("etag")).toMatch(/^"[\w-]+-gzip"$/);
      expect(second.response.headers.get("vary")).toBe("Accept-Encoding, Cookie");
      expect(second.response.headers.get("content-security-policy")).toContain(
        `'sha256-${createHash("sha256").update(SCRIPT).digest("base64")}'`,
      );
      expect(second.body).not.toContain("nonce=");
      // A member's /profile is the shared shell here too, rendered with no session.
      const shell = await fetchPage("/profile", { cookie: "better-auth.session_token=abc.def" });
      expect(shell.response.headers.get("x-page-cache")).toBe("miss");
      expect(shell.body).toContain("shell");
      expect(fresh.size()).toBe(0);
    } finally {
      fresh.close();
      await new Promise((resolve) => devServer.close(resolve));
    }
  });
});
