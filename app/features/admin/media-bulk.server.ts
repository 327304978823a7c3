import { eq, inArray, sql } from "drizzle-orm";
import { categories, mediaCategories, mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { publicContentChanged } from "~/lib/public-content.server";
import { deleteFile, deleteFolder } from "~/lib/storage.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { isUuid } from "~/lib/uuid";

/**
 * Deleting items (row first, then the files, as the import does), adding categories to many items
 * at once, and publishing or taking items back to drafts (ADR 0060).
 */

/** Deletes items: each row (with its category links) in a transaction, then its files, as the import does. */
export async function deleteMediaItems(actor: ConsoleActor, ids: string[]) {
  let deleted = 0;
  for (const id of ids.filter(isUuid)) {
    const removed = await db().transaction(async (tx) => {
      const [row] = await tx.delete(mediaItems).where(eq(mediaItems.id, id)).returning();
      if (!row) return undefined;
      await recordAudit(
        actor,
        {
          action: "library.delete",
          entity: "media",
          entityId: id,
          summary: row.title,
          before: { title: row.title, fileType: row.fileType, filePath: row.filePath },
          after: null,
        },
        tx,
      );
      return row;
    });
    if (!removed) continue;
    deleted += 1;
    // Only after the commit: a crash in between leaves unreferenced files, never a row without its file.
    for (const path of [removed.filePath, removed.thumbnailPath]) {
      if (path)
        await deleteFile("media-files", path).catch((error: unknown) => logger.warn(`Console: could not delete ${path}: ${String(error)}`));
    }
    await deleteFolder("media-files", `items/${id}`).catch(() => {});
  }
  if (deleted) publicContentChanged();
  return deleted;
}

/** Adds the given categories to every given item (existing links stay). */
export async function assignCategories(actor: ConsoleActor, ids: string[], categoryIds: string[]) {
  const items = ids.filter(isUuid);
  const wanted = categoryIds.filter(isUuid);
  if (!items.length || !wanted.length) return 0;
  const found = await db().select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, wanted));
  const existing = await db().select({ id: mediaItems.id }).from(mediaItems).where(inArray(mediaItems.id, items));
  if (!found.length || !existing.length) return 0;
  await db().transaction(async (tx) => {
    await tx
      .insert(mediaCategories)
      .values(existing.flatMap((item) => found.map((category) => ({ mediaItemId: item.id, categoryId: category.id }))))
      .onConflictDoNothing();
    await recordAudit(
      actor,
      {
        action: "library.assignCategories",
        entity: "media",
        summary: `${existing.length} items`,
        before: null,
        after: { items: existing.map((item) => item.id), categories: found.map((category) => category.name) },
      },
      tx,
    );
  });
  publicContentChanged();
  return existing.length;
}

/** What an item needs before visitors see it: a title, a language and a licence (its name or SPDX identifier). */
export function readyToPublish(row: Pick<typeof mediaItems.$inferSelect, "title" | "language" | "license">) {
  return Boolean(row.title.trim() && row.language.trim() && (row.license?.name?.trim() || row.license?.spdx_id?.trim()));
}

/**
 * Publishes (or takes back to drafts) the given items: only `published_at` changes, so download
 * counts, texts and files stay. An item without a title, language and licence is not published
 * (`refused`). Each change is one audit entry; /media and every cached page follow at once.
 */
export async function setPublished(actor: ConsoleActor, ids: string[], publish: boolean) {
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (!wanted.length) return { changed: 0, refused: 0, found: 0 };
  const result = await db().transaction(async (tx) => {
    const rows = await tx
      .select({
        id: mediaItems.id,
        title: mediaItems.title,
        language: mediaItems.language,
        license: mediaItems.license,
        publishedAt: mediaItems.publishedAt,
      })
      .from(mediaItems)
      .where(inArray(mediaItems.id, wanted))
      .for("update");
    const refused = publish ? rows.filter((row) => !readyToPublish(row)) : [];
    const changing = rows.filter((row) => (publish ? row.publishedAt === null && readyToPublish(row) : row.publishedAt !== null));
    if (changing.length) {
      await tx
        .update(mediaItems)
        .set({ publishedAt: publish ? sql`now()` : null })
        .where(
          inArray(
            mediaItems.id,
            changing.map((row) => row.id),
          ),
        );
    }
    for (const row of changing) {
      await recordAudit(
        actor,
        {
          action: publish ? "library.publish" : "library.unpublish",
          entity: "media",
          entityId: row.id,
          summary: row.title,
          before: { published: !publish },
          after: { published: publish },
        },
        tx,
      );
    }
    return { changed: changing.length, refused: refused.length, found: rows.length };
  });
  if (result.changed) publicContentChanged();
  return result;
}
