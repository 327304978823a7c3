import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CONTENT_PAGES, fieldsOf, withValues } from "~/lib/content-pages";
import { parseRichText, parseRichTextJson, RICH_TEXT_LIMITS, richTextFromParagraphs, richTextValue, safeHref } from "~/lib/rich-text";
import { RichTextBlocks } from "./rich-text";

/**
 * Rich text (ADR 0061): what a document from the console becomes on a page. Every test renders the
 * page's own component and reads the HTML a visitor's browser would get.
 */
const doc = (...content: unknown[]) => ({ type: "doc", content });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
const text = (value: string, ...marks: unknown[]) => ({ type: "text", text: value, ...(marks.length > 0 ? { marks } : {}) });
const link = (href: unknown) => ({ type: "link", attrs: { href } });
const html = (value: unknown) => renderToStaticMarkup(<RichTextBlocks doc={value} />);

describe("rich text on a page", () => {
  it("renders the allowed nodes and marks", () => {
    const out = html(
      doc(
        { type: "heading", attrs: { level: 2 }, content: [text("Who we are")] },
        { type: "heading", attrs: { level: 3 }, content: [text("Since 2020")] },
        paragraph(
          text("We "),
          text("build", { type: "bold" }),
          text(" and "),
          text("share", { type: "italic" }, { type: "bold" }),
          text("."),
        ),
        { type: "bulletList", content: [{ type: "listItem", content: [paragraph(text("One"))] }] },
        {
          type: "orderedList",
          content: [
            {
              type: "listItem",
              content: [
                paragraph(text("First")),
                { type: "bulletList", content: [{ type: "listItem", content: [paragraph(text("Nested"))] }] },
              ],
            },
          ],
        },
        paragraph(
          text("Mail", link("mailto:hello@ipangel.example")),
          text(" or "),
          text("contact", link("/contact?lang=de#form")),
          text(" or "),
          text("read", link("https://example.com/a?b=1")),
        ),
      ),
    );
    expect(out).toContain('<h2 class="text-xl font-semibold text-foreground">Who we are</h2>');
    expect(out).toContain("<h3");
    expect(out).toContain("<p>We <strong>build</strong> and <strong><em>share</em></strong>.</p>");
    expect(out).toMatch(/<ul class="[^"]*"><li class="space-y-2"><p>One<\/p><\/li><\/ul>/);
    expect(out).toMatch(/<ol class="[^"]*"><li class="space-y-2"><p>First<\/p><ul[^>]*><li[^>]*><p>Nested<\/p>/);
    expect(out).toContain('href="mailto:hello@ipangel.example"');
    expect(out).toContain('href="/contact?lang=de#form"');
    expect(out).toContain('href="https://example.com/a?b=1"');
  });

  it("shows markup in text as text: a script or an onerror attribute never becomes an element", () => {
    const out = html(
      doc(
        paragraph(text('<script>alert(1)</script><img src=x onerror="alert(2)">')),
        paragraph(text('"><svg onload=alert(3)>', link('/x" onmouseover="alert(4)'))),
      ),
    );
    expect(out).not.toMatch(/<script|<img|<svg/);
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
    // A href with a space or a quote is no link at all (the text stays, the mark goes).
    expect(out).not.toContain("<a");
    expect(out).not.toContain("onmouseover=");
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/path",
    "/\\evil.example",
    "https://",
    "http:/evil",
    "about",
    "mailto:",
    "ftp://files.example",
    42,
    null,
  ])("drops a link to %s and keeps its words", (href) => {
    const out = html(doc(paragraph(text("click me", link(href)))));
    expect(out).toBe("<p>click me</p>");
  });

  it("drops unknown nodes with everything inside them, unknown marks and attributes", () => {
    const out = html(
      doc(
        { type: "script", content: [text("alert(1)")] },
        { type: "codeBlock", content: [text("rm -rf /")] },
        { type: "blockquote", content: [paragraph(text("quoted"))] },
        { type: "image", attrs: { src: "x", onerror: "alert(1)" } },
        {
          type: "paragraph",
          attrs: { class: "x", style: "color:red", onclick: "alert(1)" },
          content: [text("kept", { type: "code" }, { type: "underline" })],
        },
        { type: "heading", attrs: { level: 1, onclick: "alert(1)" }, content: [text("A level 1 heading is a level 2")] },
        { type: "heading", attrs: { level: 6 }, content: [text("A level 6 heading is a level 2")] },
        { type: "bulletList", content: [{ type: "div", content: [paragraph(text("not an item"))] }, "text", 1] },
        {
          type: "orderedList",
          content: [{ type: "listItem", content: [{ type: "heading", attrs: { level: 2 }, content: [text("item")] }] }],
        },
        paragraph({ type: "hardBreak" }, { type: "mention", attrs: { id: "x" } }, { type: "text", text: 1 }),
      ),
    );
    expect(out).toBe(
      '<p>kept</p><h2 class="text-xl font-semibold text-foreground">A level 1 heading is a level 2</h2><h2 class="text-xl font-semibold text-foreground">A level 6 heading is a level 2</h2><ol class="list-decimal space-y-2 pl-6"><li class="space-y-2"><p>item</p></li></ol>',
    );
  });

  it("renders nothing for what is no document", () => {
    for (const value of [null, "text", 1, [], { type: "paragraph", content: [] }, { type: "doc", content: "x" }, { type: "doc" }]) {
      expect(html(value)).toBe("");
    }
  });

  it("refuses documents over the limits as a whole", () => {
    const deep = (levels: number): unknown =>
      levels === 0 ? paragraph(text("bottom")) : { type: "bulletList", content: [{ type: "listItem", content: [deep(levels - 1)] }] };
    expect(parseRichText(doc(deep(3))).ok).toBe(true);
    expect(parseRichText(doc(deep(4)))).toEqual({ ok: false, problem: "tooDeep" });
    // Far past any stack: refused, not thrown.
    let nested: unknown = paragraph(text("x"));
    for (let level = 0; level < 50_000; level++) nested = { type: "bulletList", content: [{ type: "listItem", content: [nested] }] };
    expect(parseRichText(doc(nested))).toEqual({ ok: false, problem: "tooDeep" });
    expect(html(doc(deep(4)))).toBe("");

    const many = doc(...Array.from({ length: RICH_TEXT_LIMITS.nodes }, () => paragraph(text("a"))));
    expect(parseRichText(many)).toEqual({ ok: false, problem: "tooLarge" });
    expect(parseRichText(doc(paragraph(text("a".repeat(RICH_TEXT_LIMITS.text + 1)))))).toEqual({ ok: false, problem: "tooLong" });
    expect(parseRichText(doc(paragraph(text("a".repeat(RICH_TEXT_LIMITS.text)))))).toMatchObject({ ok: true });
    expect(parseRichTextJson(" ".repeat(RICH_TEXT_LIMITS.json + 1))).toEqual({ ok: false, problem: "tooLarge" });
    expect(parseRichTextJson("[".repeat(100_000))).toEqual({ ok: false, problem: "invalid" });
    expect(parseRichTextJson("{not json")).toEqual({ ok: false, problem: "invalid" });
  });

  it("keeps a picture of the media library by its id and alt text, and drops any image with an address or another id", () => {
    const id = "3f2b8c1e-5d4a-4b6c-9e7f-0a1b2c3d4e5f";
    const parsed = parseRichText(
      doc(
        { type: "image", attrs: { mediaId: id.toUpperCase(), alt: " A desk\tat dawn ", title: "x", width: 9000, onerror: "alert(1)" } },
        { type: "image", attrs: { mediaId: id, alt: null } },
        { type: "image", attrs: { mediaId: id, src: "https://evil.example/track.gif" } },
        { type: "image", attrs: { src: "https://evil.example/track.gif", alt: "tracker" } },
        { type: "image", attrs: { mediaId: "https://evil.example/track.gif" } },
        { type: "image", attrs: { mediaId: "../../etc/passwd" } },
        { type: "image", attrs: { mediaId: `${id}x` } },
        { type: "image" },
        {
          type: "bulletList",
          content: [{ type: "listItem", content: [paragraph(text("item")), { type: "image", attrs: { mediaId: id } }] }],
        },
      ),
    );
    expect(parsed).toEqual({
      ok: true,
      doc: doc(
        { type: "image", attrs: { mediaId: id, alt: "A desk at dawn" } },
        { type: "image", attrs: { mediaId: id } },
        { type: "bulletList", content: [{ type: "listItem", content: [paragraph(text("item"))] }] },
      ),
    });
    expect(parseRichText(doc({ type: "image", attrs: { mediaId: id, alt: "a".repeat(RICH_TEXT_LIMITS.alt + 1) } }))).toEqual({
      ok: false,
      problem: "tooLong",
    });
  });

  it("shows a picture only once the page resolved it, with its size, lazily, and the document's alt text first", () => {
    const id = "3f2b8c1e-5d4a-4b6c-9e7f-0a1b2c3d4e5f";
    const value = doc({ type: "image", attrs: { mediaId: id, alt: "Our studio" } }, { type: "image", attrs: { mediaId: id } });
    const image = { src: `/page-images/${id}?v=1`, width: 480, height: 320, alt: "A desk", widest: 480 };
    const out = renderToStaticMarkup(<RichTextBlocks doc={value} images={{ [id]: image }} />);
    expect(out).toContain(`<img src="/page-images/${id}?v=1" width="480" height="320" alt="Our studio" loading="lazy"`);
    expect(out).toContain('alt="A desk"');
    // Not resolved (a draft, a deleted item, a document): nothing, never a broken image.
    expect(html(value)).toBe("");
  });

  it("keeps one JSON per document, so an unchanged field equals its default", () => {
    const fromEditor = {
      type: "doc",
      content: [
        { type: "paragraph", attrs: { textAlign: null }, content: [{ type: "text", text: "One" }] },
        { type: "paragraph" },
        { type: "paragraph", content: [{ text: "Two", type: "text" }] },
      ],
    };
    const parsed = parseRichText(fromEditor);
    expect(parsed.ok && richTextValue(parsed.doc)).toBe(richTextValue(richTextFromParagraphs(["One", "Two"])));
    expect(safeHref("https://example.com")).toBe("https://example.com");
  });
});

