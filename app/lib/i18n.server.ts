import { readCookie } from "./cookies.server";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from "./i18n";
import { withValues } from "./content-pages";
import { fileTexts, localeFiles } from "./locale-files.server";
import { publishedContent, type ContentSnapshot } from "./page-content.server";
import { Translator, type Messages, type Resources, type TFunction } from "./translator";

/** A language's texts: the files, with the content pages' published overrides over their defaults (ADR 0054). */
function resourcesOf(language: Language, content: ContentSnapshot): Resources {
  const overrides = content.byLanguage[language] ?? {};
  const namespaces: Record<string, Messages> = {};
  for (const file of localeFiles()) {
    if (file.language !== language) continue;
    const { namespace } = file;
    const messages = fileTexts(language, namespace)!;
    const fields = overrides[namespace as keyof typeof overrides];
    namespaces[namespace] = fields
      ? withValues(messages, Object.fromEntries(Object.entries(fields).map(([path, field]) => [path, field.value])))
      : messages;
  }
  return { [language]: namespaces };
}

/**
 * One translator per language, shared by all requests: nothing on the server changes a translator's
 * language or texts, so a request needs no copy of its own (a copy per request cost as much as
 * rendering a small page, ADR 0026). It is made again only when the published content changed (the
 * snapshot is another object), so a request costs a lookup, never a query.
 */
const perLanguage = new Map<Language, { content: ContentSnapshot; translator: Translator }>();

export async function getServerTranslator(language: Language): Promise<Translator> {
  const content = await publishedContent();
  let entry = perLanguage.get(language);
  if (entry?.content !== content) {
    entry = { content, translator: new Translator(language, resourcesOf(language, content)) };
    perLanguage.set(language, entry);
  }
  return entry.translator;
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
