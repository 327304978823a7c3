import { asc, eq, sql } from "drizzle-orm";
import { redirects } from "~/db/schema";
import { publishChange } from "~/lib/change-bus.server";
import { db } from "~/lib/db.server";
import { REDIRECTS_TOPIC } from "~/lib/redirects.server";
import type { Outcome } from "./action.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { loopOf, oldPathOf, REDIRECT_PATH_MAX, targetKeyOf, targetOf } from "./redirect-rules";

/**
 * Redirects from old paths (issue 23, ADR 0055): list, add, delete. Every rule is checked here, not
 * only in the form: the paths through the one path parser, no page of the site and no reserved door
 * as the old path, no redirect to itself, no loop through the stored ones (under a lock, so two adds
 * at once cannot close one), no old path twice. Each change is audited and announced on the change
 * bus in its transaction: every server process loads the redirects again when it commits.
 */
export interface RedirectInput {
  from: unknown;
  target: unknown;
}

/** Whether a route of the site answers a path (the load context's `pages.isPagePath`). */
export type IsPagePath = (path: string) => boolean;

const LOCK = "redirects";

export async function listRedirects() {
  const rows = await db().select().from(redirects).orderBy(asc(redirects.fromPath));
  return rows.map((row) => ({
    id: String(row.id),
    from: row.fromPath,
    target: row.target,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  }));
}

const text = (value: unknown) => (typeof value === "string" && value.length <= REDIRECT_PATH_MAX * 2 ? value : undefined);

export async function addRedirect(actor: ConsoleActor, input: RedirectInput, isPagePath: IsPagePath): Promise<Outcome> {
  const fromValue = text(input.from);
  const targetValue = text(input.target);
  const old = fromValue === undefined ? undefined : oldPathOf(fromValue);
  if (!old?.ok) return { ok: false, status: 400, fields: { from: old?.error ?? "admin.redirects.errors.fromInvalid" } };
  if (isPagePath(old.key)) return { ok: false, status: 400, fields: { from: "admin.redirects.errors.fromPage" } };
  const target = targetValue === undefined ? undefined : targetOf(targetValue);
  if (target === undefined || target.length > REDIRECT_PATH_MAX)
    return { ok: false, status: 400, fields: { target: "admin.redirects.errors.targetInvalid" } };
  if (targetKeyOf(target) === old.key) return { ok: false, status: 400, fields: { target: "admin.redirects.errors.same" } };

  return db().transaction(async (tx): Promise<Outcome> => {
    // One add or delete at a time: the loop check reads every stored redirect.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK}))`);
    const stored = await tx.select({ fromPath: redirects.fromPath, target: redirects.target }).from(redirects);
    const existing = new Map(stored.map((row) => [row.fromPath, row.target]));
    if (existing.has(old.key)) return { ok: false, status: 409, fields: { from: "admin.redirects.errors.exists" } };
    if (loopOf(old.key, target, existing)) return { ok: false, status: 409, fields: { target: "admin.redirects.errors.loop" } };
    const [row] = await tx.insert(redirects).values({ fromPath: old.key, target, createdBy: actor.email }).returning({ id: redirects.id });
    await recordAudit(
      actor,
      {
        action: "redirect.create",
        entity: "redirect",
        entityId: String(row!.id),
        summary: `${old.key} → ${target}`,
        before: null,
        after: { from: old.key, target },
      },
      tx,
    );
    await publishChange(REDIRECTS_TOPIC, tx);
    return { ok: true, message: "admin.redirects.added" };
  });
}

export async function deleteRedirect(actor: ConsoleActor, id: unknown): Promise<Outcome> {
  if (typeof id !== "string" || !/^[1-9]\d{0,17}$/.test(id)) return { ok: false, status: 404, error: "admin.errors.notFound" };
  return db().transaction(async (tx): Promise<Outcome> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK}))`);
    const [row] = await tx
      .delete(redirects)
      .where(eq(redirects.id, Number(id)))
      .returning();
    if (!row) return { ok: false, status: 404, error: "admin.errors.notFound" };
    await recordAudit(
      actor,
      {
        action: "redirect.delete",
        entity: "redirect",
        entityId: id,
        summary: `${row.fromPath} → ${row.target}`,
        before: { from: row.fromPath, target: row.target },
        after: null,
      },
      tx,
    );
    await publishChange(REDIRECTS_TOPIC, tx);
    return { ok: true, message: "admin.redirects.deleted" };
  });
}
