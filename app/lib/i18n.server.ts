import { readCookie } from "./cookies.server";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from "./i18n";
import { Translator, type Messages, type Resources, type TFunction } from "./translator";

// Every namespace of every language, mails included, bundled into the server build.
const files = import.meta.glob<Messages>("../locales/*/*.json", { eager: true, import: "default" });

function resourcesOf(language: Language): Resources {
  const namespaces: Record<string, Messages> = {};
  for (const [file, messages] of Object.entries(files)) {
    const [code, namespace] = file.slice("../locales/".length, -".json".length).split("/") as [string, string];
    if (code === language) namespaces[namespace] = messages;
  }
  return { [language]: namespaces };
}

/**
 * One translator per language, made on first use and shared by all requests: nothing on the server
 * changes a translator's language or texts, so a request needs no copy of its own (a copy per request
 * cost as much as rendering a small page, ADR 0026). Async, so the texts may come from elsewhere than
 * the bundled files.
 */
const perLanguage = new Map<Language, Promise<Translator>>();

export function getServerTranslator(language: Language): Promise<Translator> {
  let translator = perLanguage.get(language);
  if (!translator) {
    translator = Promise.resolve(new Translator(language, resourcesOf(language)));
    perLanguage.set(language, translator);
  }
  return translator;
}

/** `t` of one language (mails, page meta, the request guard's refusals). */
export async function getFixedT(language: Language): Promise<TFunction> {
  return (await getServerTranslator(language)).t;
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
export function namespaceInAllLanguages(namespace: string): Record<string, Messages> {
  const result: Record<string, Messages> = {};
  for (const [file, messages] of Object.entries(files)) {
    const [language, name] = file.slice("../locales/".length, -".json".length).split("/") as [string, string];
    if (name === namespace) result[language] = messages;
  }
  return result;
}
