import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { renderSitemap } from "~/features/seo/sitemap.server";
import { startChangeListener, stopChangeListener } from "~/lib/change-bus.server";
import { db } from "~/lib/db.server";
import { getServerTranslator, serverTexts } from "~/lib/i18n.server";
import { fileTexts } from "~/lib/locale-files.server";
import { publishedContentChanged } from "~/lib/page-content.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { answerOf, formPost, garbagePost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { pageHistoryAction } from "./page-history-actions.server";
import { richTextFromParagraphs, richTextValue } from "~/lib/rich-text";
import { chooseVersions, compareVersions, republishLanguage, restoreVersion, unpublishLanguage, versionsOf } from "./page-history.server";
import { listContentPages, loadPageEditor, publishPage, saveDraft } from "./pages.server";

/**
 * A content page's history and publication per language (ADR 0058) against the test PostgreSQL:
 * versions with who and when, two compared field by field, a version restored as the draft, a
 * language unpublished (its visitors get the English page, nothing announces it) and republished.
 */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Ada Admin", role: "admin" as const };
const editor = { id: "editor-1", email: "editor@ipangel.test", name: "Eddie Editor", role: "editor" as const };

const text = async (language: "en" | "de" | "es", key: string) => (await getServerTranslator(language)).t(key);
const homeDefault = (language: string) => fileTexts(language, "home") as { hero: { titleStart: string; subtitle: string } };
const aboutDefault = (language: string) => fileTexts(language, "about") as { hero: { title: string } };
const fieldOf = async (namespace: "home" | "about" | "privacy", language: "en" | "de" | "es", path: string) =>
  (await loadPageEditor(namespace, language)).fields.find((field) => field.path === path)?.value;
const auditActions = async () =>
  (await db().execute<{ action: string; entity_id: string }>(sql`select action, entity_id from audit_log order by id`)).rows;

