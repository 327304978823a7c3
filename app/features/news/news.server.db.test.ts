import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { user, userRoles } from "~/db/schema";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { onPagesInvalidated } from "~/lib/page-invalidation.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { liveSlugsOf, otherLanguageOf, postBySlug, publishedPosts } from "./news-public.server";
import type { NewsPostInput } from "./news-schema";
import { listNewsPosts, loadNewsEditor } from "./news-console.server";
import { newsVersionsOf, restoreNewsVersion } from "./news-history.server";
import { cancelNewsSchedule, NEWS_PUBLISH_JOB, scheduleNews } from "./news-schedule.server";
import { discardNewsDraft, NEW_POST, publishNews, saveNewsDraft, unpublishNews } from "./news.server";

/** News posts against the test PostgreSQL (ADR 0066): drafts, per-language publish, history, schedule. */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const post = (title: string, extra: Partial<NewsPostInput> = {}): NewsPostInput => ({
  title,
  slug: "",
  summary: `${title} in short`,
  body: "",
  coverId: "",
  tags: [],
  ...extra,
});
/** A post with an empty English draft, as "Save draft" on /admin/news/new makes one. */
const newPost = async () => {
  const outcome = await saveNewsDraft(admin, NEW_POST, "en", post(`Untitled ${Math.random()}`));
  const id = outcome.postId!;
  await db().execute(sql`delete from news_post_languages where post_id = ${id}`);
  await db().execute(sql`delete from audit_log where entity_id like ${`${id}/%`}`);
  return id;
};
const auditActions = async () =>
  (await db().execute<{ action: string }>(sql`select action from audit_log order by id`)).rows.map((row) => row.action);

