import { eq, inArray, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { categories, type CategoryNames } from "~/db/schema";
import { db } from "~/lib/db.server";
import { publicContentChanged } from "~/lib/public-content.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { isUuid } from "~/lib/uuid";
import { categoryName, type CategoryNamesInput } from "./schemas/console-schemas";

/**
 * Categories (issue 11): create, rename, merge into another (items keep their other categories),
 * delete. A category has an English name (unique, its address) and may have a German and a
 * Spanish one (ADR 0060). Names are validated by the form schema (schemas/console-schemas.ts); here they must be
 * unique (case-insensitive). Every change is audited and shows on /media at once.
 */
export type CategoryOutcome = { ok: true; message: string } | { ok: false; error: string; status: number };

/** The name checked again with the form's rule (server functions are also called without the form). */
function checkName(name: string) {
  return z.safeParse(categoryName, name);
}

async function nameTaken(name: string, exceptId?: string) {
  const rows = await db()
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  return rows.some((row) => row.id !== exceptId);
}

/** The stored translations of a form's names (only the languages that have one). */
function namesOf(input: Partial<CategoryNamesInput>): CategoryNames {
  return { ...(input.nameDe ? { de: input.nameDe } : {}), ...(input.nameEs ? { es: input.nameEs } : {}) };
}

export async function createCategory(
  actor: ConsoleActor,
  name: string,
  translated: Partial<CategoryNamesInput> = {},
): Promise<CategoryOutcome> {
  const parsed = checkName(name);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message, status: 400 };
  if (await nameTaken(parsed.data)) return { ok: false, error: "admin.categories.errors.exists", status: 409 };
  await db().transaction(async (tx) => {
    const names = namesOf(translated);
    const [row] = await tx.insert(categories).values({ name: parsed.data, names }).returning();
    await recordAudit(
      actor,
      {
        action: "category.create",
        entity: "category",
        entityId: row!.id,
        summary: parsed.data,
        before: null,
        after: { name: parsed.data, names },
      },
      tx,
    );
  });
  publicContentChanged();
  return { ok: true, message: "admin.categories.created" };
}

/** Renames a category in all three languages (audited with the names before and after). */
export async function renameCategory(
  actor: ConsoleActor,
  id: string,
  name: string,
  translated: Partial<CategoryNamesInput> = {},
): Promise<CategoryOutcome> {
  const parsed = checkName(name);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message, status: 400 };
  if (!isUuid(id)) return { ok: false, error: "admin.errors.notFound", status: 404 };
  const [current] = await db().select().from(categories).where(eq(categories.id, id));
  if (!current) return { ok: false, error: "admin.errors.notFound", status: 404 };
  if (await nameTaken(parsed.data, id)) return { ok: false, error: "admin.categories.errors.exists", status: 409 };
  await db().transaction(async (tx) => {
    const names = namesOf(translated);
    await tx.update(categories).set({ name: parsed.data, names }).where(eq(categories.id, id));
    await recordAudit(
      actor,
      {
        action: "category.rename",
        entity: "category",
        entityId: id,
        summary: parsed.data,
        before: { name: current.name, names: current.names },
        after: { name: parsed.data, names },
      },
      tx,
    );
  });
  publicContentChanged();
  return { ok: true, message: "admin.categories.renamed" };
}

/** Moves every item of `fromId` into `intoId` (items keep their other categories), then removes `fromId`. */
export async function mergeCategory(actor: ConsoleActor, fromId: string, intoId: string): Promise<CategoryOutcome> {
  if (!isUuid(fromId) || !isUuid(intoId)) return { ok: false, error: "admin.errors.notFound", status: 404 };
  if (fromId === intoId) return { ok: false, error: "admin.categories.errors.mergeSame", status: 400 };
  const rows = await db()
    .select()
    .from(categories)
    .where(inArray(categories.id, [fromId, intoId]));
  const from = rows.find((row) => row.id === fromId);
  const into = rows.find((row) => row.id === intoId);
  if (!from || !into) return { ok: false, error: "admin.errors.notFound", status: 404 };
  await db().transaction(async (tx) => {
    const moved = await tx.execute<{ media_item_id: string }>(sql`
      insert into media_categories (media_item_id, category_id)
      select media_item_id, ${intoId}::uuid from media_categories where category_id = ${fromId}
      on conflict do nothing returning media_item_id`);
    await tx.delete(categories).where(eq(categories.id, fromId));
    await recordAudit(
      actor,
      {
        action: "category.merge",
        entity: "category",
        entityId: fromId,
        summary: `${from.name} → ${into.name}`,
        before: { name: from.name },
        after: { mergedInto: into.name, itemsAdded: moved.rows.length },
      },
      tx,
    );
  });
  publicContentChanged();
  return { ok: true, message: "admin.categories.merged" };
}

export async function deleteCategory(actor: ConsoleActor, id: string): Promise<CategoryOutcome> {
  if (!isUuid(id)) return { ok: false, error: "admin.errors.notFound", status: 404 };
  await db().transaction(async (tx) => {
    const [row] = await tx.delete(categories).where(eq(categories.id, id)).returning();
    if (row)
      await recordAudit(
        actor,
        { action: "category.delete", entity: "category", entityId: id, summary: row.name, before: { name: row.name }, after: null },
        tx,
      );
  });
  publicContentChanged();
  return { ok: true, message: "admin.categories.deleted" };
}
