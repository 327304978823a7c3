import i18next, { type i18n as I18n, type Resource } from "i18next";

/**
 * Languages and translation resources (ADR 0004).
 *
 * Translations live in `app/locales/<language>/<namespace>.json`; each file becomes the
 * top-level key `<namespace>` of the single i18next namespace "translation", so a feature
 * owns its file and components write `t("home.hero.title")`. English is the source of truth;
 * `locales.test.ts` fails when German or Spanish lack a key. A missing key renders as the key.
 */

export const LANGUAGES = ["en", "de", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
/** Spec §4: the language is kept in localStorage under this key. */
export const LANGUAGE_STORAGE_KEY = "language";
/** Mirror of the localStorage value, so the server renders the chosen language. */
export const LANGUAGE_COOKIE = "language";
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  es: "Español",
};

/** BCP 47 tags for Intl formatting and Open Graph locales. */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  en: "en-US",
  de: "de-DE",
  es: "es-ES",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

type Messages = Record<string, unknown>;
type Loader = () => Promise<{ default: Messages }>;

// Lazily split per file, so the browser only downloads the language it shows.
const lazyFiles = import.meta.glob<{ default: Messages }>("../locales/*/*.json");

function filesOf(language: Language): Array<[string, Loader]> {
  const prefix = `../locales/${language}/`;
  return Object.entries(lazyFiles)
    .filter(([file]) => file.startsWith(prefix))
    .map(([file, load]) => [file.slice(prefix.length, -".json".length), load as Loader]);
}

/** Loads every namespace file of one language into one resource object. */
export async function loadMessages(language: Language): Promise<Messages> {
  const entries = await Promise.all(
    filesOf(language).map(async ([namespace, load]) => [namespace, (await load()).default] as const),
  );
  return Object.fromEntries(entries);
}

export async function loadResources(languages: readonly Language[]): Promise<Resource> {
  const loaded = await Promise.all(
    languages.map(async (language) => [language, { translation: await loadMessages(language) }] as const),
  );
  return Object.fromEntries(loaded);
}

/** A new i18next instance with the given resources. */
export async function createI18n(language: Language, resources: Resource): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A missing key renders as the key itself (spec §4).
    parseMissingKeyHandler: (key) => key,
    initAsync: false,
  });
  return instance;
}
