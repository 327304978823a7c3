import { sql } from "drizzle-orm";
import { pageContent, type FieldOverrides } from "~/db/schema";
import { CONTENT_NAMESPACES, isLegalPage, type ContentNamespace } from "~/lib/content-pages";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import type { Outcome } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { defaultFields, rowOf, writeDraft } from "./pages.server";
import { SOURCE_LANGUAGE, TARGET_LANGUAGES, type TranslationState } from "./translations";

/**
 * Translation status (ADR 0062): for every content page and every language other than the source
 * (English), which fields no longer say what the English text says. The rule compares texts, never
 * mere dates, field by field:
 *
 * - the source text of a field is English's published text now (its override, else its file default);
 * - the basis of a language's field is the English text that language was made from: the English
 *   file default while the language was never published in the console (the files' translations
 *   are made from the files' English), else English's text of the field when the language was last
 *   published (the English version in force then, ADR 0054 decision 4);
 * - a field whose basis differs from the source text is **missing** in a language never published,
 *   **outdated** in one that was; a language without such fields is **up to date**.
 *
 * A row is a content page (`kind`). Media items are counted apart (media-translations.server.ts):
 * thousands of them, compared by dates, as their texts keep no versions.
 */

export interface LanguageStatus {
  language: Language;
  state: TranslationState;
  /** The fields (paths) the state names: those whose English text changed since, or was never translated. */
  fields: string[];
  /** Unpublished changes wait in the language's draft. */
  draft: boolean;
  publishedAt: string | null;
}

export interface TranslationRow {
  kind: "page";
  /** The page's namespace. */
  id: string;
  legal: boolean;
  sourcePublishedAt: string | null;
  languages: LanguageStatus[];
}

/** The rule: which fields of `source` (path → text now) differ from `basis` (path → the text translated from). */
export function compareWithSource(
  source: Record<string, string>,
  basis: Record<string, string>,
  everPublished: boolean,
): { state: TranslationState; fields: string[] } {
  const fields = Object.keys(source).filter((path) => basis[path] !== source[path]);
  if (fields.length === 0) return { state: "upToDate", fields };
  return { state: everPublished ? "outdated" : "missing", fields };
}

/** A language's texts of a page: each field's override from `overrides`, else its file default. */
export function textsOf(namespace: ContentNamespace, language: Language, overrides: FieldOverrides | null | undefined) {
  return Object.fromEntries(
    defaultFields(namespace, language).map((field) => {
      const override = overrides && Object.hasOwn(overrides, field.path) ? overrides[field.path] : undefined;
      return [field.path, override?.value ?? field.text];
    }),
  );
}

type Row = typeof pageContent.$inferSelect;

interface PageFacts {
  rows: Row[];
  /** `<namespace>/<language>` → English's overrides in force when that language was last published. */
  basis: Map<string, FieldOverrides>;
}

async function loadFacts(): Promise<PageFacts> {
  const [rows, basis] = await Promise.all([
    db().select().from(pageContent),
    // Per published language, the last English version at or before its publish (one row each, however long the history).
    db().execute<{ namespace: string; language: string; fields: FieldOverrides }>(sql`
      select distinct on (target.namespace, target.language) target.namespace, target.language, version.fields
      from page_content target
      join page_content_versions version
        on version.namespace = target.namespace and version.language = ${SOURCE_LANGUAGE} and version.published_at <= target.published_at
      where target.language <> ${SOURCE_LANGUAGE}
      order by target.namespace, target.language, version.published_at desc, version.id desc`),
  ]);
  return { rows, basis: new Map(basis.rows.map((row) => [`${row.namespace}/${row.language}`, row.fields])) };
}

function statusOf(namespace: ContentNamespace, language: Language, facts: PageFacts): LanguageStatus {
  const find = (lang: Language) => facts.rows.find((row) => row.namespace === namespace && row.language === lang);
  const source = textsOf(namespace, SOURCE_LANGUAGE, find(SOURCE_LANGUAGE)?.published);
  const row = find(language);
  const publishedAt = row?.publishedAt ?? null;
  // Never published: the files' translation, made from the English file text.
  const basisOverrides = (publishedAt && facts.basis.get(`${namespace}/${language}`)) || {};
  const basis = textsOf(namespace, SOURCE_LANGUAGE, basisOverrides);
  return {
    language,
    ...compareWithSource(source, basis, publishedAt !== null),
    draft: !!row?.draft,
    publishedAt: publishedAt?.toISOString() ?? null,
  };
}

/** /admin/translations: every content page × the languages translated from English. */
export async function listTranslationStatus(): Promise<TranslationRow[]> {
  const facts = await loadFacts();
  return CONTENT_NAMESPACES.map((namespace) => ({
    kind: "page" as const,
    id: namespace,
    legal: isLegalPage(namespace),
    sourcePublishedAt:
      facts.rows.find((row) => row.namespace === namespace && row.language === SOURCE_LANGUAGE)?.publishedAt?.toISOString() ?? null,
    languages: TARGET_LANGUAGES.map((language) => statusOf(namespace, language, facts)),
  }));
}

/** The status of one page in one language. */
export async function pageTranslationStatus(namespace: ContentNamespace, language: Language) {
  return statusOf(namespace, language, await loadFacts());
}

/** English's published texts of a page (what a translation is made from). */
export async function sourceTexts(namespace: ContentNamespace) {
  return textsOf(namespace, SOURCE_LANGUAGE, (await rowOf(namespace, SOURCE_LANGUAGE))?.published);
}

/**
 * "Start from English": the fields the status names (missing or outdated) get English's published
 * text in the language's draft, the other fields keep what the draft (else the published state) has.
 * A draft only: nothing public changes, so an editor may do it on a legal page too. Audited.
 */
export async function startFromEnglish(actor: ConsoleActor, namespace: ContentNamespace, language: Language): Promise<Outcome> {
  if (language === SOURCE_LANGUAGE) return { ok: false, status: 400, error: "admin.translations.errors.sourceLanguage" };
  const status = await pageTranslationStatus(namespace, language);
  if (status.fields.length === 0) return { ok: false, status: 409, error: "admin.translations.errors.upToDate" };
  const source = await sourceTexts(namespace);
  await db().transaction((tx) =>
    writeDraft(
      tx,
      actor,
      [namespace, language],
      (previous) => {
        const values = textsOf(namespace, language, previous);
        for (const path of status.fields) if (Object.hasOwn(values, path)) values[path] = source[path]!;
        return values;
      },
      "page.startFromEnglish",
    ),
  );
  return { ok: true, message: "admin.translations.started" };
}
