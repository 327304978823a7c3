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

/** The namespaces of the shell (header, footer, error pages): every page needs them. */
export const SHELL_NAMESPACES: readonly string[] = ["common"];

/**
 * A route module names the other namespaces its page shows: `export const handle = { i18n:
 * ["privacy", "legal"] }`. The browser loads only those (plus the shell's), in the page's
 * language; `app/lib/route-namespaces.test.ts` checks that the lists are complete.
 */
export interface I18nHandle {
  i18n?: readonly string[];
}

export function namespacesOf(handles: readonly unknown[]): string[] {
  const fromRoutes = handles.flatMap((handle) => (handle as I18nHandle | undefined)?.i18n ?? []);
  return [...new Set([...SHELL_NAMESPACES, ...fromRoutes])];
}

// One lazy chunk per language and namespace. Mails and the request guard's refusals (http) are rendered on the server only; the
// console's texts come with its layout's loader data (no public chunk reveals it, ADR 0020).
const lazyFiles = import.meta.glob<Messages>(
  ["../locales/*/*.json", "!../locales/*/mail.json", "!../locales/*/admin.json", "!../locales/*/http.json"],
  {
    import: "default",
  },
);

function hasNamespace(i18n: I18n, language: Language, namespace: string) {
  return i18n.getResource(language, "translation", namespace) !== undefined;
}

export function hasNamespaces(i18n: I18n, language: Language, namespaces: readonly string[]) {
  return namespaces.every((namespace) => hasNamespace(i18n, language, namespace));
}

/** Downloads the namespaces of one language that the instance lacks and adds them. */
export async function addNamespaces(i18n: I18n, language: Language, namespaces: readonly string[]) {
  await Promise.all(
    namespaces
      .filter((namespace) => !hasNamespace(i18n, language, namespace))
      .map(async (namespace) => {
        const load = lazyFiles[`../locales/${language}/${namespace}.json`];
        // An unknown namespace has nothing to load: its keys render as keys.
        if (load) i18n.addResourceBundle(language, "translation", { [namespace]: await load() }, true, true);
      }),
  );
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
