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

export async function getServerI18n(language: Language): Promise<I18n> {
  const instance = await rootInstance();
  return instance.cloneInstance({ lng: language, initAsync: false });
}

export async function getFixedT(language: Language) {
  return (await rootInstance()).getFixedT(language);
}

function readCookie(header: string | null | undefined, name: string) {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      // A malformed cookie value (`%E0`) is no language, not a failure.
      return undefined;
    }
  }
  return undefined;
}

/**
 * The language of a request: `?lang=` (links for search engines and sharing), then the
 * `language` cookie that mirrors the browser's localStorage, then English (spec §4).
 */
export function resolveLanguage(
  url: URL,
  cookieHeader: string | null | undefined,
): {
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

/** One namespace in every language (the console's texts travel with its loader data, ADR 0020). */
export function namespaceInAllLanguages(namespace: string): Record<string, Record<string, unknown>> {
  const result: Record<string, Record<string, unknown>> = {};
  for (const [file, messages] of Object.entries(files)) {
    const [language, name] = file.slice("../locales/".length, -".json".length).split("/") as [string, string];
    if (name === namespace) result[language] = messages;
  }
  return result;
}
