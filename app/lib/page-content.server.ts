import { pageContent, type FieldOverrides } from "~/db/schema";
import { cachedUntilChange } from "./change-bus.server";
import { contentPageOf, isContentNamespace, type ContentNamespace } from "./content-pages";
import { db, isDatabaseOpen } from "./db.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./i18n";
import { invalidatePages } from "./page-invalidation.server";

/**
 * The published overrides of the content pages (ADR 0054), kept in memory by each server process:
 * loaded once (every published row, a few KB), read by every request without a query. A publish
 * announces CONTENT_TOPIC on the change bus (ADR 0025); every process, on it or on "*" (anything, e.g.
 * after the listener reconnected), forgets its copy, and its page cache drops the pages tagged
 * "content". CONTENT_TTL_MS only bounds how long a copy could outlive a notification that never came.
 */
export const CONTENT_TOPIC = "content";
const CONTENT_TTL_MS = 5 * 60_000;

type PerPage<T> = Partial<Record<Language, Partial<Record<ContentNamespace, T>>>>;
export interface PublishedContent {
  /** The live overrides of each page and language. */
  byLanguage: PerPage<FieldOverrides>;
  /** When each page and language was last published (ISO), for the legal pages' "last updated" line. */
  publishedAt: PerPage<string>;
  /** The pages unpublished in a language (ADR 0058): they show the default language's content. */
  unpublished: PerPage<true>;
}

/** Without a database (unit tests, tools) the pages are their files. */
const FILES_ONLY: PublishedContent = { byLanguage: {}, publishedAt: {}, unpublished: {} };

export async function readPublishedContent(): Promise<PublishedContent> {
  const rows = await db()
    .select({
      namespace: pageContent.namespace,
      language: pageContent.language,
      published: pageContent.published,
      publishedAt: pageContent.publishedAt,
      unpublishedAt: pageContent.unpublishedAt,
    })
    .from(pageContent);
  const content: PublishedContent = { byLanguage: {}, publishedAt: {}, unpublished: {} };
  for (const row of rows) {
    if (!isLanguage(row.language) || !isContentNamespace(row.namespace)) continue;
    if (row.unpublishedAt && row.language !== DEFAULT_LANGUAGE) (content.unpublished[row.language] ??= {})[row.namespace] = true;
    if (row.publishedAt) (content.publishedAt[row.language] ??= {})[row.namespace] = row.publishedAt.toISOString();
    if (Object.keys(row.published).length > 0) (content.byLanguage[row.language] ??= {})[row.namespace] = row.published;
  }
  return content;
}

/** One process's copy (files only without a database: unit tests, tools). */
export function createPublishedContentCache() {
  const cache = cachedUntilChange(CONTENT_TOPIC, readPublishedContent, CONTENT_TTL_MS);
  return { ...cache, current: () => (isDatabaseOpen() ? cache.current() : Promise.resolve(FILES_ONLY)) };
}

let processCache: ReturnType<typeof createPublishedContentCache> | undefined;
const cache = () => (processCache ??= createPublishedContentCache());

/**
 * The published overrides of every language, the same object until a change: a caller may keep what
 * it built from it (the server's translators, i18n.server.ts) while it is the same.
 */
export function publishedContent(): Promise<PublishedContent> {
  return cache().current();
}

/**
 * The language a page's content is shown in when a visitor asks for `language`: that language, or the
 * default language while the page is unpublished in it (ADR 0058).
 */
export function shownLanguageOf(content: PublishedContent, language: Language, namespace: ContentNamespace): Language {
  return content.unpublished[language]?.[namespace] ? DEFAULT_LANGUAGE : language;
}

/** The languages a page is live in (announced as its alternates), from memory. */
export async function liveLanguagesOf(namespace: ContentNamespace, languages: readonly Language[]): Promise<Language[]> {
  const content = await publishedContent();
  return languages.filter((language) => shownLanguageOf(content, language, namespace) === language);
}

/**
 * When the content a visitor of `language` sees was last published (undefined: never), from memory:
 * the default language's publish while the page is unpublished in `language`.
 */
export async function lastPublished(language: Language, namespace: ContentNamespace): Promise<string | undefined> {
  const content = await publishedContent();
  return content.publishedAt[shownLanguageOf(content, language, namespace)]?.[namespace];
}

/**
 * After a committed publish of `namespace`: this process forgets its copy at once (its next request
 * shows the change), drops its cached content pages and announces both to every other process. A
 * block on every page (the footer) drops every cached page; the shop's texts its cached pages too.
 */
export async function publishedContentChanged(namespace?: ContentNamespace) {
  cache().forget();
  await invalidatePages(CONTENT_TOPIC);
  const page = namespace ? contentPageOf(namespace) : undefined;
  if (page?.everyPage) await invalidatePages("*");
  else if (page?.cacheTag) await invalidatePages(page.cacheTag);
}
