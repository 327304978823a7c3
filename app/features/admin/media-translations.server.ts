import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { LANGUAGES, type Language } from "~/lib/i18n";
import type { TranslationState } from "./translations";

/**
 * The media library on the translation status page (ADR 0062, issue 23): every item × each site
 * language other than its own, from its texts there (`media_item_translations`):
 *
 * - **missing**: no row for that language, or one without a title, description or alt text;
 * - **outdated**: its own language's title, description or alt text changed (`source_updated_at`,
 *   migration 0043) after the translation was last changed (its `updated_at`, kept while unchanged);
 * - **up to date**: otherwise.
 *
 * A library has thousands of items: the page gets counts per language and state, and the newest
 * MEDIA_LIST_LIMIT items of one language and state, each linking to its edit form at that language,
 * with "start from the original" (ADR 0089: a draft of the language's texts, which saving the form publishes).
 */
export const MEDIA_LIST_LIMIT = 25;

export type MediaNeedsWork = Exclude<TranslationState, "upToDate">;
export const MEDIA_NEEDS_WORK: readonly MediaNeedsWork[] = ["missing", "outdated"];

export function isMediaNeedsWork(value: unknown): value is MediaNeedsWork {
  return value === "missing" || value === "outdated";
}

export interface MediaTranslationItem {
  id: string;
  title: string;
  /** The item's own language, translated from. */
  sourceLanguage: string;
  draft: boolean;
  /** Texts in this language wait unpublished (ADR 0089: an import's or "start from the original"'s). */
  translationDraft: boolean;
}

export interface MediaTranslationStatus {
  counts: Record<Language, Record<TranslationState, number>>;
  language: Language;
  state: MediaNeedsWork;
  items: MediaTranslationItem[];
}

/** The state of every item in every language but its own, as SQL (one row each). */
const statesSql = sql`
  select item.id, item.title, item.language as source_language, item.published_at is null as draft, item.created_at,
    target.language,
    case
      when translation.media_item_id is null
        or coalesce(nullif(btrim(translation.title), ''), nullif(btrim(translation.description), ''), nullif(btrim(translation.alt_text), '')) is null
        then 'missing'
      when item.source_updated_at > translation.updated_at then 'outdated'
      else 'upToDate'
    end as state
  from media_items item
  cross join (values ${sql.join(
    LANGUAGES.map((language) => sql`(${language})`),
    sql`, `,
  )}) as target(language)
  left join media_item_translations translation on translation.media_item_id = item.id and translation.language = target.language
  where target.language <> item.language`;

/** Counts per language and state, and the newest items of `language` in `state` (default: the first language and state with any). */
export async function mediaTranslationStatus(asked: { language?: Language; state?: MediaNeedsWork } = {}): Promise<MediaTranslationStatus> {
  const counted = await db().execute<{ language: string; state: TranslationState; count: number }>(
    sql`select language, state, count(*)::int as count from (${statesSql}) states group by language, state`,
  );
  const counts = Object.fromEntries(
    LANGUAGES.map((language) => [language, { missing: 0, outdated: 0, upToDate: 0 } satisfies Record<TranslationState, number>]),
  ) as MediaTranslationStatus["counts"];
  for (const row of counted.rows) {
    const entry = counts[row.language as Language];
    if (entry) entry[row.state] = row.count;
  }
  const firstWithWork = LANGUAGES.flatMap((language) => MEDIA_NEEDS_WORK.map((state) => ({ language, state }))).find(
    ({ language, state }) => counts[language][state] > 0,
  );
  const language = asked.language ?? firstWithWork?.language ?? LANGUAGES[1]!;
  const state =
    asked.state ??
    (asked.language ? MEDIA_NEEDS_WORK.find((candidate) => counts[language][candidate] > 0) : firstWithWork?.state) ??
    "missing";
  const listed = await db().execute<{ id: string; title: string; source_language: string; draft: boolean; translation_draft: boolean }>(
    sql`select id, title, source_language, draft,
          exists (select 1 from media_item_translation_drafts pending where pending.media_item_id = states.id and pending.language = states.language)
            as translation_draft
        from (${statesSql}) states
        where language = ${language} and state = ${state}
        order by created_at desc, id desc limit ${MEDIA_LIST_LIMIT}`,
  );
  return {
    counts,
    language,
    state,
    items: listed.rows.map((row) => ({
      id: row.id,
      title: row.title,
      sourceLanguage: row.source_language,
      draft: row.draft,
      translationDraft: row.translation_draft,
    })),
  };
}

/** The newest `limit` items missing or outdated in `language` (a translator's export, ADR 0089). */
export async function mediaNeedingWork(language: Language, limit: number): Promise<string[]> {
  const rows = await db().execute<{ id: string }>(
    sql`select id from (${statesSql}) states where language = ${language} and state <> 'upToDate'
        order by created_at desc, id desc limit ${limit}`,
  );
  return rows.rows.map((row) => row.id);
}

/** One item's state in one language; undefined for its own language or an unknown item. */
export async function mediaItemState(id: string, language: Language): Promise<TranslationState | undefined> {
  const rows = await db().execute<{ state: TranslationState }>(
    sql`select state from (${statesSql}) states where id = ${id} and language = ${language}`,
  );
  return rows.rows[0]?.state;
}
