import { pageContent, type FieldOverrides } from "~/db/schema";
import { subscribeToChanges } from "./change-bus.server";
import { isContentNamespace, type ContentNamespace } from "./content-pages";
import { db, isDatabaseOpen } from "./db.server";
import { isLanguage, type Language } from "./i18n";
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

export type PublishedContent = Partial<Record<Language, Partial<Record<ContentNamespace, FieldOverrides>>>>;
export interface ContentSnapshot {
  at: number;
  byLanguage: PublishedContent;
}

/** Without a database (unit tests, tools) the pages are their files. */
const FILES_ONLY: ContentSnapshot = { at: Number.POSITIVE_INFINITY, byLanguage: {} };

export async function readPublishedContent(): Promise<PublishedContent> {
  const rows = await db()
    .select({ namespace: pageContent.namespace, language: pageContent.language, published: pageContent.published })
    .from(pageContent);
  const byLanguage: PublishedContent = {};
  for (const row of rows) {
    if (!isLanguage(row.language) || !isContentNamespace(row.namespace)) continue;
    if (Object.keys(row.published).length === 0) continue;
    (byLanguage[row.language] ??= {})[row.namespace] = row.published;
  }
  return byLanguage;
}

/**
 * One process's copy. A read that was under way when a change arrived is not kept (it may have read
 * the rows before the publish).
 */
export function createPublishedContentCache() {
  let cached: ContentSnapshot | undefined;
  let loading: Promise<ContentSnapshot> | undefined;
  let generation = 0;
  const forget = () => {
    cached = undefined;
    loading = undefined;
    generation += 1;
  };
  const unsubscribe = subscribeToChanges((topic) => {
    if (topic === CONTENT_TOPIC || topic === "*") forget();
  });
  async function current(): Promise<ContentSnapshot> {
    if (!isDatabaseOpen()) return FILES_ONLY;
    if (cached && Date.now() - cached.at < CONTENT_TTL_MS) return cached;
    const started = generation;
    const pending = (loading ??= readPublishedContent().then((byLanguage) => ({ at: Date.now(), byLanguage })));
    try {
      const snapshot = await pending;
      if (generation === started) cached = snapshot;
      return snapshot;
    } finally {
      if (loading === pending) loading = undefined;
    }
  }
  return { current, forget, stop: unsubscribe };
}

let processCache: ReturnType<typeof createPublishedContentCache> | undefined;
const cache = () => (processCache ??= createPublishedContentCache());

/**
 * The published overrides of every language, the same object until a change: a caller may keep what
 * it built from it (the server's translators, i18n.server.ts) while it is the same.
 */
export function publishedContent(): Promise<ContentSnapshot> {
  return cache().current();
}

/**
 * After a committed publish: this process forgets its copy at once (its next request shows the change),
 * drops its cached content pages and announces both to every other process.
 */
export async function publishedContentChanged() {
  cache().forget();
  await invalidatePages(CONTENT_TOPIC);
}
