import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/helpers/database";
import { runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { userRoles, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getServerTranslator } from "~/lib/i18n.server";
import { stopJobs } from "~/lib/jobs.server";
import { publishedContentChanged } from "~/lib/page-content.server";
import { cancelSchedule, listSchedules, PUBLISH_JOB, scheduleOf, schedulePublish } from "./page-schedule.server";
import { publishPage, saveDraft } from "./pages.server";
import { isLocalDateTime } from "~/lib/schedule-time";

/** Scheduled publish (ADR 0059): the row, its pg-boss job, and the job publishing the draft as its scheduler. */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const editor = { id: "editor-1", email: "editor@ipangel.test", name: "Editor", role: "editor" as const };

/** A summer and a winter time far ahead, in Berlin. */
const SUMMER = "2030-07-01T09:00";
const WINTER = "2030-01-15T09:00";

async function withRoles() {
  for (const person of [admin, editor]) {
    await db().insert(user).values({ id: person.id, email: person.email, name: person.name, emailVerified: true });
    await db().insert(userRoles).values({ userId: person.id, role: person.role });
  }
}

/** The scheduled jobs' time has come: pg-boss may start them now. */
async function timeHasCome() {
  await db().execute(sql`update pgboss.job set start_after = now() where name = ${PUBLISH_JOB}`);
  await runJobsUntilIdle();
}

const title = async (language: "en" | "de" | "es", key = "about.hero.title") => (await getServerTranslator(language)).t(key);
const auditActions = async () =>
  (await db().execute<{ action: string; actor_email: string }>(sql`select action, actor_email from audit_log order by id`)).rows;

describe("scheduled publish", () => {
  beforeEach(async () => {
    await resetDatabase();
    await publishedContentChanged();
    await withRoles();
  });
  afterAll(async () => {
    await stopJobs();
  });

  it("is Berlin time, queued in its transaction, listed, and publishes the draft as it is then, as its scheduler", async () => {
    await saveDraft(editor, "about", "de", { "hero.title": "Erster Entwurf" });
    expect(await schedulePublish(editor, "about", "de", SUMMER)).toEqual({ ok: true, message: "admin.pages.schedule.scheduled" });
    expect(await scheduleOf("about", "de")).toEqual({ publishAt: "2030-07-01T07:00:00.000Z", scheduledByEmail: editor.email });
    expect(await listSchedules()).toEqual({ "about/de": "2030-07-01T07:00:00.000Z" });
    const { rows: jobs } = await db().execute<{ start_after: Date }>(sql`select start_after from pgboss.job where name = ${PUBLISH_JOB}`);
    expect(jobs.map((job) => new Date(job.start_after).toISOString())).toEqual(["2030-07-01T07:00:00.000Z"]);
    // A later schedule replaces it (winter: UTC+1).
    await schedulePublish(editor, "about", "de", WINTER);
    expect((await scheduleOf("about", "de"))?.publishAt).toBe("2030-01-15T08:00:00.000Z");

    await saveDraft(editor, "about", "de", { "hero.title": "Letzter Entwurf" });
    expect(await title("de")).not.toBe("Letzter Entwurf");
    await timeHasCome();
    expect(await title("de")).toBe("Letzter Entwurf");
    expect(await scheduleOf("about", "de")).toBeNull();
    expect(await auditActions()).toEqual([
      { action: "page.draft", actor_email: editor.email },
      { action: "page.schedule", actor_email: editor.email },
      { action: "page.schedule", actor_email: editor.email },
      { action: "page.draft", actor_email: editor.email },
      { action: "page.publish", actor_email: editor.email },
    ]);
  });

  it("refuses a time that has passed, an impossible one, and a page without a draft, with translated messages", async () => {
    expect(await schedulePublish(admin, "about", "de", SUMMER)).toMatchObject({
      ok: false,
      status: 409,
      error: "admin.pages.schedule.errors.noDraft",
    });
    await saveDraft(admin, "about", "de", { "hero.title": "Entwurf" });
    expect(await schedulePublish(admin, "about", "de", "2020-01-01T10:00")).toMatchObject({
      ok: false,
      status: 400,
      fields: { publishAt: "admin.pages.schedule.errors.past" },
    });
    expect(await scheduleOf("about", "de")).toBeNull();
    const { rows } = await db().execute(sql`select 1 from pgboss.job where name = ${PUBLISH_JOB}`);
    expect(rows).toEqual([]);
    // The form's schema (browser and server) takes only a real day and time.
    for (const value of [
      "2030-02-30T10:00",
      "2030-13-01T10:00",
      "2030-01-01T24:00",
      "2030-01-01 10:00",
      "2030-01-01T10:00:00",
      "'; drop",
    ]) {
      expect(isLocalDateTime(value), value).toBe(false);
    }
    expect(isLocalDateTime("2030-02-28T23:59")).toBe(true);
  });

  it("of a legal page needs an admin, and publishes only a draft an admin saved last", async () => {
    await saveDraft(editor, "privacy", "de", { "meta.title": "Datenschutz (Entwurf)" });
    expect(await schedulePublish(editor, "privacy", "de", SUMMER)).toMatchObject({ ok: false, status: 403 });
    expect(await schedulePublish(admin, "privacy", "de", SUMMER)).toMatchObject({ ok: true });
    // The editor's text is the draft now: the admin's schedule does not carry it live.
    await saveDraft(editor, "privacy", "de", { "meta.title": "Datenschutz (vom Redakteur)" });
    await timeHasCome();
    expect(await title("de", "privacy.meta.title")).not.toBe("Datenschutz (vom Redakteur)");
    expect(await scheduleOf("privacy", "de")).toBeNull();
    expect((await auditActions()).at(-1)).toEqual({ action: "page.schedule-refused", actor_email: admin.email });

    await saveDraft(admin, "privacy", "de", { "meta.title": "Datenschutz (geprüft)" });
    await schedulePublish(admin, "privacy", "de", SUMMER);
    await timeHasCome();
    expect(await title("de", "privacy.meta.title")).toBe("Datenschutz (geprüft)");
  });

  it("can be cancelled, and ends when the draft is published or discarded: its job then does nothing", async () => {
    await saveDraft(editor, "about", "es", { "hero.title": "Borrador" });
    await schedulePublish(editor, "about", "es", SUMMER);
    expect(await cancelSchedule(editor, "about", "es")).toEqual({ ok: true, message: "admin.pages.schedule.cancelled" });
    expect(await cancelSchedule(editor, "about", "es")).toMatchObject({ ok: false, status: 409 });

    await schedulePublish(editor, "about", "es", SUMMER);
    await publishPage(editor, "about", "es", { "hero.title": "Publicado a mano" });
    expect(await scheduleOf("about", "es")).toBeNull();
    await saveDraft(editor, "about", "es", { "hero.title": "Nuevo borrador" });
    await timeHasCome();
    expect(await title("es")).toBe("Publicado a mano");
    const actions = (await auditActions()).map((entry) => entry.action);
    expect(actions).toContain("page.unschedule");
    expect(actions.filter((action) => action === "page.publish")).toHaveLength(1);
  });
});
