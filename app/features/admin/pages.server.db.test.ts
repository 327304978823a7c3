import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/helpers/database";
import { nextChange } from "../../../tests/helpers/change-bus";
import { startChangeListener, stopChangeListener } from "~/lib/change-bus.server";
import { db } from "~/lib/db.server";
import { getServerTranslator, serverTexts } from "~/lib/i18n.server";
import { CONTENT_TOPIC, createPublishedContentCache, publishedContentChanged } from "~/lib/page-content.server";
import { onPagesInvalidated } from "~/lib/page-invalidation.server";
import { fileTexts, replaceFileTextsForTesting } from "~/lib/locale-files.server";
import { lastUpdatedOf } from "~/features/legal/last-updated.server";
import { unpublishLanguage } from "./page-history.server";
import { discardDraft, listContentPages, loadPageEditor, publishPage, saveDraft } from "./pages.server";

/**
 * Pages as content (ADR 0054) against the test PostgreSQL: the server translator of each language is
 * the locale files with the published overrides over them. A later release's file is stood in by
 * `replaceFileTextsForTesting`.
 */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const editor = { id: "editor-1", email: "editor@ipangel.test", name: "Editor", role: "editor" as const };

const text = async (language: "en" | "de" | "es", key: string) => (await getServerTranslator(language)).t(key);
const homeDefault = (language: string) => fileTexts(language, "home") as { hero: { titleStart: string; subtitle: string } };

