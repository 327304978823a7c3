import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { xml2js } from "xml-js";
import { loader as feedLoader } from "~/routes/news.feed[.]xml";
import { loader as postLoader } from "~/routes/news.$slug";
import { loader as listLoader, meta as listMeta, page as listPage } from "~/routes/news";
import { loader as homeLoader } from "~/routes/home";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { stopJobs } from "~/lib/jobs.server";
import { metaFromLoader } from "~/lib/seo";
import { getEnv } from "~/lib/env.server";
import { parseRichTextJson, richTextValue } from "~/lib/rich-text";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RichTextBlocks } from "~/components/content/rich-text";
import { newsPreviewLink } from "~/lib/page-preview.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { insertPicture } from "../../../tests/helpers/page-pictures";
import type { NewsPostInput } from "./news-schema";
import { NEW_POST, publishNews, saveNewsDraft } from "./news.server";

/**
 * The visitor's news (ADR 0066) through the routes' loaders as the request handler calls them: the list
 * in the visitor's language, one post with its head (hreflang only for its published languages,
 * canonical, Open Graph article, Article JSON-LD), drafts as 404, the Atom feed against the feed
 * validator's rules that can be checked offline, the sitemap and home's latest posts.
 */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const origin = () => getEnv().PUBLIC_URL;
const input = (title: string, extra: Partial<NewsPostInput> = {}): NewsPostInput => ({
  title,
  slug: "",
  summary: `${title}: summary`,
  body: richTextValue({
    type: "doc",
    content: [{ type: "paragraph", content: [{ type: "text", text: `${title} <script>alert(1)</script> & more` }] }],
  }),
  coverId: "",
  tags: ["Team"],
  ...extra,
});
const request = (path: string, cookie?: string) => new Request(`${origin()}${path}`, { headers: cookie ? { cookie } : {} });
const args = (path: string, params: Record<string, string> = {}) => ({ request: request(path), params, context: {} }) as never;

async function statusOf(work: Promise<unknown>) {
  try {
    const result = await work;
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status;
  }
}

async function locationOf(work: Promise<unknown>) {
  try {
    await work;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
  }
  return null;
}

/** A post published in English and German, and a German draft of another. */
async function twoLanguagePost() {
  const { postId } = await publishNews(admin, NEW_POST, "de", input("Große Neuigkeit"));
  await publishNews(admin, postId!, "en", input("Big news"));
  await saveNewsDraft(admin, NEW_POST, "de", input("Nur ein Entwurf"));
  return postId!;
}

const tagsOf = (meta: ReturnType<typeof metaFromLoader>) => meta as Array<Record<string, unknown>>;

