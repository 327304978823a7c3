import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/lib/i18n";

/**
 * Translation status (ADR 0062), shared by the console's server and its pages: English is the
 * source every other language is translated from.
 */
export const SOURCE_LANGUAGE: Language = DEFAULT_LANGUAGE;
export const TARGET_LANGUAGES = LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE);

export type TranslationState = "missing" | "outdated" | "upToDate";

/** How each state reads on the status page (pages and media alike). */
export const STATE_CLASS: Record<TranslationState, string> = {
  missing: "font-medium text-destructive",
  outdated: "font-medium text-amber-300",
  upToDate: "font-medium text-primary",
};

export function isTargetLanguage(value: unknown): value is Language {
  return typeof value === "string" && (TARGET_LANGUAGES as readonly string[]).includes(value);
}

/** The largest translation file an import reads: every page of a language in XLIFF is about 150 KB. */
export const IMPORT_MAX_BYTES = 512 * 1024;
