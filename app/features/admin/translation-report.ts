import type { Language } from "~/lib/i18n";

/**
 * A translation import's parsed file and its report (ADR 0062, 0089), shared by the pages' and the
 * media items' checks and by the page that shows the report.
 */

/** How many entries of each list an import's report names (the counts are always whole). */
export const REPORT_LIST_MAX = 50;

/** The id of a media item's `<file>`: `media.<item id>` (no content page has a dot in its name). */
export const MEDIA_PREFIX = "media.";

/** file id (a page, or `media.<item id>`) → unit id (a field) → its texts. */
export type Units = Record<string, Record<string, { source: string; target: string }>>;

export interface ParsedFile {
  sourceLanguage: unknown;
  targetLanguage: unknown;
  /** page → field → the target as the file has it (a string, or markup the library returned as objects). */
  pages: Array<{ page: string; units: Array<{ field: string; source: unknown; target: unknown }> }>;
}

export interface ImportEntry {
  /** A content page, or `media.<item id>`. */
  page: string;
  field: string;
  /** A media item's title (its own), for the report. */
  title?: string;
}

export interface ImportReport {
  language: Language | null;
  /** Pages whose draft the import changed, with the changed fields. */
  changed: Array<{ page: string; fields: string[] }>;
  /** Media items whose translation draft the import changed. */
  changedMedia: Array<{ id: string; title: string; fields: string[] }>;
  /** Fields the file holds with the text the draft already has. */
  unchanged: number;
  /** Imported texts translated from an English text that has changed since the export (the file's source is not English's text now). */
  staleSource: ImportEntry[];
  staleSourceCount: number;
  /** What the import left out: pages or fields this site does not have, units without a target. */
  ignored: Array<ImportEntry & { reason: "unknownPage" | "unknownField" | "noTarget" | "unknownItem" | "ownLanguage" }>;
  ignoredCount: number;
  /** Fields whose text the editor would refuse (too long, control characters, markup): nothing is written then. */
  refused: Array<ImportEntry & { error: string }>;
  refusedCount: number;
}

export function emptyReport(language: Language | null): ImportReport {
  return {
    language,
    changed: [],
    changedMedia: [],
    unchanged: 0,
    staleSource: [],
    staleSourceCount: 0,
    ignored: [],
    ignoredCount: 0,
    refused: [],
    refusedCount: 0,
  };
}

/** Counts an entry of one of the report's lists, and names it while the list has room. */
export function reportEntry<K extends "ignored" | "refused" | "staleSource">(
  report: ImportReport,
  list: K,
  entry: ImportReport[K][number],
) {
  report[`${list}Count`] += 1;
  if (report[list].length < REPORT_LIST_MAX) (report[list] as Array<ImportReport[K][number]>).push(entry);
}
