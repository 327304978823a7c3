import { and, eq, inArray, lte, max, sql } from "drizzle-orm";
import { mediaItems, mediaItemTranslationDrafts, mediaItemTranslations } from "~/db/schema";
import { db, type Database } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import type { Outcome } from "./action.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { isUuid } from "~/lib/uuid";
import { mediaItemState } from "./media-translations.server";
import { TRANSLATED_FIELDS, type TranslatedField, type TranslationTexts } from "./schemas/media-schema";

/**
 * A media item's texts in another language that are not public yet (ADR 0089). Its live translations
 * (`media_item_translations`) are what the public library reads; the translation import and "start
 * from the original" write here instead, so neither publishes. The item's form shows a language's
 * draft in place of its live texts, and saving the form publishes it (and drops the drafts).
 */

type Executor = Pick<Database, "insert" | "select" | "delete">;

/** The texts the status compares (a missing or outdated language is about these). */
const STATUS_FIELDS: readonly TranslatedField[] = ["title", "description", "altText"];

const EMPTY_TEXTS: TranslationTexts = { title: null, description: null, altText: null, searchableText: null };

const textsOfRow = (row: TranslationTexts): TranslationTexts =>
  Object.fromEntries(TRANSLATED_FIELDS.map((field) => [field, row[field]])) as TranslationTexts;

/** One item's texts: its own (the source), its live translation and its draft in `language`. */
export interface MediaTexts {
  id: string;
  title: string;
  language: string;
  own: TranslationTexts;
  live: TranslationTexts | null;
  draft: TranslationTexts | null;
}

/** The items of `ids` that exist, with their texts in `language` (by id). */
export async function loadMediaTexts(ids: string[], language: Language, executor: Pick<Database, "select"> = db()) {
  const known = ids.filter(isUuid);
  const result = new Map<string, MediaTexts>();
  if (known.length === 0) return result;
  const [items, live, drafts] = await Promise.all([
    executor.select().from(mediaItems).where(inArray(mediaItems.id, known)),
    executor
      .select()
      .from(mediaItemTranslations)
      .where(and(inArray(mediaItemTranslations.mediaItemId, known), eq(mediaItemTranslations.language, language))),
    executor
      .select()
      .from(mediaItemTranslationDrafts)
      .where(and(inArray(mediaItemTranslationDrafts.mediaItemId, known), eq(mediaItemTranslationDrafts.language, language))),
  ]);
  for (const item of items) {
    const liveRow = live.find((row) => row.mediaItemId === item.id);
    const draftRow = drafts.find((row) => row.mediaItemId === item.id);
    result.set(item.id, {
      id: item.id,
      title: item.title,
      language: item.language,
      own: textsOfRow(item),
      live: liveRow ? textsOfRow(liveRow) : null,
      draft: draftRow ? textsOfRow(draftRow) : null,
    });
  }
  return result;
}

/** What the item's form starts from in `language`: the draft, else the live texts. */
export const workingTexts = (texts: MediaTexts): TranslationTexts => texts.draft ?? texts.live ?? EMPTY_TEXTS;

/**
 * An item's drafts by language, for its form, and the newest draft's time as PostgreSQL's text (its
 * microseconds kept, so the save can name exactly the drafts shown); empty without a draft.
 */
export async function loadTranslationDrafts(id: string) {
  const where = eq(mediaItemTranslationDrafts.mediaItemId, id);
  const [rows, [newest]] = await Promise.all([
    db().select().from(mediaItemTranslationDrafts).where(where),
    db()
      .select({ at: sql<string | null>`${max(mediaItemTranslationDrafts.updatedAt)}::text` })
      .from(mediaItemTranslationDrafts)
      .where(where),
  ]);
  const drafts: Partial<Record<string, TranslationTexts>> = Object.fromEntries(rows.map((row) => [row.language, textsOfRow(row)]));
  return { drafts, seenAt: newest?.at ?? "" };
}

/**
 * Drops the drafts an item's form showed, once its save has published them: those written up to
 * `seenAt` (none when it showed none); a draft imported while the form was open stays. Without
 * `seenAt` (a save not made through the form) every draft goes.
 */
export async function dropTranslationDrafts(tx: Executor, id: string, seenAt: string | undefined) {
  const item = eq(mediaItemTranslationDrafts.mediaItemId, id);
  if (seenAt === "") return;
  await tx
    .delete(mediaItemTranslationDrafts)
    .where(seenAt === undefined ? item : and(item, lte(mediaItemTranslationDrafts.updatedAt, sql`${seenAt}::timestamptz`)));
}

/**
 * Writes `changed` over the item's working texts in `language` as its draft, audited as `action` with
 * the working texts before and the draft after. Nothing public changes.
 */
export async function writeTranslationDraft(
  tx: Executor,
  actor: ConsoleActor,
  texts: MediaTexts,
  language: Language,
  changed: Partial<TranslationTexts>,
  action: "library.importTranslation" | "library.startTranslation",
) {
  const before = workingTexts(texts);
  const after = { ...before, ...changed };
  await tx
    .delete(mediaItemTranslationDrafts)
    .where(and(eq(mediaItemTranslationDrafts.mediaItemId, texts.id), eq(mediaItemTranslationDrafts.language, language)));
  await tx.insert(mediaItemTranslationDrafts).values({ mediaItemId: texts.id, language, ...after });
  await recordAudit(actor, { action, entity: "media", entityId: `${texts.id}/${language}`, summary: texts.title, before, after }, tx);
}

/**
 * "Start from the original" of one item in one language: a missing language's empty texts, or an
 * outdated one's title, description and alt text (the texts the status compares), get the item's own
 * text in the language's draft; the other texts keep the draft's (else the live) ones. A draft only.
 */
export async function startMediaFromOriginal(actor: ConsoleActor, id: string, language: Language): Promise<Outcome> {
  const texts = (await loadMediaTexts([id], language)).get(id);
  if (!texts) return { ok: false, status: 404, error: "admin.errors.notFound" };
  if (texts.language === language) return { ok: false, status: 400, error: "admin.translations.errors.ownLanguage" };
  const state = await mediaItemState(id, language);
  if (state === "upToDate") return { ok: false, status: 409, error: "admin.translations.errors.mediaUpToDate" };
  const working = workingTexts(texts);
  const fields = state === "outdated" ? STATUS_FIELDS : TRANSLATED_FIELDS.filter((field) => !working[field]?.trim());
  const changed = Object.fromEntries(fields.filter((field) => texts.own[field]).map((field) => [field, texts.own[field]]));
  await db().transaction((tx) => writeTranslationDraft(tx, actor, texts, language, changed, "library.startTranslation"));
  return { ok: true, message: "admin.translations.media.started" };
}
