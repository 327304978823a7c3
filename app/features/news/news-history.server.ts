import { and, desc, eq } from "drizzle-orm";
import { newsPostLanguages, newsPostVersions, user } from "~/db/schema";
import type { Outcome } from "~/features/admin/action.server";
import { recordAudit } from "~/features/admin/audit.server";
import type { ConsoleActor } from "~/features/admin/guard.server";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { entityOf, isPostId, rowWhere } from "./news.server";

/* The history of a post in a language (as ADR 0058's versions of a page): every publish, restorable as the draft. */

/** The publishes of a post in a language, newest first, numbered from 1 (the first). */
export async function newsVersionsOf(postId: string, language: Language) {
  if (!isPostId(postId)) return [];
  const rows = await db()
    .select({
      id: newsPostVersions.id,
      fields: newsPostVersions.fields,
      publishedAt: newsPostVersions.publishedAt,
      email: newsPostVersions.publishedByEmail,
      name: user.name,
    })
    .from(newsPostVersions)
    .leftJoin(user, eq(user.id, newsPostVersions.publishedBy))
    .where(and(eq(newsPostVersions.postId, postId), eq(newsPostVersions.language, language)))
    .orderBy(desc(newsPostVersions.publishedAt), desc(newsPostVersions.id));
  return rows.map((row, index) => ({
    id: row.id,
    number: rows.length - index,
    title: row.fields.title,
    slug: row.fields.slug,
    publishedAt: row.publishedAt.toISOString(),
    email: row.email,
    name: row.name,
  }));
}

/** A version's fields become the language's draft (nothing public changes). */
export async function restoreNewsVersion(actor: ConsoleActor, postId: string, language: Language, versionId: number): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const [version] = await tx
      .select({ fields: newsPostVersions.fields })
      .from(newsPostVersions)
      .where(and(eq(newsPostVersions.id, versionId), eq(newsPostVersions.postId, postId), eq(newsPostVersions.language, language)));
    if (!version) return { ok: false, status: 404, error: "admin.news.errors.noVersion" } satisfies Outcome;
    const values = { draft: version.fields, draftAt: new Date(), draftBy: actor.id };
    await tx.update(newsPostLanguages).set(values).where(rowWhere(postId, language));
    await recordAudit(
      actor,
      { action: "news.restore", ...entityOf(postId, language, version.fields.title), after: { version: versionId } },
      tx,
    );
    return { ok: true, message: "admin.news.restored" } satisfies Outcome;
  });
}
