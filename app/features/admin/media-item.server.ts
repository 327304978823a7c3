import { eq, inArray, sql } from "drizzle-orm";
import { categories, mediaCategories, mediaItems, mediaItemTranslations } from "~/db/schema";
import { db, type Database } from "~/lib/db.server";
import { isLanguage, type Language } from "~/lib/i18n";
import { publicContentChanged } from "~/lib/public-content.server";
import { replaceTranslations } from "~/features/media/import.server";
import { diffFields, recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { isUuid } from "~/lib/uuid";
import { listCategoriesWithCounts, thumbnailUrl } from "./media-list.server";
import { dropTranslationDrafts, loadTranslationDrafts } from "./media-translation-drafts.server";
import { linksOf, translationsOf, type MediaItemInput, type TranslationTexts } from "./schemas/media-schema";

/**
 * One media item in the console (issue 11): its fields for the edit form, saving every field of
 * spec §3 (validated by schemas/media-schema.ts), and a new `services` item, which has no file.
 * Every change is audited with the changed fields and shows on /media at once. The item's texts in
 * the other site languages are saved with it (ADR 0060), audited as their own entry; a language's
 * draft (ADR 0089) fills the form in place of its live texts, so the save publishes it.
 */
type Row = typeof mediaItems.$inferSelect;

/** The fields the console edits and audits (storage paths and measurements stay the import's). */
function editable(row: Pick<Row, keyof ReturnType<typeof valuesOf>>, categoryIds: string[]) {
  return {
    title: row.title,
    description: row.description,
    fileType: row.fileType,
    language: row.language,
    aiGenerated: row.aiGenerated,
    version: row.version,
    searchableText: row.searchableText,
    altText: row.altText,
    serviceKind: row.serviceKind,
    endpoint: row.endpoint,
    externalLinks: row.externalLinks,
    creator: row.creator,
    source: row.source,
    license: row.license,
    attribution: row.attribution,
    categories: [...categoryIds].sort(),
  };
}

type Translations = Partial<Record<Language, TranslationTexts>>;

/** The item's texts in the other site languages, by language. */
async function loadTranslations(id: string): Promise<Translations> {
  const rows = await db().select().from(mediaItemTranslations).where(eq(mediaItemTranslations.mediaItemId, id));
  const result: Translations = {};
  for (const row of rows) {
    if (!isLanguage(row.language)) continue;
    result[row.language] = { title: row.title, description: row.description, altText: row.altText, searchableText: row.searchableText };
  }
  return result;
}

async function draftsOf(id: string) {
  const { drafts, seenAt } = await loadTranslationDrafts(id);
  return { translationDrafts: drafts, draftsSeenAt: seenAt };
}

export async function loadMediaItem(id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db().select().from(mediaItems).where(eq(mediaItems.id, id));
  if (!row) return undefined;
  const links = await db().select({ id: mediaCategories.categoryId }).from(mediaCategories).where(eq(mediaCategories.mediaItemId, id));
  const categoryIds = links.map((link) => link.id);
  return {
    item: {
      ...editable(row, categoryIds),
      translations: await loadTranslations(id),
      ...(await draftsOf(id)),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      id: row.id,
      hasFile: row.filePath !== null,
      fileName: row.filePath?.split("/").pop() ?? null,
      mimeType: row.mimeType,
      fileSize: row.fileSize,
      widthPx: row.widthPx,
      heightPx: row.heightPx,
      durationMs: row.durationMs,
      pages: row.pages,
      sheetType: row.sheetType,
      downloads: row.downloadCount,
      createdAt: row.createdAt.toISOString(),
      thumbnailUrl: thumbnailUrl({ id: row.id, thumbnail_path: row.thumbnailPath }),
    },
    categories: await listCategoriesWithCounts(),
  };
}

/** An object of optional parts, or null when every part is empty. */
function compact<T extends Record<string, unknown>>(value: T): T | null {
  return Object.values(value).some(
    (entry) => entry !== null && entry !== undefined && !(typeof entry === "object" && compact(entry as Record<string, unknown>) === null),
  )
    ? value
    : null;
}

/** The stored columns of a valid form. */
function valuesOf(input: MediaItemInput) {
  return {
    title: input.title,
    description: input.description,
    fileType: input.fileType,
    language: input.language,
    aiGenerated: input.aiGenerated,
    version: input.version,
    searchableText: input.searchableText,
    altText: input.altText,
    serviceKind: input.serviceKind,
    endpoint: input.endpoint,
    externalLinks: linksOf(input),
    creator: compact({ name: input.creatorName, url: input.creatorUrl, handles: compact({ primary: input.creatorHandle }) }),
    source: compact({
      origin: input.sourceOrigin,
      niche: input.sourceNiche,
      account_url: input.sourceAccountUrl,
      account_handle: input.sourceAccountHandle,
    }),
    license: compact({ name: input.licenseName, spdx_id: input.licenseSpdx, url: input.licenseUrl, notice: input.licenseNotice }),
    attribution: compact({ text: input.attributionText, url: input.attributionUrl }),
  };
}

/** Field name → translation key of what the form's schema cannot know (the database decides). */
export type ItemOutcome = { ok: true; id: string } | { ok: false; status: number; error?: string; fields?: Record<string, string> };

async function unknownCategories(ids: string[]) {
  if (!ids.length) return false;
  const found = await db().select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return found.length !== ids.length;
}

/** The translations as stored after a save (its own language's left out), for the audit entry. */
function storedTranslations(language: string, translations: Translations): Translations {
  return Object.fromEntries(Object.entries(translations).filter(([code]) => code !== language));
}

async function linkCategories(tx: Pick<Database, "insert" | "delete">, id: string, categoryIds: string[]) {
  await tx.delete(mediaCategories).where(eq(mediaCategories.mediaItemId, id));
  if (categoryIds.length) await tx.insert(mediaCategories).values(categoryIds.map((categoryId) => ({ mediaItemId: id, categoryId })));
}

/** Saves every field of the edit form and the item's categories; audited with the changed fields. */
export async function saveMediaItem(actor: ConsoleActor, id: string, input: MediaItemInput): Promise<ItemOutcome> {
  const current = await loadMediaItem(id);
  if (!current) return { ok: false, status: 404, error: "admin.errors.notFound" };
  const fields: Record<string, string> = {};
  if (await unknownCategories(input.categories)) fields.categories = "admin.media.errors.category";
  if (current.item.hasFile && input.fileType === "services") fields.fileType = "admin.media.errors.servicesHasFile";
  if (!current.item.hasFile && input.fileType !== "services") fields.fileType = "admin.media.errors.needsFile";
  if (Object.keys(fields).length) return { ok: false, status: 400, fields };

  const values = valuesOf(input);
  const before = editable(current.item, current.item.categories);
  const translations = storedTranslations(values.language, translationsOf(input));
  await db().transaction(async (tx) => {
    // Its own language's texts changed: the translations saved before are outdated (ADR 0062). now(): the
    // transaction's time, which a translation changed in the same save gets too (then it is up to date).
    const sourceChanged = (["title", "description", "altText", "language"] as const).some((key) => values[key] !== current.item[key]);
    await tx
      .update(mediaItems)
      .set({ ...values, updatedAt: new Date(), ...(sourceChanged ? { sourceUpdatedAt: sql`now()` } : {}) })
      .where(eq(mediaItems.id, id));
    await linkCategories(tx, id, input.categories);
    await replaceTranslations(tx, id, values.language, translations);
    // The form showed each draft in place of the live texts: what it saved is now live.
    await dropTranslationDrafts(tx, id, input.draftsSeenAt);
    await recordAudit(
      actor,
      { action: "library.update", entity: "media", entityId: id, summary: values.title, before, after: editable(values, input.categories) },
      tx,
    );
    // Only when a translation changed: "who translated what" reads as its own entry.
    if (Object.keys(diffFields(current.item.translations, translations)).length) {
      await recordAudit(
        actor,
        {
          action: "library.translate",
          entity: "media",
          entityId: id,
          summary: values.title,
          before: current.item.translations,
          after: translations,
        },
        tx,
      );
    }
  });
  publicContentChanged();
  return { ok: true, id };
}

/** A new `services` item: every field of the form, no file (spec §3: a service kind and an endpoint instead). */
export async function createServiceItem(actor: ConsoleActor, input: MediaItemInput): Promise<ItemOutcome> {
  const fields: Record<string, string> = {};
  if (input.fileType !== "services") fields.fileType = "admin.media.errors.needsFile";
  if (await unknownCategories(input.categories)) fields.categories = "admin.media.errors.category";
  if (Object.keys(fields).length) return { ok: false, status: 400, fields };

  const values = valuesOf(input);
  const id = await db().transaction(async (tx) => {
    const [row] = await tx.insert(mediaItems).values(values).returning({ id: mediaItems.id });
    await linkCategories(tx, row!.id, input.categories);
    await replaceTranslations(tx, row!.id, values.language, storedTranslations(values.language, translationsOf(input)));
    await recordAudit(
      actor,
      {
        action: "library.create",
        entity: "media",
        entityId: row!.id,
        summary: values.title,
        before: null,
        after: editable(values, input.categories),
      },
      tx,
    );
    return row!.id;
  });
  publicContentChanged();
  return { ok: true, id };
}
