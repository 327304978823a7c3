import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, categories, mediaItems, mediaItemTranslations } from "~/db/schema";
import { mediaItemAction, mediaTableAction } from "~/features/admin/media-actions.server";
import { setPublished } from "~/features/admin/media-bulk.server";
import { loadMediaItem } from "~/features/admin/media-item.server";
import { db } from "~/lib/db.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { answerOf, formPost } from "../../../tests/helpers/console-actions";
import { writeMediaFixtures } from "../../../tests/helpers/media-fixtures";
import { importManifest } from "./import.server";
import { countMedia, listCategoryOptions } from "./library.server";
import { createDownload, createPreview, findMedia, findMediaItem } from "./media.server";
import type { MediaFilters } from "./media-types";

/**
 * Media in three languages and drafts (issue 23, ADR 0060): each language's texts stemmed in that
 * language, the item's own texts as the marked fallback, and a draft behind every door.
 */

// The doors' routes read the session through this module; here a test decides who is signed in.
const session = vi.hoisted(() => ({ user: null as null | { id: string; email: string; name: string } }));
vi.mock("~/features/account/session.server", () => ({ getOptionalUser: async () => session.user }));

const member = { id: "member-1", email: "member@example.com", name: "Member" };
const editor = { id: "editor-1", email: "editor@ipangel.test", name: "Editor", role: "editor" as const };
const all: MediaFilters = { q: "", type: "all", category: "" };

async function titlesIn(language: "en" | "de" | "es", q: string) {
  return (await findMedia({ ...all, q }, { language })).items.map((item) => item.title);
}

async function addItem(values: Partial<typeof mediaItems.$inferInsert> & { title: string }) {
  const [row] = await db()
    .insert(mediaItems)
    .values({ fileType: "services", language: "en", ...values })
    .returning({ id: mediaItems.id });
  return row!.id;
}

describe("an item's texts per language", () => {
  let houseId: string;
  beforeAll(async () => {
    await resetDatabase();
    houseId = await addItem({ title: "Houses by the lake", description: "Photos of modern homes.", altText: "A wooden house on a lake" });
    await db()
      .insert(mediaItemTranslations)
      .values({ mediaItemId: houseId, language: "de", title: "Häuser am See", altText: "Ein Holzhaus an einem See" });
    await addItem({ title: "Budget sheet", description: "Quarterly numbers." });
  });

  it("finds a German title by another German form of the word, from every page (ADR 0069)", async () => {
    // "Haus" (singular) finds "Häuser" through the german stemmer of the German row.
    expect(await titlesIn("de", "Haus")).toEqual(["Häuser am See"]);
    expect(await titlesIn("de", "Häusern")).toEqual(["Häuser am See"]);
    expect(await countMedia({ ...all, q: "Haus" })).toBe(1);
    // Every language's texts are searched from every page; the card shows the page's language or the item's own.
    expect(await titlesIn("es", "Haus")).toEqual(["Houses by the lake"]);
    expect(await titlesIn("en", "Häuser")).toEqual(["Houses by the lake"]);
    // The item's own English text is found from every page, by its English forms.
    expect(await titlesIn("de", "house")).toEqual(["Häuser am See"]);
    expect(await titlesIn("es", "house")).toEqual(["Houses by the lake"]);
  });

  it("pages through items found either way (own text, translation, both) newest first, each once, and counts each once", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      // Even: the English title matches "hotel"; odd: only the German title does; index 4: both.
      const id = await addItem({
        title: index % 2 === 0 ? `Hotel ${index}` : `Inn ${index}`,
        createdAt: new Date(Date.UTC(2025, 0, 1 + index)),
      });
      if (index % 2 === 1 || index === 4) {
        await db()
          .insert(mediaItemTranslations)
          .values({ mediaItemId: id, language: "de", title: `Hotels ${index}` });
      }
      ids.push(id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof findMedia>> = await findMedia({ ...all, q: "hotel" }, { language: "de", limit: 2, cursor });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    expect(await countMedia({ ...all, q: "hotel" })).toBe(5);
    await db()
      .delete(mediaItems)
      .where(sql`${mediaItems.id} in ${ids}`);
  });

  it("shows the page's language where the item has it, else the item's own text marked with its language", async () => {
    const german = await findMediaItem(houseId, "de");
    expect(german).toMatchObject({
      title: "Häuser am See",
      titleLanguage: null,
      altText: "Ein Holzhaus an einem See",
      altTextLanguage: null,
    });
    // No German description yet: the English one, marked as English.
    expect(german).toMatchObject({ description: "Photos of modern homes.", descriptionLanguage: "en" });
    const spanish = await findMediaItem(houseId, "es");
    expect(spanish).toMatchObject({ title: "Houses by the lake", titleLanguage: "en", descriptionLanguage: "en", altTextLanguage: "en" });
    const english = await findMediaItem(houseId, "en");
    expect(english).toMatchObject({ title: "Houses by the lake", titleLanguage: null, descriptionLanguage: null });
    // The list says the same as the item.
    const [card] = (await findMedia({ ...all, q: "lake" }, { language: "es" })).items;
    expect(card).toMatchObject({ title: "Houses by the lake", titleLanguage: "en" });
  });

  it("names categories in the page's language, the English name marked where none is given", async () => {
    await db()
      .insert(categories)
      .values([
        { name: "Brand", names: { de: "Marke", es: "Marca" } },
        { name: "Sound", names: { de: "Klang" } },
      ]);
    expect(await listCategoryOptions("de")).toEqual([
      { id: expect.any(String), name: "Klang", slug: "sound" },
      { id: expect.any(String), name: "Marke", slug: "brand" },
    ]);
    expect(await listCategoryOptions("es")).toEqual([
      { id: expect.any(String), name: "Marca", slug: "brand" },
      { id: expect.any(String), name: "Sound", slug: "sound", lang: "en" },
    ]);
    expect((await listCategoryOptions("en")).map((option) => option.name)).toEqual(["Brand", "Sound"]);
  });
});

