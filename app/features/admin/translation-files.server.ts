import { js2xliff, xliff2js } from "xliff";
import * as z from "zod/mini";
import { CONTENT_NAMESPACES, contentPageOf, isContentNamespace, isImagePath, type ContentNamespace } from "~/lib/content-pages";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { checkMediaTexts, mediaUnitsOf, writeMediaChanges } from "./media-translation-files.server";
import { defaultFields, rowOf, writeDraft } from "./pages.server";
import { pageFieldsSchema } from "./schemas/page-schema";
import { emptyReport, MEDIA_PREFIX, reportEntry, type ImportReport, type ParsedFile, type Units } from "./translation-report";
import { IMPORT_MAX_BYTES, isTargetLanguage, SOURCE_LANGUAGE } from "./translations";
import { textsOf } from "./translations.server";
import type { ConsoleActor } from "./guard.server";

/**
 * A language's texts for a translator and back (ADR 0062): XLIFF 2.0 (through the `xliff` library)
 * or JSON, one unit per field, English's published text as the source and the language's text
 * (published, or the draft) as the target. An import is read through one parser per format, checked
 * like the page editor's form (known pages and fields, the same length limits, no control
 * characters), and becomes drafts only: it never publishes.
 * Media items travel in the same file (ADR 0089, media-translation-files.server.ts).
 */

export const TRANSLATION_FORMATS = ["xliff", "json"] as const;
export type TranslationFormat = (typeof TRANSLATION_FORMATS)[number];
export const EXPORT_TEXTS = ["published", "draft"] as const;
export type ExportText = (typeof EXPORT_TEXTS)[number];
export const EXPORT_MEDIA = ["work", "none"] as const;
export type ExportMedia = (typeof EXPORT_MEDIA)[number];

/** What the JSON file says it is, so an import knows it was made here. */
const JSON_FORMAT = "ipangel-translation";

export interface ExportChoice {
  language: Language;
  page: ContentNamespace | "all" | "none";
  /** Default "none". */
  media?: ExportMedia;
  text: ExportText;
  format: TranslationFormat;
}

async function unitsOf({ language, page, text, media = "none" }: ExportChoice): Promise<Units> {
  const namespaces = page === "all" ? CONTENT_NAMESPACES : page === "none" ? [] : [page];
  const units: Units = {};
  for (const namespace of namespaces) {
    const [sourceRow, row] = await Promise.all([rowOf(namespace, SOURCE_LANGUAGE), rowOf(namespace, language)]);
    const source = textsOf(namespace, SOURCE_LANGUAGE, sourceRow?.published);
    const target = textsOf(namespace, language, text === "draft" ? (row?.draft ?? row?.published) : row?.published);
    units[namespace] = Object.fromEntries(
      Object.entries(source)
        // A picture's field holds a library id, and an empty English text has nothing to translate.
        .filter(([path, sourceText]) => Object.hasOwn(target, path) && sourceText !== "" && !isImagePath(path, contentPageOf(namespace)))
        .map(([path, sourceText]) => [path, { source: sourceText, target: target[path]! }]),
    );
  }
  if (media === "work") Object.assign(units, await mediaUnitsOf(language, text));
  return units;
}

/** The export as a file: its text, name and type. */
export async function exportTranslation(choice: ExportChoice) {
  const units = await unitsOf(choice);
  const name = `ipangel-${choice.page}${choice.media === "work" ? "-media" : ""}-${SOURCE_LANGUAGE}-${choice.language}-${choice.text}`;
  if (choice.format === "json") {
    const pages = Object.fromEntries(Object.entries(units).filter(([key]) => !key.startsWith(MEDIA_PREFIX)));
    const media = Object.fromEntries(
      Object.entries(units).flatMap(([key, value]) => (key.startsWith(MEDIA_PREFIX) ? [[key.slice(MEDIA_PREFIX.length), value]] : [])),
    );
    const file = { format: JSON_FORMAT, sourceLanguage: SOURCE_LANGUAGE, targetLanguage: choice.language, pages, media };
    return { body: `${JSON.stringify(file, null, 2)}\n`, fileName: `${name}.json`, contentType: "application/json; charset=utf-8" };
  }
  const xliff = await js2xliff({ sourceLanguage: SOURCE_LANGUAGE, targetLanguage: choice.language, resources: units }, { indent: "  " });
  return {
    body: `<?xml version="1.0" encoding="UTF-8"?>\n${xliff}\n`,
    fileName: `${name}.xlf`,
    contentType: "application/xliff+xml; charset=utf-8",
  };
}

