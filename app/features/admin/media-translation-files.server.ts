import { inArray } from "drizzle-orm";
import * as z from "zod/mini";
import { mediaItems } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import type { ConsoleActor } from "./guard.server";
import { loadMediaTexts, workingTexts, writeTranslationDraft, type MediaTexts } from "./media-translation-drafts.server";
import { mediaNeedingWork } from "./media-translations.server";
import { TRANSLATED_FIELDS, translatedTextsSchema, type TranslatedField, type TranslationTexts } from "./schemas/media-schema";
import type { ExportText } from "./translation-files.server";
import { MEDIA_PREFIX, reportEntry, type ImportReport, type ParsedFile, type Units } from "./translation-report";

/**
 * Media items in a translator's file (ADR 0089): the newest items missing or outdated in the language,
 * one `<file id="media.<item id>">` (JSON: `media: { <item id>: … }`) each, one unit per text (`title`,
 * `description`, `altText`, `searchableText`), the item's own text as the source. An import writes
 * the item's translation draft, which the item's form publishes.
 */

/** How many media items an export holds at most (the newest that need work): the file stays importable. */
export const MEDIA_EXPORT_LIMIT = 50;

/** The media items that need work in `language`: the item's own non-empty texts, the draft's or the live ones as targets. */
export async function mediaUnitsOf(language: Language, text: ExportText): Promise<Units> {
  const ids = await mediaNeedingWork(language, MEDIA_EXPORT_LIMIT);
  const texts = await loadMediaTexts(ids, language);
  const units: Units = {};
  for (const id of ids) {
    const item = texts.get(id);
    if (!item) continue;
    const target = (text === "draft" ? item.draft : null) ?? item.live;
    units[`${MEDIA_PREFIX}${id}`] = Object.fromEntries(
      TRANSLATED_FIELDS.filter((field) => item.own[field]).map((field) => [
        field,
        { source: item.own[field]!, target: target?.[field] ?? "" },
      ]),
    );
  }
  return units;
}

export interface MediaChange {
  item: MediaTexts;
  texts: Partial<TranslationTexts>;
}

const isTranslatedField = (field: string): field is TranslatedField => (TRANSLATED_FIELDS as readonly string[]).includes(field);

/**
 * The file's media texts checked as the item's form checks them (its length limits and trimming):
 * items deleted since the export, or in the file's language themselves, are left out and reported.
 * Returns the items whose working texts (draft, else live) the file changes; counts the rest.
 */
export async function checkMediaTexts(file: ParsedFile, language: Language, report: ImportReport): Promise<MediaChange[]> {
  const files = file.pages.filter(({ page }) => page.startsWith(MEDIA_PREFIX));
  const found = await loadMediaTexts(
    files.map(({ page }) => page.slice(MEDIA_PREFIX.length)),
    language,
  );
  const accepted: Array<MediaChange & { sources: Partial<Record<TranslatedField, unknown>> }> = [];
  for (const { page, units } of files) {
    const item = found.get(page.slice(MEDIA_PREFIX.length));
    if (!item || item.language === language) {
      reportEntry(report, "ignored", {
        page: page.slice(0, 100),
        field: "",
        title: item?.title,
        reason: item ? "ownLanguage" : "unknownItem",
      });
      continue;
    }
    const entry = { page, title: item.title };
    const posted: Partial<Record<TranslatedField, string>> = {};
    const sources: Partial<Record<TranslatedField, unknown>> = {};
    for (const { field, source, target } of units) {
      if (!isTranslatedField(field)) reportEntry(report, "ignored", { ...entry, field: field.slice(0, 200), reason: "unknownField" });
      else if (target === undefined || target === "") reportEntry(report, "ignored", { ...entry, field, reason: "noTarget" });
      else if (typeof target !== "string") reportEntry(report, "refused", { ...entry, field, error: "admin.translations.errors.markup" });
      else {
        posted[field] = target;
        sources[field] = source;
      }
    }
    // The item form's own checks: the same trimming and limits as a typed translation.
    const checked = z.safeParse(translatedTextsSchema, posted);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        reportEntry(report, "refused", { ...entry, field: String(issue.path[0]), error: issue.message });
      continue;
    }
    const texts: Partial<TranslationTexts> = {};
    for (const field of Object.keys(posted) as TranslatedField[]) {
      const text = checked.data[field];
      if (text) texts[field] = text;
    }
    accepted.push({ item, texts, sources });
  }
  const changes: MediaChange[] = [];
  for (const { item, texts, sources } of accepted) {
    const fields = Object.keys(texts) as TranslatedField[];
    for (const field of fields) {
      if (typeof sources[field] === "string" && sources[field] !== item.own[field]) {
        reportEntry(report, "staleSource", { page: `${MEDIA_PREFIX}${item.id}`, field, title: item.title });
      }
    }
    const working = workingTexts(item);
    const changed = fields.filter((field) => working[field] !== texts[field]);
    report.unchanged += fields.length - changed.length;
    if (changed.length === 0) continue;
    report.changedMedia.push({ id: item.id, title: item.title, fields: changed });
    changes.push({ item, texts });
  }
  return changes;
}

/**
 * Writes the checked media texts as drafts inside the import's transaction. The items are locked
 * first: one deleted since the check is left out and reported like one deleted before the export,
 * instead of failing the whole import on its foreign key.
 */
export async function writeMediaChanges(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  actor: ConsoleActor,
  language: Language,
  changes: MediaChange[],
  report: ImportReport,
) {
  if (changes.length === 0) return;
  const ids = changes.map(({ item }) => item.id);
  const present = new Set(
    (await tx.select({ id: mediaItems.id }).from(mediaItems).where(inArray(mediaItems.id, ids)).for("update")).map((row) => row.id),
  );
  for (const { item, texts } of changes) {
    if (!present.has(item.id)) {
      report.changedMedia = report.changedMedia.filter((entry) => entry.id !== item.id);
      reportEntry(report, "ignored", { page: `${MEDIA_PREFIX}${item.id}`, field: "", title: item.title, reason: "unknownItem" });
      continue;
    }
    await writeTranslationDraft(tx, actor, item, language, texts, "library.importTranslation");
  }
}
