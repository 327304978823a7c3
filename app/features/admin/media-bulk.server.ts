import { eq, inArray } from "drizzle-orm";
import { categories, mediaCategories, mediaItems } from "~/db/schema";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { publicContentChanged } from "~/lib/public-content.server";
import { deleteFile, deleteFolder } from "~/lib/storage.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { isUuid } from "./ids";

/** Deleting items (row first, then the files, as the import does) and adding categories to many items at once. */

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
