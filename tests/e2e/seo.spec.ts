import { expect, test } from "@playwright/test";
import { htmlLang, metaContent, metaContents, tagsOf, titleOf } from "../helpers/html";
import { routeTable } from "../helpers/routes";

const base = () => process.env.E2E_BASE_URL!;

/** The head's tags a search engine or a link preview reads, from the server's HTML (no script is needed for them). */
function head(html: string) {
  const links = tagsOf(html, "link");
  return {
    lang: htmlLang(html),
    title: titleOf(html),
    description: metaContent(html, "description"),
    canonical: links.find((link) => link.rel === "canonical")?.href ?? null,
    alternates: Object.fromEntries(
      links.filter((link) => link.rel === "alternate" && link.hreflang).map((link) => [link.hreflang, link.href]),
    ),
    ogTitle: metaContent(html, "og:title"),
    ogDescription: metaContent(html, "og:description"),
    ogUrl: metaContent(html, "og:url"),
    ogType: metaContent(html, "og:type"),
    ogLocale: metaContent(html, "og:locale"),
    ogLocaleAlternates: metaContents(html, "og:locale:alternate"),
    ogImage: metaContent(html, "og:image"),
    twitterCard: metaContent(html, "twitter:card"),
    twitterImage: metaContent(html, "twitter:image"),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1]),
  };
}

test.describe("search engines and link previews", () => {
  for (const path of ["/", "/contact"]) {
    test(`${path}: canonical, hreflang, Open Graph and Twitter tags in every language`, async ({ request }) => {
      const titles = new Set<string>();
      const descriptions = new Set<string>();
      for (const [lang, locale] of [
        ["en", "en_US"],
        ["de", "de_DE"],
        ["es", "es_ES"],
      ] as const) {
        const tags = head(await (await request.get(`${path}?lang=${lang}`)).text());
        const url = `${base()}${path}${lang === "en" ? "" : `?lang=${lang}`}`;
        expect(tags.lang).toBe(lang);
        expect(tags.canonical).toBe(url);
        expect(tags.ogUrl).toBe(url);
        expect(tags.alternates).toEqual({
          en: `${base()}${path}`,
          de: `${base()}${path}?lang=de`,
          es: `${base()}${path}?lang=es`,
          "x-default": `${base()}${path}`,
        });
        expect(tags.ogTitle).toBe(tags.title);
        expect(tags.ogDescription).toBe(tags.description);
        expect(tags.ogType).toBe("website");
        expect(tags.ogLocale).toBe(locale);
        expect(tags.ogLocaleAlternates).toHaveLength(2);
        expect(tags.twitterCard).toBe("summary_large_image");
        expect(tags.ogImage).toBe(`${base()}/og-image.png`);
        expect(tags.twitterImage).toBe(tags.ogImage);
        titles.add(tags.title);
        descriptions.add(tags.description ?? "");

        const organization = JSON.parse(tags.jsonLd[0]);
        expect(organization["@type"]).toBe("Organization");
        expect(organization.name).toBe("IP Angel");
        expect(organization.url).toBe(`${base()}/`);
        expect(organization.address.addressLocality).toBe("Frankfurt am Main");
      }
      // One title and description per language.
      expect(titles.size).toBe(3);
      expect(descriptions.size).toBe(3);

      const image = await request.get("/og-image.png");
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
      const bytes = await image.body();
      // PNG header: width and height at bytes 16..24.
      expect(bytes.readUInt32BE(16)).toBe(1200);
      expect(bytes.readUInt32BE(20)).toBe(630);
    });
  }

  test("home and contact have different titles", async ({ request }) => {
    const home = titleOf(await (await request.get("/?lang=en")).text());
    expect(titleOf(await (await request.get("/contact?lang=en")).text())).not.toBe(home);
  });

  test("the not-found page asks search engines not to index it", async ({ request }) => {
    const response = await request.get("/no-such-page-for-seo");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(metaContents(html, "robots")).toEqual(["noindex"]);
    expect(tagsOf(html, "link").filter((link) => link.rel === "canonical")).toEqual([]);
  });

  test("sitemap.xml lists every public page in every language with alternates", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    // News posts other specs publish on the shared server have entries of their own (news.db tests cover them).
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).filter((loc) => !loc!.includes("/news/"));
    const listed = routeTable().filter((route) => route.sitemap);
    expect(listed.map((route) => route.path)).toContain("/media");
    expect(locs).toHaveLength(listed.length * 3);
    for (const { path } of listed) {
      for (const suffix of ["", "?lang=de", "?lang=es"]) expect(locs).toContain(`${base()}${path}${suffix}`);
    }
    expect(locs).not.toContain(`${base()}/profile`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${base()}/contact?lang=de"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${base()}/contact"/>`);
  });

  test("robots.txt allows crawling, keeps out private paths and points at the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Allow: /");
    for (const path of ["/profile", "/api/", "/files/"]) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain(`Sitemap: ${base()}/sitemap.xml`);
  });

  for (const path of ["/", "/contact"]) {
    test(`${path} makes no request to another host`, async ({ page }) => {
      const origins = new Set<string>();
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.protocol !== "data:") origins.add(url.origin);
      });
      await page.goto(path, { waitUntil: "networkidle" });
      expect(origins.size).toBeGreaterThan(0);
      expect([...origins]).toEqual([new URL(base()).origin]);
      // The typeface is the site's own file (ADR 0076), loaded, and the text is set in it.
      const faces = await page.evaluate(() =>
        [...document.fonts].filter((face) => face.status === "loaded").map((face) => `${face.family.replaceAll('"', "")} ${face.style}`),
      );
      expect(faces).toContain("Source Sans 3 normal");
      await expect(page.locator("h1").first()).toHaveCSS("font-family", /^"Source Sans 3"/);
    });
  }

  test("only the strictly necessary language cookie is set for visitors", async ({ page, context }) => {
    await page.goto("/contact?lang=de", { waitUntil: "networkidle" });
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).toEqual(["language"]);
  });

  test("cached pages still follow the language and the signed-in state bypasses the cache", async ({ request }) => {
    const first = await request.get("/?lang=es");
    const second = await request.get("/?lang=es");
    expect(second.headers()["x-page-cache"]).toBe("hit");
    // The same page, each answer with its own CSP nonce (ADR 0014).
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
    expect(withoutNonce(await second.text())).toBe(withoutNonce(await first.text()));
    expect(second.headers()["content-security-policy"]).not.toBe(first.headers()["content-security-policy"]);
    expect(await second.text()).toContain('<html lang="es"');
    const german = await request.get("/", { headers: { cookie: "language=de" } });
    expect(await german.text()).toContain('<html lang="de"');
    const signedIn = await request.get("/", { headers: { cookie: "better-auth.session_token=abc" } });
    expect(signedIn.headers()["x-page-cache"]).toBeUndefined();
    const withQuery = await request.get("/contact?subject=Hello");
    expect(withQuery.headers()["x-page-cache"]).toBeUndefined();
    expect(await withQuery.text()).toContain('value="Hello"');
  });
});
