import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { mediaItems, mediaItemTranslationDrafts, mediaItemTranslations, pageContent } from "~/db/schema";
import { db } from "~/lib/db.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { createService as service, serviceForm as form, testEditor } from "../../../tests/helpers/media-services";
import { loadMediaItem, saveMediaItem } from "./media-item.server";
import { loadMediaTexts, startMediaFromOriginal } from "./media-translation-drafts.server";
import { writeMediaChanges } from "./media-translation-files.server";
import { mediaTranslationStatus } from "./media-translations.server";
import { exportTranslation, importTranslation } from "./translation-files.server";
import { emptyReport } from "./translation-report";

/**
 * Media items in the translator's files and "start from the original" (ADR 0089): the export holds the
 * items that need work in the language, the import writes their translation drafts (never the live
 * texts a visitor reads), and saving the item's form publishes them.
 */
const editor = testEditor;

const live = async (id: string) => db().select().from(mediaItemTranslations).where(eq(mediaItemTranslations.mediaItemId, id));
const drafts = async () => db().select().from(mediaItemTranslationDrafts);
const auditOf = async (prefix: string) =>
  (
    await db().execute<{ action: string; entity_id: string }>(
      sql`select action, entity_id from audit_log where action like ${`${prefix}%`} order by id`,
    )
  ).rows;
const fileOf = (text: string, name = "translation.xlf") => new File([text], name);

