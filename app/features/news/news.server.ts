import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { mediaItems, newsPostLanguages, newsPosts, newsPostVersions, newsSchedules, type NewsFields } from "~/db/schema";
import type { Outcome } from "~/features/admin/action.server";
import { recordAudit } from "~/features/admin/audit.server";
import type { ConsoleActor } from "~/features/admin/guard.server";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { invalidatePages } from "~/lib/page-invalidation.server";
import { isLowerCaseUuid } from "~/lib/uuid";
import { withSlug, type NewsPostInput } from "./news-schema";

/**
 * News posts (issue 24, ADR 0066): per language a draft and a published text, published and
 * unpublished one language at a time, every publish a version (news-history.server.ts), and a
 * publish at a time on the job queue (news-schedule.server.ts). Mirrors the content pages' functions (ADR 0054, 0058, 0059) for a table of posts.
 * Every change is audited in its transaction; a change visitors see drops the cached pages tagged
 * `content` here and, through the change bus, in every process (the news pages and home carry it).
 */
export type NewsState = "none" | "draft" | "published" | "changed" | "unpublished";

export const EMPTY_FIELDS: NewsFields = { title: "", slug: "", summary: "", body: "", coverId: "", tags: [] };
const NOT_FOUND: Outcome = { ok: false, status: 404, error: "admin.news.errors.notFound" };
const SLUG_TAKEN: Outcome = { ok: false, status: 409, fields: { slug: "admin.news.errors.slugTaken" } };

export const rowWhere = (postId: string, language: Language) =>
  and(eq(newsPostLanguages.postId, postId), eq(newsPostLanguages.language, language));
export const entityOf = (postId: string, language: Language, title: string) => ({
  entity: "news",
  entityId: `${postId}/${language}`,
  summary: `${title} (${language})`,
});
// Lower case only: a post's id is part of its audit entries' entity id (`<id>/<language>`).
export const isPostId = isLowerCaseUuid;

export function stateOf(row: Pick<typeof newsPostLanguages.$inferSelect, "draft" | "published" | "unpublishedAt"> | undefined): NewsState {
  if (!row) return "none";
  if (row.published && row.unpublishedAt) return "unpublished";
  if (row.published) return row.draft ? "changed" : "published";
  return row.draft ? "draft" : "none";
}

export type Executor = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** A post the editor's address names: "new" makes one in the transaction of its first save or publish. */
export const NEW_POST = "new";
/** What a save or publish answers: with the post's id (a new one's, for the editor's address). */
export type NewsOutcome = Outcome & { postId?: string };

async function postIdFor(actor: Pick<ConsoleActor, "id">, postId: string, executor: Executor) {
  if (postId !== NEW_POST) return (await postExists(postId, executor)) ? postId : undefined;
  const [row] = await executor.insert(newsPosts).values({ createdBy: actor.id }).returning({ id: newsPosts.id });
  return row!.id;
}

export async function postExists(postId: string, executor: Executor | ReturnType<typeof db> = db()) {
  if (!isPostId(postId)) return false;
  const [row] = await executor.select({ id: newsPosts.id }).from(newsPosts).where(eq(newsPosts.id, postId));
  return !!row;
}

/** The cover must be an image of the library (a draft image may not be shown to visitors: refused too). */
async function coverProblem(coverId: string, executor: Executor) {
  if (!coverId) return undefined;
  const [item] = await executor
    .select({ fileType: mediaItems.fileType, publishedAt: mediaItems.publishedAt })
    .from(mediaItems)
    .where(eq(mediaItems.id, coverId));
  // A draft's preview is not public: as a cover it would be a broken picture for visitors.
  return item?.fileType === "image" && item.publishedAt ? undefined : "admin.news.errors.cover";
}

/** Whether another post of this language is published under the slug. */
async function slugTaken(postId: string, language: Language, slug: string, executor: Executor) {
  const [other] = await executor
    .select({ postId: newsPostLanguages.postId })
    .from(newsPostLanguages)
    .where(
      and(
        eq(newsPostLanguages.language, language),
        eq(newsPostLanguages.publishedSlug, slug),
        sql`${newsPostLanguages.postId} <> ${postId}`,
      ),
    );
  return !!other;
}

async function checkFields(postId: string, language: Language, fields: NewsFields, executor: Executor): Promise<Outcome | undefined> {
  if (!fields.slug) return { ok: false, status: 400, fields: { slug: "admin.news.errors.slug" } };
  const cover = await coverProblem(fields.coverId, executor);
  if (cover) return { ok: false, status: 400, fields: { coverId: cover } };
  if (await slugTaken(postId, language, fields.slug, executor)) return SLUG_TAKEN;
  return undefined;
}

const fieldsOf = (input: NewsPostInput): NewsFields => {
  const { title, slug, summary, body, coverId, tags } = withSlug(input);
  return { title, slug, summary, body, coverId, tags };
};

/** Visitors see the change: this process's cached news pages and home at once, every other process's through the bus. */
const published = () => invalidatePages("content");