describe("page history and unpublishing a language", () => {
  beforeAll(async () => {
    await startChangeListener();
  });
  afterAll(async () => {
    await stopChangeListener();
  });
  beforeEach(async () => {
    await resetDatabase();
    await publishedContentChanged();
    // The admin still has an account (named in the history); the editor's was deleted since.
    await db().insert(user).values({ id: admin.id, name: admin.name, email: admin.email });
  });

  it("lists every publish of a page in a language with who and when, newest first", async () => {
    await publishPage(admin, "home", "de", { "hero.titleStart": "Erster Titel" });
    await publishPage(editor, "home", "de", { "hero.titleStart": "Zweiter Titel", "hero.subtitle": "Neuer Untertitel" });
    await publishPage(admin, "home", "es", { "hero.titleStart": "Otro idioma" });

    const versions = await versionsOf("home", "de");
    expect(versions.map(({ number, name, email, edited }) => ({ number, name, email, edited }))).toEqual([
      { number: 2, name: null, email: editor.email, edited: 2 },
      { number: 1, name: admin.name, email: admin.email, edited: 1 },
    ]);
    expect(Date.parse(versions[0]!.publishedAt)).toBeGreaterThanOrEqual(Date.parse(versions[1]!.publishedAt));
    expect(await versionsOf("home", "en")).toEqual([]);
  });

  it("compares two versions field by field, marking the changed ones and a field that shows the default", async () => {
    await publishPage(admin, "home", "de", { "hero.titleStart": "Erster Titel", "hero.subtitle": "Bleibt gleich" });
    await publishPage(admin, "home", "de", { "hero.subtitle": "Bleibt gleich" });
    const versions = await versionsOf("home", "de");

    const chosen = chooseVersions(versions, null, null);
    expect([chosen.older?.number, chosen.newer?.number, chosen.invalid]).toEqual([1, 2, false]);
    // Asked the other way round, the older one is still on the left.
    const swapped = chooseVersions(versions, String(versions[0]!.id), String(versions[1]!.id));
    expect([swapped.older?.number, swapped.newer?.number]).toEqual([1, 2]);
    expect(chooseVersions(versions, "999999", "x").invalid).toBe(true);
    expect(chooseVersions(versions.slice(1), null, null).older).toBeUndefined();

    const diff = compareVersions("home", "de", chosen.older!, chosen.newer!);
    expect(diff.find((field) => field.path === "hero.titleStart")).toEqual({
      path: "hero.titleStart",
      older: { text: "Erster Titel", isDefault: false },
      newer: { text: homeDefault("de").hero.titleStart, isDefault: true },
      changed: true,
    });
    expect(diff.find((field) => field.path === "hero.subtitle")?.changed).toBe(false);
    expect(diff.filter((field) => field.changed).map((field) => field.path)).toEqual(["hero.titleStart"]);
  });

  it("shows a rich field's versions as their words, one block per line, and a change of formatting as a change", async () => {
    const plain = richTextValue(richTextFromParagraphs(["Alpha", "Beta"]));
    const bold = JSON.stringify({
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Alpha", marks: [{ type: "bold" }] }] },
        { type: "paragraph", content: [{ type: "text", text: "Beta" }] },
      ],
    });
    const field = (value: string) => ({ fields: { "origin.paragraphs": { value, default: "" } } });
    const [diff] = compareVersions("about", "en", field(plain), field(bold)).filter((entry) => entry.path === "origin.paragraphs");
    expect(diff).toEqual({
      path: "origin.paragraphs",
      older: { text: "Alpha\nBeta", isDefault: false },
      newer: { text: "Alpha\nBeta", isDefault: false },
      changed: true,
    });
    const [unedited] = compareVersions("about", "en", { fields: {} }, { fields: {} }).filter((entry) => entry.path === "origin.paragraphs");
    expect(unedited!.older.text).not.toContain("{");
    expect(unedited!.changed).toBe(false);
  });

  it("restores a version as the draft: the public page is unchanged, and the restore is audited", async () => {
    await publishPage(admin, "home", "de", { "hero.titleStart": "Erster Titel" });
    await publishPage(admin, "home", "de", { "hero.titleStart": "Zweiter Titel" });
    const [, first] = await versionsOf("home", "de");

    expect(await restoreVersion(editor, "home", "de", String(first!.id))).toMatchObject({ ok: true });
    expect(await fieldOf("home", "de", "hero.titleStart")).toBe("Erster Titel");
    expect((await loadPageEditor("home", "de")).state).toBe("draft");
    expect(await text("de", "home.hero.titleStart")).toBe("Zweiter Titel");
    expect((await auditActions()).at(-1)).toEqual({ action: "page.restore", entity_id: "home/de" });

    // A version of another language or page, or no number at all, is not found.
    await publishPage(admin, "home", "es", { "hero.titleStart": "Título" });
    const [spanish] = await versionsOf("home", "es");
    for (const id of [String(spanish!.id), "99999999", "1 or 1=1", "-1", ""]) {
      expect(await restoreVersion(admin, "home", "de", id)).toMatchObject({ ok: false, status: 404 });
    }
    // Restoring changes only drafts: an editor may do it on a legal page too.
    await publishPage(admin, "privacy", "en", { title: "Our privacy policy" });
    const [policy] = await versionsOf("privacy", "en");
    expect(await restoreVersion(editor, "privacy", "en", String(policy!.id))).toMatchObject({ ok: true });
  });

  it("an unpublished language shows the English page, is announced nowhere, and comes back when republished", async () => {
    await publishPage(admin, "about", "es", { "hero.title": "Quiénes somos de verdad" });
    await publishPage(admin, "about", "en", { "hero.title": "Who we really are" });
    expect(await unpublishLanguage(editor, "about", "es")).toMatchObject({ ok: true });

    // The server's texts, the browser's copy and the head all say English.
    expect(await text("es", "about.hero.title")).toBe("Who we really are");
    expect(await serverTexts("es", "about")).toEqual(await serverTexts("en", "about"));
    expect(await text("es", "home.hero.titleStart")).toBe(homeDefault("es").hero.titleStart);
    const meta = await loadPageMeta(new Request("http://site.test/about?lang=es"), "about.meta");
    expect(meta.contentLanguage).toBe("en");
    expect(meta.canonical).toMatch(/\/about$/);
    expect(meta.alternates?.map((alternate) => alternate.hrefLang)).toEqual(["en", "de", "x-default"]);
    expect((await loadPageMeta(new Request("http://site.test/?lang=es"), "home.meta")).contentLanguage).toBeUndefined();
    const sitemap = await renderSitemap(["/about", "/"], "https://site.test");
    expect(sitemap).not.toContain("https://site.test/about?lang=es");
    expect(sitemap).toContain("https://site.test/?lang=es");

    const about = (await listContentPages()).find((page) => page.namespace === "about")!;
    expect(about.languages.map((entry) => entry.state)).toEqual(["published", "default", "unpublished"]);
    expect(await unpublishLanguage(editor, "about", "es")).toMatchObject({ ok: false, status: 409 });

    expect(await republishLanguage(editor, "about", "es")).toMatchObject({ ok: true });
    expect(await text("es", "about.hero.title")).toBe("Quiénes somos de verdad");
    expect((await loadPageMeta(new Request("http://site.test/about?lang=es"), "about.meta")).contentLanguage).toBeUndefined();
    expect(await republishLanguage(editor, "about", "es")).toMatchObject({ ok: false, status: 409 });
    expect((await auditActions()).slice(-2)).toEqual([
      { action: "page.unpublish", entity_id: "about/es" },
      { action: "page.republish", entity_id: "about/es" },
    ]);
  });

  it("a language never published can be unpublished; publishing it brings it back; English cannot be", async () => {
    expect(await unpublishLanguage(admin, "about", "de")).toMatchObject({ ok: true });
    expect(await text("de", "about.hero.title")).toBe(aboutDefault("en").hero.title);
    // A draft saved meanwhile stays a draft; publishing makes the language live.
    await saveDraft(admin, "about", "de", { "hero.title": "Wer wir sind" });
    expect(await text("de", "about.hero.title")).toBe(aboutDefault("en").hero.title);
    await publishPage(admin, "about", "de", { "hero.title": "Wer wir sind" });
    expect(await text("de", "about.hero.title")).toBe("Wer wir sind");

    expect(await unpublishLanguage(admin, "about", "en")).toMatchObject({
      ok: false,
      status: 409,
      error: "admin.pages.history.errors.defaultLanguage",
    });
  });

  it("unpublishing a legal page needs an admin, also when the form is posted straight to the action", async () => {
    const refused = answerOf(
      await pageHistoryAction(formPost("/admin/pages/privacy/history?language=es", "unpublish"), editor, "privacy", "es"),
    );
    expect(refused).toMatchObject({ status: 403, body: { ok: false } });
    expect(JSON.stringify(refused.body)).toContain("admin.pages.history.errors.legalNeedsAdmin");
    expect(await text("es", "privacy.title")).toBe((fileTexts("es", "privacy") as { title: string }).title);

    const done = answerOf(
      await pageHistoryAction(formPost("/admin/pages/privacy/history?language=es", "unpublish"), admin, "privacy", "es"),
    );
    expect(done).toMatchObject({ status: 200, body: { ok: true } });
    expect(await text("es", "privacy.title")).toBe((fileTexts("en", "privacy") as { title: string }).title);
    expect(answerOf(await pageHistoryAction(formPost("/x", "republish"), editor, "privacy", "es")).status).toBe(403);
    expect(answerOf(await pageHistoryAction(formPost("/x", "republish"), admin, "privacy", "es")).status).toBe(200);

    // A garbage body or an unknown intent changes nothing.
    expect(answerOf(await pageHistoryAction(garbagePost("/x"), admin, "privacy", "es")).status).toBe(400);
    expect(answerOf(await pageHistoryAction(formPost("/x", "restore", { id: "nope" }), admin, "privacy", "es")).status).toBe(404);
    expect((await auditActions()).map((entry) => entry.action)).toEqual(["page.unpublish", "page.republish"]);
  });
});