describe("media items in the translator's files", () => {
  beforeEach(resetDatabase);

  it("XLIFF: an item that needs work is a <file> with its own texts as sources; an import writes a draft only, the form publishes it", async () => {
    const id = await service({ title: "Weather", esTitle: "Servicio del tiempo" });
    // The original changes after the Spanish title was saved: Spanish is outdated.
    await saveMediaItem(
      editor,
      id,
      form({ title: "Weather service", description: "Forecasts by the hour", esTitle: "Servicio del tiempo" }),
    );
    const german = await service({ title: "Wetterdienst", language: "de" });
    const done = await service({ title: "Done", deTitle: "Fertig", esTitle: "Hecho" });

    const exported = await exportTranslation({ language: "es", page: "none", media: "work", text: "published", format: "xliff" });
    expect(exported.fileName).toBe("ipangel-none-media-en-es-published.xlf");
    expect(exported.body).not.toContain('<file id="home">');
    expect(exported.body).toContain(`<file id="media.${id}">`);
    expect(exported.body).toContain(`<file id="media.${german}">`);
    // Up to date in Spanish: not in the file.
    expect(exported.body).not.toContain(`media.${done}`);
    expect(exported.body).toContain("<source>Weather service</source>");
    expect(exported.body).toContain("<target>Servicio del tiempo</target>");
    expect(exported.body).toContain("<source>Forecasts by the hour</source>");

    const edited = exported.body
      .replace("<target>Servicio del tiempo</target>", "<target>Servicio meteorológico</target>")
      .replace(/(<source>Forecasts by the hour<\/source>\s*)<target\s*\/>/, "$1<target>Previsiones por horas</target>")
      .replace(/(<source>Forecasts by the hour<\/source>\s*)<target><\/target>/, "$1<target>Previsiones por horas</target>");
    const result = await importTranslation(editor, fileOf(edited));
    expect(result).toMatchObject({
      ok: true,
      report: { language: "es", changed: [], changedMedia: [{ id, title: "Weather service", fields: ["title", "description"] }] },
    });

    // Nothing public changed: the live Spanish title is the old one; the draft waits.
    expect((await live(id)).find((row) => row.language === "es")).toMatchObject({ title: "Servicio del tiempo", description: null });
    expect(await drafts()).toEqual([
      expect.objectContaining({ mediaItemId: id, language: "es", title: "Servicio meteorológico", description: "Previsiones por horas" }),
    ]);
    expect(await auditOf("library.importTranslation")).toEqual([{ action: "library.importTranslation", entity_id: `${id}/es` }]);
    const status = await mediaTranslationStatus({ language: "es", state: "outdated" });
    expect(status.items.find((item) => item.id === id)).toMatchObject({ translationDraft: true });

    // The item's form shows the draft; saving it publishes the draft and drops it. A draft written while the
    // form was open (German, here) was not shown: it stays.
    const loaded = await loadMediaItem(id);
    expect(loaded!.item.translationDrafts.es).toMatchObject({ title: "Servicio meteorológico" });
    expect(await startMediaFromOriginal(editor, id, "de")).toMatchObject({ ok: true });
    await saveMediaItem(
      editor,
      id,
      form({
        title: "Weather service",
        description: "Forecasts by the hour",
        esTitle: "Servicio meteorológico",
        esDescription: "Previsiones por horas",
        draftsSeenAt: loaded!.item.draftsSeenAt,
      }),
    );
    expect((await live(id)).find((row) => row.language === "es")).toMatchObject({ title: "Servicio meteorológico" });
    expect((await drafts()).map((row) => row.language)).toEqual(["de"]);
  });

  it("JSON: items under `media`; the draft exports as the target and an unchanged import writes nothing", async () => {
    const id = await service({ title: "Weather service", altText: "A cloud" });
    const exported = await exportTranslation({ language: "de", page: "none", media: "work", text: "published", format: "json" });
    const file = JSON.parse(exported.body) as { pages: object; media: Record<string, Record<string, { source: string; target: string }>> };
    expect(file.pages).toEqual({});
    expect(file.media[id]).toEqual({ title: { source: "Weather service", target: "" }, altText: { source: "A cloud", target: "" } });
    file.media[id]!.title!.target = "Wetterdienst";
    file.media[id]!.altText!.target = "Eine Wolke";
    expect(await importTranslation(editor, fileOf(JSON.stringify(file), "de.json"))).toMatchObject({
      ok: true,
      report: { changedMedia: [{ id, fields: ["title", "altText"] }] },
    });
    expect(await live(id)).toEqual([]);

    const draft = await exportTranslation({ language: "de", page: "none", media: "work", text: "draft", format: "json" });
    expect((JSON.parse(draft.body) as typeof file).media[id]!.title!.target).toBe("Wetterdienst");
    expect(await importTranslation(editor, fileOf(JSON.stringify(file), "de.json"))).toMatchObject({
      ok: true,
      report: { changedMedia: [], unchanged: 2 },
    });
    expect(await auditOf("library.importTranslation")).toHaveLength(1);
  });

  it("leaves out deleted items, unknown ids and an item in the file's own language, and names them", async () => {
    const deleted = await service({ title: "Gone soon" });
    const german = await service({ title: "Wetterdienst", language: "de" });
    const exported = await exportTranslation({ language: "de", page: "none", media: "work", text: "published", format: "json" });
    const file = JSON.parse(exported.body) as { media: Record<string, Record<string, { source?: string; target: string }>> };
    file.media[deleted] = { title: { source: "Gone soon", target: "Bald weg" } };
    file.media[german] = { title: { target: "Wetterdienst" } };
    file.media["not-an-id"] = { title: { target: "x" } };
    await db().delete(mediaItems).where(eq(mediaItems.id, deleted));
    const result = await importTranslation(editor, fileOf(JSON.stringify(file), "de.json"));
    if (!result.ok) throw new Error("refused");
    expect(result.report.ignored.map((entry) => [entry.page, entry.reason]).sort()).toEqual(
      [
        [`media.${deleted}`, "unknownItem"],
        [`media.${german}`, "ownLanguage"],
        ["media.not-an-id", "unknownItem"],
      ].sort(),
    );
    expect(await drafts()).toEqual([]);
  });

  it("an item deleted between the check and the write is left out and reported, the other items are written", async () => {
    const kept = await service({ title: "Kept" });
    const gone = await service({ title: "Gone" });
    const texts = await loadMediaTexts([kept, gone], "de");
    const changes = [kept, gone].map((id) => ({ item: texts.get(id)!, texts: { title: "Neu" } }));
    const report = emptyReport("de");
    report.changedMedia = changes.map(({ item }) => ({ id: item.id, title: item.title, fields: ["title"] }));
    await db().delete(mediaItems).where(eq(mediaItems.id, gone));
    await db().transaction((tx) => writeMediaChanges(tx, editor, "de", changes, report));
    expect(report.changedMedia.map((entry) => entry.id)).toEqual([kept]);
    expect(report.ignored).toEqual([{ page: `media.${gone}`, field: "", title: "Gone", reason: "unknownItem" }]);
    expect((await drafts()).map((row) => row.mediaItemId)).toEqual([kept]);
  });

  it("an over-long text refuses the whole file: no page draft, no media draft, no audit entry", async () => {
    const id = await service({ title: "Weather service" });
    const text = `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de"><file id="home"><unit id="hero.titleStart"><segment><source>x</source><target>Gut</target></segment></unit></file><file id="media.${id}"><unit id="description"><segment><source>x</source><target>Gut</target></segment></unit><unit id="title"><segment><source>Weather service</source><target>${"w".repeat(301)}</target></segment></unit></file></xliff>`;
    const result = await importTranslation(editor, fileOf(text));
    expect(result).toMatchObject({
      ok: false,
      problem: "fieldsRefused",
      report: { refused: [{ page: `media.${id}`, field: "title", title: "Weather service", error: "admin.media.errors.tooLong" }] },
    });
    expect(await db().select().from(pageContent)).toEqual([]);
    expect(await drafts()).toEqual([]);
    expect(await auditOf("library.importTranslation")).toEqual([]);
    expect(await auditOf("page.import")).toEqual([]);
  });
});