describe("rich fields of a content page", () => {
  const about = { origin: { title: "Origin", paragraphs: ["First.", "Second."] }, hero: { title: "About" } };

  it("is one field per declared list of paragraphs, its default the list as a document", () => {
    const fields = fieldsOf(about, CONTENT_PAGES.about);
    expect(fields.map((field) => [field.path, field.rich === true])).toEqual([
      ["origin.title", false],
      ["origin.paragraphs", true],
      ["hero.title", false],
    ]);
    expect(fields[1]!.text).toBe(richTextValue(richTextFromParagraphs(["First.", "Second."])));
  });

  it("puts a published document in place of the list, on a declared path only", () => {
    const value = richTextValue(richTextFromParagraphs(["Edited."]));
    const merged = withValues(about, { "origin.paragraphs": value }, CONTENT_PAGES.about) as typeof about;
    expect(merged.origin.paragraphs).toEqual(JSON.parse(value));
    // Not declared rich (or no document): the file's list stays.
    expect((withValues(about, { "origin.paragraphs": value }, CONTENT_PAGES.home) as typeof about).origin.paragraphs).toEqual([
      "First.",
      "Second.",
    ]);
    expect((withValues(about, { "origin.paragraphs": "<p>x</p>" }, CONTENT_PAGES.about) as typeof about).origin.paragraphs).toEqual([
      "First.",
      "Second.",
    ]);
  });
});
