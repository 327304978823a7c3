import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { AboutPage } from "~/features/marketing/about/about-page";
import { getServerTranslator, serverTexts } from "~/lib/i18n.server";
import { publishedContentChanged } from "~/lib/page-content.server";
import { Translator } from "~/lib/translator";
import { TranslationProvider } from "~/lib/use-translation";
import { answerOf, formPost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { pageAction } from "./page-actions.server";
import { defaultFields, loadPageEditor } from "./pages.server";

/**
 * A rich field posted to the page editor (ADR 0061) as the browser posts it, published, and the public
 * page rendered as a visitor gets it: the server's HTML, and React's in the browser from the texts route.
 */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const nameOf = (path: string) => `f${defaultFields("about", "de").findIndex((field) => field.path === path)}`;
const publish = (values: Record<string, string>) =>
  pageAction(formPost("/admin/pages/about?language=de", "publish", values), admin, "about", "de").then(answerOf);

async function aboutPage(translator: Translator) {
  return renderToString(
    <TranslationProvider translator={translator}>
      <MemoryRouter>
        <AboutPage />
      </MemoryRouter>
    </TranslationProvider>,
  ).replace(/<!-- -->/g, "");
}

const ATTACK = {
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [
        { type: "text", text: "<script>window.__injected=1</script>" },
        { type: "text", text: "Fett", marks: [{ type: "bold" }] },
        {
          type: "text",
          text: '<img src=x onerror="window.__injected=2">',
          marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }],
        },
      ],
    },
    { type: "rawHtml", attrs: { html: "<script>window.__injected=3</script>" }, content: [{ type: "text", text: "raw node text" }] },
    {
      type: "paragraph",
      content: [{ type: "text", text: "Kontakt", marks: [{ type: "link", attrs: { href: "/contact" }, onclick: "x" }] }],
    },
  ],
};

describe("a rich field from the console on the public page", () => {
  beforeEach(async () => {
    await resetDatabase();
    await publishedContentChanged();
  });

  it("keeps what the allow-list allows and shows markup as text, on the server and in the browser alike", async () => {
    expect(await publish({ [nameOf("origin.paragraphs")]: JSON.stringify(ATTACK) })).toMatchObject({ status: 200, body: { ok: true } });

    const server = await aboutPage(await getServerTranslator("de"));
    expect(server).toContain(
      "<p>&lt;script&gt;window.__injected=1&lt;/script&gt;<strong>Fett</strong>&lt;img src=x onerror=&quot;window.__injected=2&quot;&gt;</p>",
    );
    expect(server).toContain('<p><a href="/contact" class="text-primary underline underline-offset-2">Kontakt</a></p>');
    expect(server).not.toMatch(/<script|<img|javascript:|raw node text|onclick/);
    // The founder's field was not posted: it follows its file text.
    expect(server).toContain(((await serverTexts("de", "about")) as { founder: { paragraphs: string[] } }).founder.paragraphs[0]);

    // The browser's translator takes the page's texts from /texts/de/about.json (serverTexts) and renders the same HTML.
    const common = (await getServerTranslator("de")).t("common", { returnObjects: true }) as Record<string, unknown>;
    const browser = new Translator("de", { de: { about: (await serverTexts("de", "about"))!, common } });
    expect(await aboutPage(browser)).toBe(server);

    // The editor starts from the clean document.
    const field = (await loadPageEditor("about", "de")).fields.find((entry) => entry.path === "origin.paragraphs")!;
    expect(field.rich).toBe(true);
    expect(field.value).not.toMatch(/javascript:|rawHtml|onclick/);
  });

  it.each([
    ["{not json", "admin.pages.richText.errors.invalid"],
    [JSON.stringify({ type: "paragraph" }), "admin.pages.richText.errors.invalid"],
    [
      JSON.stringify({
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "x".repeat(20_001) }] }],
      }),
      "admin.pages.richText.errors.tooLong",
    ],
    ["[".repeat(300_000), "admin.pages.richText.errors.tooLarge"],
  ])("refuses %#: a clear message on the field, nothing published", async (posted, message) => {
    const answer = await publish({ [nameOf("origin.paragraphs")]: posted });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(message);
    expect((await loadPageEditor("about", "de")).state).toBe("default");
  });

  it("an emptied or unchanged rich field follows its default", async () => {
    const field = defaultFields("about", "de").find((entry) => entry.path === "origin.paragraphs")!;
    expect(
      await publish({ [nameOf("origin.paragraphs")]: field.text, [nameOf("founder.paragraphs")]: '{"type":"doc","content":[]}' }),
    ).toMatchObject({
      status: 200,
    });
    expect((await loadPageEditor("about", "de")).fields.filter((entry) => entry.value !== entry.defaultText)).toEqual([]);
    expect(Array.isArray(((await serverTexts("de", "about")) as { origin: { paragraphs: unknown } }).origin.paragraphs)).toBe(true);
  });
});