describe("drafts", () => {
  let draftId: string;
  let publishedId: string;
  beforeAll(async () => {
    await resetDatabase();
    const { manifestPath } = await writeMediaFixtures(fs.mkdtempSync(path.join(os.tmpdir(), "media-drafts-")));
    await importManifest(manifestPath);
    const [logo] = await db().select().from(mediaItems).where(eq(mediaItems.title, "Logo pack"));
    const [tone] = await db().select().from(mediaItems).where(eq(mediaItems.title, "Meditation tone"));
    draftId = logo!.id;
    publishedId = tone!.id;
  });
  beforeEach(async () => {
    session.user = null;
    await db().update(mediaItems).set({ publishedAt: null }).where(eq(mediaItems.id, draftId));
  });

  it("the import publishes what it feeds (the contract's manifest), and a re-import keeps a draft a draft", async () => {
    const rows = await db().select({ title: mediaItems.title, publishedAt: mediaItems.publishedAt }).from(mediaItems);
    expect(rows.filter((row) => row.title !== "Logo pack").every((row) => row.publishedAt !== null)).toBe(true);
    const { manifestPath } = await writeMediaFixtures(fs.mkdtempSync(path.join(os.tmpdir(), "media-drafts-again-")));
    await importManifest(manifestPath);
    const [logo] = await db().select().from(mediaItems).where(eq(mediaItems.id, draftId));
    expect(logo!.publishedAt).toBeNull();
  });

  it("a draft is in no list, count or search, and its dialog address finds nothing", async () => {
    const titles = (await findMedia(all)).items.map((item) => item.title);
    expect(titles).not.toContain("Logo pack");
    expect(titles).toContain("Meditation tone");
    expect(await countMedia({ ...all, q: "logo" })).toBe(0);
    expect((await findMedia({ ...all, type: "image" })).items).toEqual([]);
    expect(await findMediaItem(draftId)).toBeUndefined();
    expect(await findMediaItem(publishedId)).toBeDefined();
  });

  it("a draft's file is no one's: preview, download and the page's item answer 404 to a visitor and to a member", async () => {
    const { loader: previewLoader } = await import("~/routes/api.media.preview");
    const { action: downloadAction } = await import("~/routes/api.media.download");
    const { loader: mediaLoader } = await import("~/routes/media");
    const preview = (id: string) =>
      previewLoader({ request: new Request(`http://localhost/api/media/${id}/preview`), params: { id }, context: {} } as never);
    const download = (id: string) =>
      downloadAction({
        request: new Request(`http://localhost/api/media/${id}/download`, { method: "POST" }),
        params: { id },
        context: {},
      } as never);
    const page = async (id: string) =>
      (await mediaLoader({ request: new Request(`http://localhost/media?item=${id}`), params: {}, context: {} } as never)).data as {
        selected: unknown;
        items: Array<{ id: string }>;
      };

    for (const who of [null, member]) {
      session.user = who;
      expect((await preview(draftId)).status).toBe(404);
      expect((await preview(publishedId)).status).toBe(302);
      const shown = await page(draftId);
      expect(shown.selected).toBeNull();
      // No card, so no signed thumbnail or video address of the draft either.
      expect(shown.items.map((item) => item.id)).not.toContain(draftId);
    }
    // A visitor's download is refused before any item is looked at (401 for every id); a member's finds no draft.
    session.user = null;
    expect((await download(draftId)).status).toBe(401);
    session.user = member;
    expect((await download(draftId)).status).toBe(404);
    expect((await download(publishedId)).status).toBe(200);
    expect(await createPreview(draftId)).toMatchObject({ ok: false, status: 404 });
    expect(await createDownload(member, draftId)).toMatchObject({ ok: false, status: 404 });
    const [row] = await db().select({ count: mediaItems.downloadCount }).from(mediaItems).where(eq(mediaItems.id, draftId));
    expect(row!.count).toBe(0);
  });

  it("publishing and unpublishing in bulk keeps download counts, refuses an item without a licence, and is audited", async () => {
    await db().update(mediaItems).set({ downloadCount: 7 }).where(eq(mediaItems.id, draftId));
    const unlicensed = await addItem({ title: "Untitled upload", publishedAt: null });
    const published = await setPublished(editor, [draftId, unlicensed, publishedId], true);
    expect(published).toEqual({ changed: 1, refused: 1, found: 3 });
    expect(await findMediaItem(draftId)).toMatchObject({ downloadCount: 7 });
    expect(await findMediaItem(unlicensed)).toBeUndefined();

    const unpublished = await setPublished(editor, [draftId, publishedId], false);
    expect(unpublished.changed).toBe(2);
    expect(await findMediaItem(publishedId)).toBeUndefined();
    await setPublished(editor, [draftId, publishedId], true);
    const counts = await db()
      .select({ id: mediaItems.id, count: mediaItems.downloadCount, publishedAt: mediaItems.publishedAt })
      .from(mediaItems)
      .where(sql`${mediaItems.id} in (${draftId}, ${publishedId})`);
    expect(counts.find((row) => row.id === draftId)).toMatchObject({ count: 7, publishedAt: expect.any(Date) });
    expect(counts.find((row) => row.id === publishedId)?.publishedAt).toBeInstanceOf(Date);

    const entries = await db()
      .select({ action: auditLog.action, entityId: auditLog.entityId, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(eq(auditLog.entityId, draftId))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual(["library.publish", "library.unpublish", "library.publish"]);
    expect(entries.every((entry) => entry.actor === editor.email)).toBe(true);
    // Forged and unknown ids change nothing.
    expect(await setPublished(editor, ["not-an-id", "00000000-0000-4000-8000-000000000000"], true)).toEqual({
      changed: 0,
      refused: 0,
      found: 0,
    });
  });
});

describe("the console's doors for translations and publishing", () => {
  beforeAll(async () => {
    await resetDatabase();
  });

  it("saves an item's German title through the item form (audited as a translation) and finds it on the German page", async () => {
    const id = await addItem({ title: "Garden houses", publishedAt: null });
    const post = (intent: string, values: Record<string, string> = {}) =>
      mediaItemAction(formPost(`/admin/media/${id}`, intent, values), editor, id);
    const fields = {
      title: "Garden houses",
      fileType: "services",
      language: "en",
      serviceKind: "Consulting",
      endpoint: "https://example.org",
    };

    // Without a licence the item stays a draft, with a translated reason.
    expect(answerOf(await post("publish"))).toMatchObject({
      status: 400,
      body: { result: { error: { "": ["admin.media.publishing.needsDetails"] } } },
    });
    expect(
      answerOf(
        await post("save", { ...fields, licenseName: "CC BY 4.0", deTitle: "Gartenhäuser", enTitle: "ignored: the item's own language" }),
      ).status,
    ).toBe(200);
    expect(answerOf(await post("publish"))).toMatchObject({ status: 200, body: { ok: true, message: "admin.media.publishing.published" } });

    expect((await loadMediaItem(id))!.item.translations).toEqual({
      de: { title: "Gartenhäuser", description: null, altText: null, searchableText: null },
    });
    expect(await titlesIn("de", "Gartenhaus")).toEqual(["Gartenhäuser"]);
    const translate = await db().select().from(auditLog).where(eq(auditLog.action, "library.translate"));
    expect(translate).toHaveLength(1);
    expect(translate[0]!.changes.de).toEqual({
      before: null,
      after: { title: "Gartenhäuser", description: null, altText: null, searchableText: null },
    });

    // Saving again without a change writes no second translation entry; emptying the fields removes the row.
    await post("save", { ...fields, licenseName: "CC BY 4.0", deTitle: "Gartenhäuser" });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "library.translate"))).toHaveLength(1);
    await post("save", { ...fields, licenseName: "CC BY 4.0" });
    expect(await db().select().from(mediaItemTranslations).where(eq(mediaItemTranslations.mediaItemId, id))).toEqual([]);

    // The table's bulk form: back to draft, then publish again.
    const bulk = (intent: string) => mediaTableAction(formPost("/admin/media", intent, { ids: id }), editor);
    expect(answerOf(await bulk("unpublish"))).toMatchObject({ status: 200, body: { message: "admin.media.publishing.bulkUnpublished" } });
    expect(await findMediaItem(id)).toBeUndefined();
    expect(answerOf(await bulk("publish"))).toMatchObject({ status: 200, body: { message: "admin.media.publishing.bulkPublished" } });
    expect(await findMediaItem(id)).toBeDefined();
  });
});
