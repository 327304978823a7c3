import { readCookie } from "./cookies.server";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from "./i18n";
import type { FieldOverrides } from "~/db/schema";
import { contentPageOf, isContentNamespace, isEditablePath, withValues, type ContentNamespace } from "./content-pages";
import { fileTexts, localeFiles } from "./locale-files.server";
import { publishedContent, shownLanguageOf, type PublishedContent } from "./page-content.server";
import { Translator, type Messages, type Resources, type TFunction } from "./translator";

/** A content namespace's texts in a language: its file, with the editable ones of `overrides` put in place. */
function namespaceTexts(language: Language, namespace: ContentNamespace, overrides: FieldOverrides | undefined): Messages {
  const messages = fileTexts(language, namespace) ?? {};
  // Only the editable fields: a key a release made interface text again reads its file.
  const page = contentPageOf(namespace);
  const values = Object.entries(overrides ?? {}).filter(([path]) => isEditablePath(path, page));
  return values.length > 0 ? withValues(messages, Object.fromEntries(values.map(([path, field]) => [path, field.value])), page) : messages;
}

/** A language's texts: the files, with the content pages' published overrides over their defaults (ADR 0054). */
function resourcesOf(language: Language, content: PublishedContent): Resources {
  const namespaces: Record<string, Messages> = {};
  for (const file of localeFiles()) {
    if (file.language !== language) continue;
    const { namespace } = file;
    if (!isContentNamespace(namespace)) {
      namespaces[namespace] = fileTexts(language, namespace)!;
      continue;
    }
    // A page unpublished in this language is the default language's page, whole (ADR 0058).
    const shown = shownLanguageOf(content, language, namespace);
    namespaces[namespace] = namespaceTexts(shown, namespace, content.byLanguage[shown]?.[namespace]);
  }
  return { [language]: namespaces };
}

/**
 * One translator per language, shared by all requests: nothing on the server changes a translator's
 * language or texts, so a request needs no copy of its own (a copy per request cost as much as
 * rendering a small page, ADR 0026). It is made again only when the published content changed (the
 * snapshot is another object), so a request costs a lookup, never a query.
 */
const perLanguage = new Map<Language, { content: PublishedContent; resources: Resources; translator: Translator }>();

async function current(language: Language) {
  const content = await publishedContent();
  let entry = perLanguage.get(language);
  if (entry?.content !== content) {
    const resources = resourcesOf(language, content);
    entry = { content, resources, translator: new Translator(language, resources) };
    perLanguage.set(language, entry);
  }
  return entry;
}

export async function getServerTranslator(language: Language): Promise<Translator> {
  return (await current(language)).translator;
}

/** The texts of one namespace as the server renders them (the browser's copy of a content page's, ADR 0054). */
export async function serverTexts(language: Language, namespace: string): Promise<Messages | undefined> {
  return (await current(language)).resources[language]?.[namespace];
}

/**
 * One page's texts with other overrides than the published ones (a draft, ADR 0059): the language's
 * published texts with that namespace replaced. A new object for each call; nothing is kept.
 */
export async function textsWithOverrides(language: Language, namespace: ContentNamespace, overrides: FieldOverrides): Promise<Resources> {
  const { resources } = await current(language);
  return { [language]: { ...resources[language], [namespace]: namespaceTexts(language, namespace, overrides) } };
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
  for (const file of localeFiles()) if (file.namespace === namespace) result[file.language] = fileTexts(file.language, namespace)!;
  return result;
}