/** Why a file as a whole is refused: each a translation key `admin.translations.errors.<problem>`. */
export type ImportProblem =
  | "noFile"
  | "tooLarge"
  | "notTranslationFile"
  | "malformedXml"
  | "declarations"
  | "notXliff2"
  | "malformedJson"
  | "wrongSource"
  | "wrongTarget"
  | "fieldsRefused";

export type ImportResult =
  { ok: true; report: ImportReport } | { ok: false; status: number; problem: ImportProblem; report?: ImportReport };

const refuse = (problem: ImportProblem, status = 400): ImportResult => ({ ok: false, status, problem });

/**
 * XLIFF 2 through the library's parser (sax in strict mode: it resolves no entity but the five of
 * XML, so neither an external entity nor an entity bomb is ever expanded). A document type
 * declaration has no place in XLIFF and is refused before parsing, so that refusal never depends on
 * the parser's defaults.
 */
async function parseXliff(text: string): Promise<ParsedFile | ImportProblem> {
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) return "declarations";
  // The parser reports a document cut short only to a handler the library leaves empty: its end is checked here.
  if (!/<\/xliff>\s*$/.test(text)) return "malformedXml";
  let parsed: Awaited<ReturnType<typeof xliff2js>>;
  try {
    parsed = await xliff2js(text);
  } catch {
    return "malformedXml";
  }
  if (!parsed.resources || typeof parsed.resources !== "object") return "notXliff2";
  const pages: ParsedFile["pages"] = [];
  for (const [page, units] of Object.entries(parsed.resources)) {
    const entries: ParsedFile["pages"][number]["units"] = [];
    for (const [field, unit] of Object.entries(units ?? {})) {
      // A <group> of units is no field of ours: left out as an unknown field.
      const texts =
        typeof unit === "object" && unit !== null && !("groupUnits" in unit) ? (unit as { source?: unknown; target?: unknown }) : {};
      entries.push({ field, source: texts.source, target: texts.target });
    }
    pages.push({ page, units: entries });
  }
  return { sourceLanguage: parsed.sourceLanguage, targetLanguage: parsed.targetLanguage, pages };
}

const jsonUnits = z.record(z.string(), z.record(z.string(), z.object({ source: z.optional(z.string()), target: z.optional(z.string()) })));

const jsonFileSchema = z.object({
  format: z.literal(JSON_FORMAT),
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  pages: jsonUnits,
  media: z.optional(jsonUnits),
});

function parseJson(text: string): ParsedFile | ImportProblem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "malformedJson";
  }
  const file = z.safeParse(jsonFileSchema, value);
  if (!file.success) return "notTranslationFile";
  return {
    sourceLanguage: file.data.sourceLanguage,
    targetLanguage: file.data.targetLanguage,
    pages: [
      ...Object.entries(file.data.pages),
      ...Object.entries(file.data.media ?? {}).map(([id, units]) => [`${MEDIA_PREFIX}${id}`, units] as const),
    ].map(([page, units]) => ({
      page,
      units: Object.entries(units).map(([field, unit]) => ({ field, source: unit.source, target: unit.target })),
    })),
  };
}

/**
 * The file's texts checked as the page editor checks its form: page → the texts to keep (path → text)
 * and the English each was translated from, as the file has it.
 */
