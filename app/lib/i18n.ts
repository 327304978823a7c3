import { isContentNamespace } from "./content-pages";
import type { Messages, Translator } from "./translator";

/**
 * Languages and translation resources (ADR 0004).
 *
 * Translations live in `app/locales/<language>/<namespace>.json`; each file is one namespace of
 * the translator (app/lib/translator.ts), the first segment of its keys, so a feature owns its file
 * and components write `t("home.hero.title")`. English is the source of truth;
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

export function hasNamespaces(translator: Translator, language: Language, namespaces: readonly string[]) {
  return namespaces.every((namespace) => translator.hasNamespace(language, namespace));
}

/**
 * A content page's texts come from the server, as it renders them (the operator's published fields over
 * the file's defaults, ADR 0054); should that fail, the bundled file. Other namespaces: their chunk.
 */
async function loadNamespace(language: Language, namespace: string): Promise<Messages | undefined> {
  if (isContentNamespace(namespace)) {
    try {
      // A page opened through a preview link (ADR 0059) shows its draft: the server answers it for that token.
      const preview = typeof location === "undefined" ? null : new URLSearchParams(location.search).get("preview");
      const response = await fetch(`/texts/${language}/${namespace}.json${preview ? `?preview=${encodeURIComponent(preview)}` : ""}`);
      if (response.ok) return (await response.json()) as Messages;
    } catch {
      // Offline or the server gone: the defaults are better than keys.
    }
  }
  // An unknown namespace has nothing to load: its keys render as keys.
  return lazyFiles[`../locales/${language}/${namespace}.json`]?.();
}

/** Downloads the namespaces of one language that the translator lacks and adds them. */
export async function addNamespaces(translator: Translator, language: Language, namespaces: readonly string[]) {
  await Promise.all(
    namespaces
      .filter((namespace) => !translator.hasNamespace(language, namespace))
      .map(async (namespace) => {
        const messages = await loadNamespace(language, namespace);
        if (messages) translator.addNamespace(language, namespace, messages);
      }),
  );
}