describe("news pages", () => {
  beforeEach(async () => {
    await resetDatabase();
  });
  afterAll(async () => {
    await stopJobs();
  });

  it("lists the visitor's language's posts newest first, a page at a time, with an empty state and the feed in the head", async () => {
    expect((await listLoader(args("/news?lang=es"))).posts).toEqual([]);
    await twoLanguagePost();
    const german = await listLoader(args("/news?lang=de"));
    expect(german.posts.map((post) => post.title)).toEqual(["Große Neuigkeit"]);
    expect(german.feed).toBe(`${origin()}/news/feed.xml?lang=de`);
    const head = tagsOf(listMeta({ data: german } as never));
    expect(head).toContainEqual(
      expect.objectContaining({ rel: "alternate", type: "application/atom+xml", href: `${origin()}/news/feed.xml?lang=de` }),
    );
    for (let index = 0; index < 11; index += 1) await publishNews(admin, NEW_POST, "en", input(`Post ${index}`));
    const first = await listLoader(args("/news"));
    expect([first.posts.length, first.pages, first.posts[0]!.title]).toEqual([10, 2, "Post 10"]);
    const second = await listLoader(args("/news?page=2"));
    expect(second.posts.map((post) => post.title)).toEqual(["Post 0", "Big news"]);
    expect(second.meta.canonical).toBe(`${origin()}/news?page=2`);
    expect(await statusOf(listLoader(args("/news?page=3")))).toBe(404);
    expect(await statusOf(listLoader(args("/news?page=x")))).toBe(404);
    // The page cache keeps one entry per page of the list, and none for a query it does not know.
    expect([listPage.cache.key(new URLSearchParams("page=1")), listPage.cache.key(new URLSearchParams("page=2&lang=de"))]).toEqual([
      "",
      "page=2",
    ]);
    expect(listPage.cache.key(new URLSearchParams("utm=1"))).toBeUndefined();
  });

  it("shows a post with hreflang for its published languages only, canonical, Open Graph article and an Article", async () => {
    await twoLanguagePost();
    const german = await postLoader(args("/news/grosse-neuigkeit?lang=de", { slug: "grosse-neuigkeit" }));
    expect(german.post.title).toBe("Große Neuigkeit");
    const tags = tagsOf(metaFromLoader({ data: german }));
    expect(tags.filter((tag) => tag.rel === "alternate").map((tag) => [tag.hrefLang, tag.href])).toEqual([
      ["en", `${origin()}/news/big-news`],
      ["de", `${origin()}/news/grosse-neuigkeit?lang=de`],
      ["x-default", `${origin()}/news/big-news`],
    ]);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${origin()}/news/grosse-neuigkeit?lang=de` });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    const article = tags.find((tag) => (tag["script:ld+json"] as { "@type"?: string } | undefined)?.["@type"] === "Article")?.[
      "script:ld+json"
    ];
    expect(article).toMatchObject({ headline: "Große Neuigkeit", inLanguage: "de", url: `${origin()}/news/grosse-neuigkeit?lang=de` });
  });

  it("shows the body's published library pictures with their size, and nothing for a draft picture", async () => {
    const photo = await insertPicture("Studio", { altText: "The studio" });
    const draft = await insertPicture("Not yet", { publishedAt: null });
    const body = richTextValue({
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Before" }] },
        { type: "image", attrs: { mediaId: photo, alt: "Unser Studio" } },
        { type: "image", attrs: { mediaId: draft } },
        { type: "paragraph", content: [{ type: "text", text: "After" }] },
      ],
    });
    await publishNews(admin, NEW_POST, "de", input("Mit Bild", { body }));
    const { post } = await postLoader(args("/news/mit-bild?lang=de", { slug: "mit-bild" }));
    const parsed = parseRichTextJson(post.body);
    const html = renderToStaticMarkup(createElement(RichTextBlocks, { doc: parsed.ok ? parsed.doc : null, images: post.images }));
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(
      new RegExp(`src="/page-images/${photo}\\?v=[0-9a-z]+" width="480" height="320" alt="Unser Studio" loading="lazy"`),
    );
    expect(html).not.toContain(draft);
    expect(html).toMatch(/<p>Before<\/p><figure>.*<\/figure><p>After<\/p>/);
  });

  it("answers 404 for a draft and an unknown slug, and sends another language's slug to the right post", async () => {
    await twoLanguagePost();
    expect(await statusOf(postLoader(args("/news/nur-ein-entwurf?lang=de", { slug: "nur-ein-entwurf" })))).toBe(404);
    expect(await statusOf(postLoader(args("/news/no-such-post", { slug: "no-such-post" })))).toBe(404);
    expect(await statusOf(postLoader(args("/news/..%2f", { slug: "../" })))).toBe(404);
    // The German slug read in English: the English post; in Spanish (not published): the German one.
    expect(await locationOf(postLoader(args("/news/grosse-neuigkeit", { slug: "grosse-neuigkeit" })))).toBe("/news/big-news?lang=en");
    expect(await locationOf(postLoader(args("/news/grosse-neuigkeit?lang=es", { slug: "grosse-neuigkeit" })))).toBe(
      "/news/grosse-neuigkeit?lang=de",
    );
  });

  it("shows a draft through its preview link only, never indexed, while its address stays 404 (ADR 0066)", async () => {
    const { postId } = await saveNewsDraft(admin, NEW_POST, "de", input("Nur ein Entwurf"));
    expect(await statusOf(postLoader(args("/news/nur-ein-entwurf?lang=de", { slug: "nur-ein-entwurf" })))).toBe(404);
    const link = new URL(newsPreviewLink(postId!, "nur-ein-entwurf", "de").url);
    expect(link.pathname).toBe("/news/nur-ein-entwurf");
    const path = `${link.pathname}${link.search}`;
    const shown = (await postLoader(args(path, { slug: "nur-ein-entwurf" }))) as Awaited<ReturnType<typeof postLoader>>;
    expect(shown.post.title).toBe("Nur ein Entwurf");
    expect(shown.meta.noindex).toBe(true);
    expect(shown.meta.alternates).toEqual([]);
    // A link of a language the post has no text in shows nothing.
    const spanish = new URL(newsPreviewLink(postId!, "nur-ein-entwurf", "es").url);
    expect(await statusOf(postLoader(args(`${spanish.pathname}${spanish.search}`, { slug: "nur-ein-entwurf" })))).toBe(404);
  });

  it("serves a valid Atom feed per language: well-formed, required elements, RFC 3339 dates, unique ids, self equals its address", async () => {
    await twoLanguagePost();
    await publishNews(admin, NEW_POST, "de", input("Zweite Meldung"));
    const response = await feedLoader(args("/news/feed.xml?lang=de"));
    expect(response.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    // xml-js parses with sax in strict mode: anything not well-formed throws.
    type Node = { _attributes?: Record<string, string>; _text?: string } & Record<string, unknown>;
    const feed = (xml2js(xml, { compact: true, alwaysArray: ["entry", "link"] }) as { feed: Node }).feed;
    const text = (node: unknown) => (node as Node | undefined)?._text;
    expect(feed._attributes?.xmlns).toBe("http://www.w3.org/2005/Atom");
    const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
    expect(text(feed.id)).toBe(`${origin()}/news/feed.xml?lang=de`);
    expect(text(feed.title)).toBeTruthy();
    expect(text(feed.updated)).toMatch(RFC3339);
    expect(text((feed.author as Node).name)).toBeTruthy();
    expect((feed.link as Node[]).find((link) => link._attributes?.rel === "self")?._attributes?.href).toBe(
      `${origin()}/news/feed.xml?lang=de`,
    );
    const entries = feed.entry as Node[];
    expect(entries.map((entry) => text(entry.title))).toEqual(["Zweite Meldung", "Große Neuigkeit"]);
    expect(new Set(entries.map((entry) => text(entry.id))).size).toBe(2);
    for (const entry of entries) {
      expect(text(entry.id)).toMatch(/^tag:[a-z0-9.-]+,\d{4}-\d\d-\d\d:news:[0-9a-f-]{36}:de$/);
      expect([text(entry.updated), text(entry.published)]).toEqual([expect.stringMatching(RFC3339), expect.stringMatching(RFC3339)]);
      expect((entry.link as Node[])[0]?._attributes?.href).toMatch(new RegExp(`^${origin()}/news/[a-z0-9-]+\\?lang=de$`));
      // The body is HTML, escaped into the XML: the script the author typed is text in it, never an element.
      const content = entry.content as Node;
      expect(content._attributes?.type).toBe("html");
      expect(content._text).toContain("&lt;script&gt;");
      expect(content._text).not.toContain("<script>");
    }
    // English by default, with its own self link; another language's feed does not list German posts.
    const english = await (await feedLoader(args("/news/feed.xml"))).text();
    expect(english).toContain(`<link rel="self" type="application/atom+xml" href="${origin()}/news/feed.xml"/>`);
    expect(english).toContain("Big news");
    expect(english).not.toContain("Große Neuigkeit");
    expect((await feedLoader(args("/news/feed.xml?lang=fr"))).status).toBe(404);
  });

  it("lists each published language of a post in the sitemap with its alternates, and home shows the latest three", async () => {
    await twoLanguagePost();
    const sitemap = await (
      await sitemapLoader({ request: request("/sitemap.xml"), params: {}, context: { pages: { sitemapPaths: ["/news"] } } } as never)
    ).text();
    expect(sitemap).toContain(`<loc>${origin()}/news/big-news</loc>`);
    expect(sitemap).toContain(`<loc>${origin()}/news/grosse-neuigkeit?lang=de</loc>`);
    expect(sitemap).not.toContain("nur-ein-entwurf");
    expect(sitemap).not.toContain("/news/big-news?lang=es");
    expect(sitemap).toContain(`<loc>${origin()}/news?lang=es</loc>`);

    expect((await homeLoader(args("/?lang=es"))).news).toEqual([]);
    for (let index = 0; index < 3; index += 1) await publishNews(admin, NEW_POST, "de", input(`Meldung ${index}`));
    expect((await homeLoader(args("/?lang=de"))).news.map((post) => post.title)).toEqual(["Meldung 2", "Meldung 1", "Meldung 0"]);
  });
});