describe("news posts", () => {
  beforeEach(async () => {
    await resetDatabase();
    await db().insert(user).values({ id: admin.id, email: admin.email, name: admin.name, emailVerified: true });
    await db().insert(userRoles).values({ userId: admin.id, role: "admin" });
  });
  afterAll(async () => {
    await stopJobs();
  });

  it("keeps a draft off the site, publishes one language at a time, and unpublishes it", async () => {
    const id = await newPost();
    expect(await saveNewsDraft(admin, id, "de", post("Große Neuigkeit"))).toEqual({ ok: true, message: "admin.news.saved", postId: id });
    expect((await loadNewsEditor(id, "de"))?.fields.slug).toBe("grosse-neuigkeit");
    expect(await publishedPosts("de")).toEqual({ posts: [], total: 0 });
    expect(await postBySlug("de", "grosse-neuigkeit")).toBeUndefined();

    const dropped: string[] = [];
    const stop = onPagesInvalidated((tag) => dropped.push(tag));
    await publishNews(admin, id, "de", post("Große Neuigkeit"));
    stop();
    expect(dropped).toEqual(["content"]);
    expect((await publishedPosts("de")).posts.map((entry) => entry.fields.title)).toEqual(["Große Neuigkeit"]);
    expect(await publishedPosts("en")).toEqual({ posts: [], total: 0 });
    expect(await liveSlugsOf(id)).toEqual({ de: "grosse-neuigkeit" });
    expect((await listNewsPosts())[0]?.languages).toMatchObject({
      de: { state: "published", title: "Große Neuigkeit" },
      en: { state: "none" },
    });

    await publishNews(admin, id, "en", post("Big news"));
    expect(await liveSlugsOf(id)).toEqual({ en: "big-news", de: "grosse-neuigkeit" });
    // The German slug asked for in English: the English post; in Spanish (not published): the German one.
    expect(await otherLanguageOf("en", "grosse-neuigkeit")).toEqual({ language: "en", slug: "big-news" });
    expect(await otherLanguageOf("es", "grosse-neuigkeit")).toEqual({ language: "de", slug: "grosse-neuigkeit" });

    expect(await unpublishNews(admin, id, "de")).toMatchObject({ ok: true });
    expect(await postBySlug("de", "grosse-neuigkeit")).toBeUndefined();
    expect(await unpublishNews(admin, id, "de")).toMatchObject({ ok: false, status: 409, error: "admin.news.errors.notPublished" });
    expect((await listNewsPosts())[0]?.languages.de.state).toBe("unpublished");
    expect(await auditActions()).toEqual(["news.draft", "news.publish", "news.publish", "news.unpublish"]);
  });

  it("pages the newest first and keeps the first publish as the post's date", async () => {
    const ids: string[] = [];
    for (let index = 1; index <= 12; index += 1) {
      const id = await newPost();
      ids.push(id);
      await publishNews(admin, id, "en", post(`Post ${index}`));
    }
    const first = await publishedPosts("en", 1);
    expect(first.total).toBe(12);
    expect(first.posts.map((entry) => entry.fields.title).slice(0, 2)).toEqual(["Post 12", "Post 11"]);
    expect((await publishedPosts("en", 2)).posts.map((entry) => entry.fields.title)).toEqual(["Post 2", "Post 1"]);

    const before = (await postBySlug("en", "post-1"))!.post;
    await publishNews(admin, ids[0]!, "en", post("Post 1", { summary: "Corrected" }));
    const after = (await postBySlug("en", "post-1"))!.post;
    expect(after.publishedAt).toBe(before.publishedAt);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  it("refuses a slug another post of the language has, a bad cover, and an unknown post, with translated messages", async () => {
    const one = await newPost();
    const two = await newPost();
    await publishNews(admin, one, "en", post("Same title"));
    expect(await publishNews(admin, two, "en", post("Same title"))).toEqual({
      ok: false,
      status: 409,
      fields: { slug: "admin.news.errors.slugTaken" },
    });
    expect(await saveNewsDraft(admin, two, "en", post("Same title"))).toMatchObject({ fields: { slug: "admin.news.errors.slugTaken" } });
    // The same slug in another language is another address.
    expect(await publishNews(admin, two, "de", post("Same title"))).toMatchObject({ ok: true });
    expect(await saveNewsDraft(admin, two, "en", post("Other", { coverId: "00000000-0000-4000-8000-000000000000" }))).toEqual({
      ok: false,
      status: 400,
      fields: { coverId: "admin.news.errors.cover" },
    });
    expect(await saveNewsDraft(admin, "not-a-post", "en", post("Lost"))).toMatchObject({ ok: false, status: 404 });
  });

  it("takes a published picture of the library as the cover, not a draft one (visitors could not see it)", async () => {
    const id = await newPost();
    const { rows } = await db().execute<{ id: string; published: boolean }>(sql`
      insert into media_items (title, file_type, published_at, thumbnail_path) values ('Shown', 'image', now(), 't/s.webp'), ('Hidden', 'image', null, 't/h.webp')
      returning id, published_at is not null as published`);
    const shown = rows.find((row) => row.published)!.id;
    const hidden = rows.find((row) => !row.published)!.id;
    expect(await saveNewsDraft(admin, id, "en", post("Covered", { coverId: hidden }))).toMatchObject({
      ok: false,
      fields: { coverId: "admin.news.errors.cover" },
    });
    expect(await publishNews(admin, id, "en", post("Covered", { coverId: shown }))).toMatchObject({ ok: true });
    expect((await publishedPosts("en")).posts[0]!.fields.coverId).toBe(shown);
    // The picture goes back to draft later: visitors' pages leave the cover out instead of a broken image.
    await db().execute(sql`update media_items set published_at = null where id = ${shown}::uuid`);
    expect((await publishedPosts("en")).posts[0]!.fields.coverId).toBe("");
    expect((await postBySlug("en", "covered"))!.post.fields.coverId).toBe("");
  });

  it("writes a version per publish and restores one as the draft", async () => {
    const id = await newPost();
    await publishNews(admin, id, "es", post("Primera"));
    await publishNews(admin, id, "es", post("Segunda", { slug: "primera" }));
    const versions = await newsVersionsOf(id, "es");
    expect(versions.map(({ number, title, email }) => ({ number, title, email }))).toEqual([
      { number: 2, title: "Segunda", email: admin.email },
      { number: 1, title: "Primera", email: admin.email },
    ]);
    expect(await restoreNewsVersion(admin, id, "es", versions[1]!.id)).toMatchObject({ ok: true });
    const editor = await loadNewsEditor(id, "es");
    expect([editor?.state, editor?.fields.title]).toEqual(["changed", "Primera"]);
    // Visitors still read the published text.
    expect((await postBySlug("es", "primera"))?.post.fields.title).toBe("Segunda");
    expect(await discardNewsDraft(admin, id, "es")).toMatchObject({ ok: true });
    expect((await loadNewsEditor(id, "es"))?.fields.title).toBe("Segunda");
  });

  it("publishes the draft at its scheduled time on the job queue, and a cancelled schedule does nothing", async () => {
    const id = await newPost();
    expect(await scheduleNews(admin, id, "de", "2030-07-01T09:00")).toMatchObject({ ok: false, status: 409 });
    await saveNewsDraft(admin, id, "de", post("Geplant"));
    expect(await scheduleNews(admin, id, "de", "2020-01-01T09:00")).toMatchObject({
      fields: { publishAt: "admin.pages.schedule.errors.past" },
    });
    expect(await scheduleNews(admin, id, "de", "2030-07-01T09:00")).toMatchObject({ ok: true });
    expect((await loadNewsEditor(id, "de"))?.schedule?.publishAt).toBe("2030-07-01T07:00:00.000Z");
    const { rows } = await db().execute<{ start_after: Date }>(sql`select start_after from pgboss.job where name = ${NEWS_PUBLISH_JOB}`);
    expect(rows.map((row) => new Date(row.start_after).toISOString())).toEqual(["2030-07-01T07:00:00.000Z"]);

    // Changed after scheduling: the draft as it is at the time goes live.
    await saveNewsDraft(admin, id, "de", post("Geplant und verbessert"));
    await db().execute(sql`update pgboss.job set start_after = now() where name = ${NEWS_PUBLISH_JOB}`);
    await runJobsUntilIdle();
    expect((await publishedPosts("de")).posts.map((entry) => entry.fields.title)).toEqual(["Geplant und verbessert"]);
    expect((await loadNewsEditor(id, "de"))?.schedule).toBeNull();

    await saveNewsDraft(admin, id, "de", post("Nie veröffentlicht", { slug: "geplant-und-verbessert" }));
    await scheduleNews(admin, id, "de", "2030-07-01T09:00");
    expect(await cancelNewsSchedule(admin, id, "de")).toMatchObject({ ok: true });
    await db().execute(sql`update pgboss.job set start_after = now() where name = ${NEWS_PUBLISH_JOB}`);
    await runJobsUntilIdle();
    expect((await publishedPosts("de")).posts.map((entry) => entry.fields.title)).toEqual(["Geplant und verbessert"]);
    expect(await auditActions()).toEqual([
      "news.draft",
      "news.schedule",
      "news.draft",
      "news.publish",
      "news.draft",
      "news.schedule",
      "news.unschedule",
    ]);
  });
});