describe("start a media item's translation from its original", () => {
  beforeEach(resetDatabase);

  it("copies the empty texts of a missing language into its draft; nothing public changes", async () => {
    const id = await service({ title: "Weather service", description: "Forecasts", deSearchableText: "Wetter Regen" });
    expect(await startMediaFromOriginal(editor, id, "de")).toEqual({ ok: true, message: "admin.translations.media.started" });
    expect(await drafts()).toEqual([
      expect.objectContaining({ language: "de", title: "Weather service", description: "Forecasts", searchableText: "Wetter Regen" }),
    ]);
    expect(await live(id)).toEqual([expect.objectContaining({ language: "de", title: null, searchableText: "Wetter Regen" })]);
    expect(await auditOf("library.startTranslation")).toEqual([{ action: "library.startTranslation", entity_id: `${id}/de` }]);
  });

  it("an outdated language gets the original's title, description and alt text in its draft, its live texts stay", async () => {
    const id = await service({ title: "Weather", deTitle: "Wetter", deSearchableText: "Regen" });
    await saveMediaItem(editor, id, form({ title: "Weather service", deTitle: "Wetter", deSearchableText: "Regen" }));
    expect(await startMediaFromOriginal(editor, id, "de")).toMatchObject({ ok: true });
    expect(await drafts()).toEqual([expect.objectContaining({ language: "de", title: "Weather service", searchableText: "Regen" })]);
    expect(await live(id)).toEqual([expect.objectContaining({ language: "de", title: "Wetter" })]);
  });

  it("refuses an item that is up to date, its own language and an unknown item", async () => {
    const id = await service({ title: "Weather service", deTitle: "Wetterdienst" });
    expect(await startMediaFromOriginal(editor, id, "de")).toMatchObject({ ok: false, status: 409 });
    expect(await startMediaFromOriginal(editor, id, "en")).toMatchObject({ ok: false, status: 400 });
    expect(await startMediaFromOriginal(editor, "00000000-0000-4000-8000-000000000000", "de")).toMatchObject({ ok: false, status: 404 });
    expect(await drafts()).toEqual([]);
  });
});
