import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mediaItemTranslationDrafts, pageContent, session, user, userRoles } from "~/db/schema";
import { getAuth } from "~/features/account/auth.server";
import { getOptionalUser } from "~/features/account/session.server";
import { db } from "~/lib/db.server";
import { createAccount, TEST_ORIGIN, TEST_PASSWORD, useAuthTestEnv } from "../../tests/helpers/accounts.server";
import { answerOf } from "../../tests/helpers/console-actions";
import { createService } from "../../tests/helpers/media-services";
import { action } from "./admin.translations";
import { loader as exportLoader } from "./admin.translations.export";

/**
 * The translation doors (ADR 0062, ADR 0014) as a sender reaches them: the import and "start from
 * English" posted straight to the action, and the export, signed out, as a member without a console
 * role and as an editor. Only the editor gets in; everyone else gets the console's unknown path.
 */
async function signIn(email: string) {
  const response = await getAuth().api.signInEmail({ body: { email, password: TEST_PASSWORD }, asResponse: true });
  const cookie = response.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0])
    .join("; ");
  const me = await getOptionalUser(new Request(TEST_ORIGIN, { headers: { cookie } }));
  return { cookie, userId: me!.id, sessionId: me!.sessionId! };
}

/** An editor whose session passed its second factor just now (ADR 0044). */
async function editorCookie() {
  await createAccount("editor@ipangel.test", { confirmed: true });
  const signedIn = await signIn("editor@ipangel.test");
  await db().insert(userRoles).values({ userId: signedIn.userId, role: "editor" });
  await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, signedIn.userId));
  await db().update(session).set({ secondFactorAt: new Date() }).where(eq(session.id, signedIn.sessionId));
  return signedIn.cookie;
}

const XLIFF = `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es"><file id="home"><unit id="hero.titleStart"><segment><source>x</source><target>Construye con</target></segment></unit></file></xliff>`;

function importPost(cookie: string | undefined, file: Blob | string) {
  const form = new FormData();
  form.set("intent", "import");
  form.set("file", typeof file === "string" ? new File([file], "es.xlf") : file);
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${TEST_ORIGIN}/admin/translations`, { method: "POST", body: form, headers });
}

async function statusOf(work: Promise<unknown>) {
  try {
    return answerOf(await work).status;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? (thrown as Response).status;
  }
}

describe("translation doors", () => {
  useAuthTestEnv({ requireEmailConfirmation: false });

  it("signed out or as a member: the import, start from English and the export are an unknown path, and nothing is written", async () => {
    await createAccount("member@ipangel.test", { confirmed: true });
    const member = (await signIn("member@ipangel.test")).cookie;
    const mediaId = await createService({ title: "Weather service" });
    for (const cookie of [undefined, member]) {
      expect(await statusOf(action({ request: importPost(cookie, XLIFF), params: {}, context: {} } as never))).toBe(404);
      const start = new Request(`${TEST_ORIGIN}/admin/translations`, {
        method: "POST",
        body: new URLSearchParams({ intent: "start", page: "home", language: "es" }),
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      });
      expect(await statusOf(action({ request: start, params: {}, context: {} } as never))).toBe(404);
      const startMedia = new Request(`${TEST_ORIGIN}/admin/translations`, {
        method: "POST",
        body: new URLSearchParams({ intent: "startMedia", item: mediaId, language: "de" }),
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      });
      expect(await statusOf(action({ request: startMedia, params: {}, context: {} } as never))).toBe(404);
      const exportRequest = new Request(`${TEST_ORIGIN}/admin/translations/export?language=es&page=all&text=published&format=xliff`, {
        headers: cookie ? { cookie } : {},
      });
      expect(await statusOf(exportLoader({ request: exportRequest, params: {}, context: {} } as never))).toBe(404);
    }
    expect(await db().select().from(pageContent)).toEqual([]);
    expect(await db().select().from(mediaItemTranslationDrafts)).toEqual([]);
  });

  it("as an editor: an import writes a draft and reports it; garbage, a bomb and a huge file get their message", async () => {
    const cookie = await editorCookie();
    const done = answerOf(await action({ request: importPost(cookie, XLIFF), params: {}, context: {} } as never));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ ok: true, message: "admin.translations.imported", report: { changed: [{ page: "home" }] } });
    const [row] = await db().select().from(pageContent);
    expect(row).toMatchObject({
      namespace: "home",
      language: "es",
      published: {},
      draft: { "hero.titleStart": { value: "Construye con" } },
    });

    const bomb = `<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${XLIFF.replace("Construye con", "&b;")}`;
    for (const [file, status, error] of [
      ["%PDF-1.4 \u0000\u0001", 400, "admin.translations.errors.notTranslationFile"],
      [bomb, 400, "admin.translations.errors.declarations"],
      [`<xliff>${"<a>".repeat(10)}`, 400, "admin.translations.errors.malformedXml"],
      [new File([new Uint8Array(600 * 1024)], "huge.xlf"), 413, "admin.translations.errors.tooLarge"],
    ] as const) {
      const refused = answerOf(await action({ request: importPost(cookie, file), params: {}, context: {} } as never));
      expect(refused).toMatchObject({ status, body: { ok: false, error } });
    }
    const { rows } = await db().execute<{ action: string }>(sql`select action from audit_log`);
    expect(rows).toEqual([{ action: "page.import" }]);

    // A choice the export form does not offer is an unknown path; a real one is a download.
    const exportOf = (query: string) =>
      exportLoader({
        request: new Request(`${TEST_ORIGIN}/admin/translations/export?${query}`, { headers: { cookie } }),
        params: {},
        context: {},
      } as never);
    expect(await statusOf(exportOf("language=en&page=all&text=published&format=xliff"))).toBe(404);
    expect(await statusOf(exportOf("language=es&page=__proto__&text=published&format=xliff"))).toBe(404);
    const download = (await exportOf("language=es&page=home&text=draft&format=json")) as Response;
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="ipangel-home-en-es-draft.json"');
    expect(await download.text()).toContain('"target": "Construye con"');

    // Media items: an export of only them, and "start from the original" of one item (a draft).
    const mediaId = await createService({ title: "Weather service" });
    expect(await statusOf(exportOf("language=es&page=none&media=everything&text=published&format=json"))).toBe(404);
    const media = (await exportOf("language=de&page=none&media=work&text=published&format=xliff")) as Response;
    expect(media.headers.get("content-disposition")).toBe('attachment; filename="ipangel-none-media-en-de-published.xlf"');
    expect(await media.text()).toContain(`<file id="media.${mediaId}">`);
    const started = answerOf(
      await action({
        request: new Request(`${TEST_ORIGIN}/admin/translations`, {
          method: "POST",
          body: new URLSearchParams({ intent: "startMedia", item: mediaId, language: "de" }),
          headers: { origin: TEST_ORIGIN, cookie },
        }),
        params: {},
        context: {},
      } as never),
    );
    expect(started).toMatchObject({ status: 200, body: { ok: true, message: "admin.translations.media.started" } });
    expect(await db().select().from(mediaItemTranslationDrafts)).toEqual([
      expect.objectContaining({ mediaItemId: mediaId, language: "de", title: "Weather service" }),
    ]);
  });
});