function checkTexts(file: ParsedFile, language: Language, report: ImportReport) {
  const accepted = new Map<ContentNamespace, { texts: Record<string, string>; sources: Record<string, unknown> }>();
  const ignore = (entry: ImportReport["ignored"][number]) => reportEntry(report, "ignored", entry);
  const refuseField = (entry: ImportReport["refused"][number]) => reportEntry(report, "refused", entry);
  for (const { page, units } of file.pages) {
    if (page.startsWith(MEDIA_PREFIX)) continue;
    if (!isContentNamespace(page)) {
      ignore({ page: page.slice(0, 100), field: "", reason: "unknownPage" });
      continue;
    }
    const fields = defaultFields(page, language);
    const indexOf = new Map(fields.map((field, index) => [field.path, index]));
    const posted: Record<string, string> = {};
    const sources: Record<string, unknown> = {};
    for (const { field, source, target } of units) {
      const index = indexOf.get(field);
      if (index === undefined) ignore({ page, field: field.slice(0, 200), reason: "unknownField" });
      else if (target === undefined || target === "") ignore({ page, field, reason: "noTarget" });
      else if (typeof target !== "string") refuseField({ page, field, error: "admin.translations.errors.markup" });
      else {
        posted[`f${index}`] = target;
        sources[field] = source;
      }
    }
    // The editor's own schema: the same trimming, line breaks, limits and refusals as a typed field.
    const checked = z.safeParse(pageFieldsSchema(fields.map((field, index) => ({ name: `f${index}`, long: field.long }))), posted);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const index = Number(String(issue.path[0]).slice(1));
        refuseField({ page, field: fields[index]?.path ?? "", error: issue.message });
      }
      continue;
    }
    const texts: Record<string, string> = {};
    for (const name of Object.keys(posted)) {
      const text = checked.data[name];
      if (text) texts[fields[Number(name.slice(1))]!.path] = text;
    }
    accepted.set(page, { texts, sources });
  }
  return accepted;
}

/**
 * Reads an uploaded translation (XLIFF 2 or JSON, told apart by their first character) and writes
 * its texts as drafts of the language it names, in one transaction, each changed page audited as
 * `page.import`. Any refused field refuses the file (nothing written); unknown pages and fields are
 * left out and reported. Never publishes.
 */
export async function importTranslation(actor: ConsoleActor, file: File | null): Promise<ImportResult> {
  if (!file || file.size === 0) return refuse("noFile");
  if (file.size > IMPORT_MAX_BYTES) return refuse("tooLarge", 413);
  const text = (await file.text()).replace(/^\uFEFF/, "");
  const first = text.trimStart()[0];
  const parsed = first === "<" ? await parseXliff(text) : first === "{" ? parseJson(text) : "notTranslationFile";
  if (typeof parsed === "string") return refuse(parsed);
  if (parsed.sourceLanguage !== SOURCE_LANGUAGE) return refuse("wrongSource");
  if (!isTargetLanguage(parsed.targetLanguage)) return refuse("wrongTarget");
  const language = parsed.targetLanguage;
  const report = emptyReport(language);
  const accepted = checkTexts(parsed, language, report);
  const mediaChanges = await checkMediaTexts(parsed, language, report);
  if (report.refusedCount > 0) return { ok: false, status: 400, problem: "fieldsRefused", report };

  const changes: Array<[ContentNamespace, Record<string, string>]> = [];
  for (const [page, { texts, sources }] of accepted) {
    const [row, sourceRow] = await Promise.all([rowOf(page, language), rowOf(page, SOURCE_LANGUAGE)]);
    const english = textsOf(page, SOURCE_LANGUAGE, sourceRow?.published);
    for (const path of Object.keys(texts)) {
      if (typeof sources[path] === "string" && sources[path] !== english[path]) reportEntry(report, "staleSource", { page, field: path });
    }
    const working = textsOf(page, language, row?.draft ?? row?.published);
    const changed = Object.keys(texts).filter((path) => working[path] !== texts[path]);
    report.unchanged += Object.keys(texts).length - changed.length;
    if (changed.length === 0) continue;
    report.changed.push({ page, fields: changed });
    changes.push([page, texts]);
  }
  if (changes.length > 0 || mediaChanges.length > 0) {
    await db().transaction(async (tx) => {
      for (const [page, texts] of changes) {
        await writeDraft(tx, actor, [page, language], (previous) => ({ ...textsOf(page, language, previous), ...texts }), "page.import");
      }
      await writeMediaChanges(tx, actor, language, mediaChanges, report);
    });
  }
  return { ok: true, report };
}