describe("content pages: draft and publish per language", () => {
  beforeAll(async () => {
    await startChangeListener();
  });
  afterAll(async () => {
    replaceFileTextsForTesting("de", "home");
    await stopChangeListener();
  });
  beforeEach(async () => {
    replaceFileTextsForTesting("de", "home");
    await resetDatabase();
    await publishedContentChanged();
  });

  it("a draft is invisible; publishing German changes German only, and each step is audited", async () => {
    const germanDefault = homeDefault("de").hero.titleStart;
    await saveDraft(editor, "home", "de", { "hero.titleStart": "Baue, was zählt, mit" });
    expect(await text("de", "home.hero.titleStart")).toBe(germanDefault);
    expect((await loadPageEditor("home", "de")).fields.find((field) => field.path === "hero.titleStart")?.value).toBe(
      "Baue, was zählt, mit",
    );

    expect(await publishPage(editor, "home", "de", { "hero.titleStart": "Baue, was zählt, mit" })).toMatchObject({ ok: true });
    expect(await text("de", "home.hero.titleStart")).toBe("Baue, was zählt, mit");
    expect(await text("en", "home.hero.titleStart")).toBe(homeDefault("en").hero.titleStart);
    expect(await text("es", "home.hero.titleStart")).toBe(homeDefault("es").hero.titleStart);
    const home = (await listContentPages()).find((page) => page.namespace === "home")!;
    expect(home.languages.map((entry) => entry.state)).toEqual(["default", "published", "default"]);

    const { rows: versions } = await db().execute<{ language: string; published_by_email: string }>(
      sql`select language, published_by_email from page_content_versions where namespace = 'home'`,
    );
    expect(versions).toEqual([{ language: "de", published_by_email: editor.email }]);
    const { rows: audit } = await db().execute<{ action: string; entity_id: string }>(
      sql`select action, entity_id from audit_log order by id`,
    );
    expect(audit).toEqual([
      { action: "page.draft", entity_id: "home/de" },
      { action: "page.publish", entity_id: "home/de" },
    ]);
  });

  it("discarding a draft keeps the published text and is audited", async () => {
    await publishPage(admin, "about", "es", { "hero.title": "Quiénes somos de verdad" });
    await saveDraft(admin, "about", "es", { "hero.title": "Un borrador" });
    expect(await discardDraft(admin, "about", "es")).toMatchObject({ ok: true });
    expect((await loadPageEditor("about", "es")).fields.find((field) => field.path === "hero.title")?.value).toBe(
      "Quiénes somos de verdad",
    );
    expect(await text("es", "about.hero.title")).toBe("Quiénes somos de verdad");
    expect(await discardDraft(admin, "about", "es")).toMatchObject({ ok: false, status: 409 });
  });

  it("an unedited field follows a changed default; an edited one keeps its text and is flagged", async () => {
    await publishPage(admin, "home", "de", { "hero.titleStart": "Mein Titel" });
    const before = homeDefault("de");
    replaceFileTextsForTesting("de", "home", {
      ...before,
      hero: { ...before.hero, titleStart: "Neuer Standardtitel", subtitle: "Neuer Standarduntertitel" },
    });
    // A release restarts the processes: their translators are made from the new files.
    await publishedContentChanged();

    expect(await text("de", "home.hero.subtitle")).toBe("Neuer Standarduntertitel");
    expect(await text("de", "home.hero.titleStart")).toBe("Mein Titel");
    const fields = (await loadPageEditor("home", "de")).fields;
    expect(fields.find((field) => field.path === "hero.titleStart")).toMatchObject({ value: "Mein Titel", newDefault: true });
    expect(fields.find((field) => field.path === "hero.subtitle")).toMatchObject({ value: "Neuer Standarduntertitel", newDefault: false });

    // Saving the field unchanged keeps the flag; editing it records the default it now replaces.
    await saveDraft(admin, "home", "de", { "hero.titleStart": "Mein Titel" });
    expect((await loadPageEditor("home", "de")).fields.find((field) => field.path === "hero.titleStart")?.newDefault).toBe(true);
    await saveDraft(admin, "home", "de", { "hero.titleStart": "Mein neuer Titel" });
    expect((await loadPageEditor("home", "de")).fields.find((field) => field.path === "hero.titleStart")?.newDefault).toBe(false);
  });

  it("a field set back to its default (or emptied) follows the file again; unknown paths are not stored", async () => {
    await publishPage(admin, "home", "en", { "hero.titleStart": "Mine", "hero.nothing": "forged", "__proto__.x": "forged" });
    await publishPage(admin, "home", "en", { "hero.titleStart": homeDefault("en").hero.titleStart });
    const { rows } = await db().execute<{ published: unknown }>(
      sql`select published from page_content where namespace = 'home' and language = 'en'`,
    );
    expect(rows[0]?.published).toEqual({});
  });

  it("an editor drafts a legal page but only an admin publishes it", async () => {
    await saveDraft(editor, "privacy", "en", { title: "Our privacy policy" });
    expect(await publishPage(editor, "privacy", "en", { title: "Our privacy policy" })).toMatchObject({
      ok: false,
      status: 403,
      error: "admin.pages.errors.legalNeedsAdmin",
    });
    expect(await text("en", "privacy.title")).not.toBe("Our privacy policy");
    await publishPage(admin, "privacy", "en", { title: "Our privacy policy" });
    expect(await text("en", "privacy.title")).toBe("Our privacy policy");
  });

  it("the privacy policy's last-updated line is the date of its language's last publish, not a field", async () => {
    expect((await loadPageEditor("privacy", "de")).fields.map((field) => field.path)).not.toContain("date");
    const page = (language: string) => new Request(`http://site.test/privacy?lang=${language}`);
    expect(await lastUpdatedOf(page("de"), "privacy")).toBeUndefined();
    await publishPage(admin, "privacy", "de", {});
    const { rows } = await db().execute<{ at: Date }>(
      sql`select published_at as at from page_content where namespace = 'privacy' and language = 'de'`,
    );
    const expected = new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeZone: "UTC" }).format(new Date(rows[0]!.at));
    expect(await lastUpdatedOf(page("de"), "privacy")).toBe(expected);
    expect(await lastUpdatedOf(page("es"), "privacy")).toBeUndefined();
  });

  it("only a page's editable fields are read from the database; the browser's copy is the server's", async () => {
    const contact = fileTexts("de", "contact") as { form: { name: string } };
    expect((await loadPageEditor("contact", "de")).fields.map((field) => field.path)).not.toContain("form.name");
    // A row written by hand (or before a release made the key interface text again).
    const published = {
      "form.name": { value: "Ihr Spitzname", default: contact.form.name },
      "heading.subtitle": { value: "Schreiben Sie uns.", default: "" },
    };
    await db().execute(
      sql`insert into page_content (namespace, language, published) values ('contact', 'de', ${JSON.stringify(published)}::jsonb)`,
    );
    await publishedContentChanged();
    expect(await text("de", "contact.form.name")).toBe(contact.form.name);
    expect(await text("de", "contact.heading.subtitle")).toBe("Schreiben Sie uns.");
    expect(await serverTexts("de", "contact")).toMatchObject({
      heading: { subtitle: "Schreiben Sie uns." },
      form: { name: contact.form.name },
    });
  });

  it("another process sees a publish through the change bus, without being told directly", async () => {
    const other = createPublishedContentCache();
    try {
      expect((await other.current()).byLanguage.es).toBeUndefined();
      const delivered = nextChange(CONTENT_TOPIC);
      await publishPage(admin, "market", "es", { "hero.title": "Nuestro mercado" });
      await delivered;
      expect((await other.current()).byLanguage.es?.market?.["hero.title"]?.value).toBe("Nuestro mercado");
    } finally {
      other.stop();
    }
  });

  it("the footer's tagline and the shop's trust copy are fields: German changes, English keeps the spec's words", async () => {
    const englishTagline =
      "Knowledge, systems and technology for startups, creators, companies and people who build. Privacy-first, made in Germany.";
    expect((await loadPageEditor("common", "de")).fields.map((field) => field.path)).toEqual(["footer.tagline"]);
    expect((await loadPageEditor("shop", "de")).fields.map((field) => field.path)).toEqual([
      "meta.title",
      "meta.description",
      "trust.title",
      "trust.shipping",
      "trust.delivery",
      "trust.guarantee",
    ]);
    const dropped: string[] = [];
    const stop = onPagesInvalidated((tag) => dropped.push(tag));
    try {
      await publishPage(editor, "common", "de", { "footer.tagline": "Wissen für Menschen, die bauen." });
      // The footer is on every page: every cached page goes, not only the content pages.
      expect(dropped).toContain("*");
      dropped.length = 0;
      await publishPage(editor, "shop", "de", { "trust.guarantee": "60 Tage Geld-zurück-Garantie" });
      expect(dropped).toEqual(expect.arrayContaining(["content", "shop"]));
      expect(dropped).not.toContain("*");
    } finally {
      stop();
    }
    expect(await text("de", "common.footer.tagline")).toBe("Wissen für Menschen, die bauen.");
    expect(await text("en", "common.footer.tagline")).toBe(englishTagline);
    expect(await text("de", "shop.trust.guarantee")).toBe("60 Tage Geld-zurück-Garantie");
    expect(await text("en", "shop.trust.guarantee")).toBe("30-day money-back guarantee");
    expect(await text("en", "shop.trust.shipping")).toBe("Free shipping on orders over {{amount}}");
    expect((await serverTexts("de", "common"))?.footer).toMatchObject({ tagline: "Wissen für Menschen, die bauen." });
    // The footer's namespace is the whole shell's: a language of it is never taken off the site.
    expect(await unpublishLanguage(admin, "common", "de")).toMatchObject({
      ok: false,
      status: 409,
      error: "admin.pages.history.errors.everyPage",
    });
    expect(await text("de", "common.footer.tagline")).toBe("Wissen für Menschen, die bauen.");
  });
});