/** Saves the form as the language's draft (nothing public changes). */
export async function saveNewsDraft(actor: ConsoleActor, target: string, language: Language, input: NewsPostInput): Promise<NewsOutcome> {
  const fields = fieldsOf(input);
  return db().transaction(async (tx) => {
    const postId = await postIdFor(actor, target, tx);
    if (!postId) return NOT_FOUND;
    const problem = await checkFields(postId, language, fields, tx);
    if (problem) return problem;
    const values = { draft: fields, draftAt: new Date(), draftBy: actor.id };
    await tx
      .insert(newsPostLanguages)
      .values({ postId, language, ...values })
      .onConflictDoUpdate({ target: [newsPostLanguages.postId, newsPostLanguages.language], set: values });
    await recordAudit(
      actor,
      { action: "news.draft", ...entityOf(postId, language, fields.title), after: { title: fields.title, slug: fields.slug } },
      tx,
    );
    return { ok: true as const, message: "admin.news.saved", postId };
  });
}

/**
 * Makes the form's fields the language's published text (the address is its slug from now on), ends
 * its draft, schedule and an unpublished mark, and writes a version. The first publish is the post's
 * date in that language; later ones are its `updated`.
 */
export async function publishNews(
  actor: Pick<ConsoleActor, "id" | "email">,
  target: string,
  language: Language,
  input: NewsPostInput,
): Promise<NewsOutcome> {
  const fields = fieldsOf(input);
  const outcome: NewsOutcome = await db()
    .transaction(async (tx) => {
      const postId = await postIdFor(actor, target, tx);
      if (!postId) return NOT_FOUND;
      const problem = await checkFields(postId, language, fields, tx);
      if (problem) return problem;
      const [before] = await tx.select().from(newsPostLanguages).where(rowWhere(postId, language));
      const now = new Date();
      const values = {
        published: fields,
        publishedSlug: fields.slug,
        updatedAt: now,
        publishedBy: actor.id,
        unpublishedAt: null,
        draft: null,
        draftAt: null,
        draftBy: null,
      };
      await tx
        .insert(newsPostLanguages)
        .values({ postId, language, ...values, publishedAt: now })
        .onConflictDoUpdate({
          target: [newsPostLanguages.postId, newsPostLanguages.language],
          set: { ...values, publishedAt: sql`coalesce(${newsPostLanguages.publishedAt}, ${now.toISOString()}::timestamptz)` },
        });
      await tx
        .insert(newsPostVersions)
        .values({ postId, language, fields, publishedAt: now, publishedBy: actor.id, publishedByEmail: actor.email });
      await tx.delete(newsSchedules).where(and(eq(newsSchedules.postId, postId), eq(newsSchedules.language, language)));
      await recordAudit(
        actor,
        {
          action: "news.publish",
          ...entityOf(postId, language, fields.title),
          before: before?.published ? { title: before.published.title, slug: before.published.slug } : undefined,
          after: { title: fields.title, slug: fields.slug },
        },
        tx,
      );
      return { ok: true as const, message: "admin.news.published", postId };
    })
    .catch((error: unknown) => {
      // Two publishes of one slug at once: the unique index decides, the loser is told like any taken slug.
      if (
        (error as { code?: string; cause?: { code?: string } }).code === "23505" ||
        (error as { cause?: { code?: string } }).cause?.code === "23505"
      )
        return SLUG_TAKEN;
      throw error;
    });
  if (outcome.ok) await published();
  return outcome;
}

/** Takes the language off the site (its text and draft stay; publishing again brings it back). */
export async function unpublishNews(actor: ConsoleActor, postId: string, language: Language): Promise<Outcome> {
  const outcome = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(newsPostLanguages)
      .set({ unpublishedAt: new Date() })
      .where(and(rowWhere(postId, language), isNotNull(newsPostLanguages.published), isNull(newsPostLanguages.unpublishedAt)))
      .returning({ published: newsPostLanguages.published });
    if (!row) return { ok: false, status: 409, error: "admin.news.errors.notPublished" } satisfies Outcome;
    await recordAudit(actor, { action: "news.unpublish", ...entityOf(postId, language, row.published?.title ?? "") }, tx);
    return { ok: true, message: "admin.news.unpublished" } satisfies Outcome;
  });
  if (outcome.ok) await published();
  return outcome;
}

/** Drops the language's draft (and its schedule, which would publish it). */
export async function discardNewsDraft(actor: ConsoleActor, postId: string, language: Language): Promise<Outcome> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(newsPostLanguages)
      .set({ draft: null, draftAt: null, draftBy: null })
      .where(and(rowWhere(postId, language), isNotNull(newsPostLanguages.draft)))
      .returning({ published: newsPostLanguages.published });
    if (!row) return { ok: false, status: 409, error: "admin.news.errors.noDraft" } satisfies Outcome;
    await tx.delete(newsSchedules).where(and(eq(newsSchedules.postId, postId), eq(newsSchedules.language, language)));
    await recordAudit(actor, { action: "news.discard", ...entityOf(postId, language, row.published?.title ?? "") }, tx);
    return { ok: true, message: "admin.news.discarded" } satisfies Outcome;
  });
}

/** Deletes the post in every language (its versions and schedules go with it). */
export async function deletePost(actor: ConsoleActor, postId: string): Promise<Outcome> {
  const outcome = await db().transaction(async (tx) => {
    const [row] = await tx
      .delete(newsPosts)
      .where(eq(newsPosts.id, isPostId(postId) ? postId : "00000000-0000-0000-0000-000000000000"))
      .returning();
    if (!row) return NOT_FOUND;
    await recordAudit(actor, { action: "news.delete", entity: "news", entityId: postId }, tx);
    return { ok: true, message: "admin.news.deleted" } satisfies Outcome;
  });
  if (outcome.ok) await published();
  return outcome;
}
