/**
 * Intl formatters made once per locale and options, not per call: building an Intl.DateTimeFormat
 * or NumberFormat costs ~100 times more than using one, and a page formats dozens of values
 * (ADR 0026). The keys are few (three locales, a handful of option sets), so the maps stay small.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const displayNamesByLocale = new Map<string, Intl.DisplayNames>();
const MAX_ENTRIES = 200;

function remember<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (!value) {
    value = make();
    if (map.size < MAX_ENTRIES) map.set(key, value);
  }
  return value;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}) {
  return remember(dateTimeFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  return remember(numberFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** Names of languages in the given locale ("Deutsch" → "German" in en-US). */
export function languageNames(locale: string) {
  return remember(displayNamesByLocale, locale, () => new Intl.DisplayNames([locale], { type: "language" }));
}
