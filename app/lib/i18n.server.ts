import type { i18n as I18n, Resource } from "i18next";
import { createI18n, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from "./i18n";

/**
 * The server holds every language in memory once and gives each request a cheap clone
 * fixed to that request's language (never a shared, mutable "current language").
 */
let root: Promise<I18n> | undefined;

// Every namespace of every language, mails included, bundled into the server build.
const files = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { eager: true, import: "default" });

function allResources(): Resource {
  const resources: Record<string, { translation: Record<string, unknown> }> = {};
  for (const [file, messages] of Object.entries(files)) {
    const [language, namespace] = file.slice("../locales/".length, -".json".length).split("/") as [string, string];
    (resources[language] ??= { translation: {} }).translation[namespace] = messages;
  }
  return resources;
}

function rootInstance() {
  root ??= createI18n(DEFAULT_LANGUAGE, allResources());
  return root;
}

// One instance per language, made once: a clone per request cost as much as rendering a small page.
// Nothing on the server changes an instance's language, so requests can share them.
const perLanguage = new Map<Language, Promise<I18n>>();

export function getServerI18n(language: Language): Promise<I18n> {
  let instance = perLanguage.get(language);
  if (!instance) {
    instance = rootInstance().then((root) => root.cloneInstance({ lng: language, initAsync: false }));
    perLanguage.set(language, instance);
  }
  return instance;
}

const fixedTs = new Map<Language, Promise<I18n["t"]>>();

export function getFixedT(language: Language): Promise<I18n["t"]> {
  let t = fixedTs.get(language);
  if (!t) {
    t = getServerI18n(language).then((instance) => instance.getFixedT(language));
    fixedTs.set(language, t);
  }
  return t;
}

function readCookie(header: string | null | undefined, name: string) {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/**
 * The language of a request: `?lang=` (links for search engines and sharing), then the
 * `language` cookie that mirrors the browser's localStorage, then English (spec §4).
 */
export function resolveLanguage(url: URL, cookieHeader: string | null | undefined): {
  language: Language;
  fromQuery: boolean;
} {
  const fromQuery = url.searchParams.get("lang");
  if (isLanguage(fromQuery)) return { language: fromQuery, fromQuery: true };
  const fromCookie = readCookie(cookieHeader, LANGUAGE_COOKIE);
  if (isLanguage(fromCookie)) return { language: fromCookie, fromQuery: false };
  return { language: DEFAULT_LANGUAGE, fromQuery: false };
}

export function languageFromRequest(request: Request): Language {
  return resolveLanguage(new URL(request.url), request.headers.get("cookie")).language;
}
