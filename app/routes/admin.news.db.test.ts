import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session, user, userRoles } from "~/db/schema";
import { getAuth } from "~/features/account/auth.server";
import { getOptionalUser } from "~/features/account/session.server";
import { db } from "~/lib/db.server";
import { INVALID_VALUE_KEY } from "~/lib/form-submission";
import { fileTexts } from "~/lib/locale-files.server";
import { createAccount, TEST_ORIGIN, TEST_PASSWORD, useAuthTestEnv } from "../../tests/helpers/accounts.server";
import { answerOf } from "../../tests/helpers/console-actions";
import { action, loader } from "./admin.news.$id";
import { loader as listLoader } from "./admin.news";

/**
 * The news console's doors (ADR 0066, ADR 0014) posted straight to the routes: signed out, as a member
 * and as an editor (news is the admins') every loader and action is the console's unknown path and
 * nothing is written; an admin's garbage gets a translated message, a new post's first save moves the
 * editor to its address.
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

/** A console user whose session passed its second factor just now (ADR 0044). */
async function staffCookie(email: string, role: "admin" | "editor") {
  await createAccount(email, { confirmed: true });
  const signedIn = await signIn(email);
  await db().insert(userRoles).values({ userId: signedIn.userId, role });
  await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, signedIn.userId));
  await db().update(session).set({ secondFactorAt: new Date() }).where(eq(session.id, signedIn.sessionId));
  return signedIn.cookie;
}

function post(cookie: string | undefined, path: string, body: URLSearchParams | string, contentType?: string) {
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  if (contentType) headers.set("content-type", contentType);
  return new Request(`${TEST_ORIGIN}${path}`, { method: "POST", body, headers });
}

const form = (intent: string, values: Record<string, string> = {}) => new URLSearchParams({ intent, js: "1", ...values });
const call = (request: Request, id: string) => action({ request, params: { id }, context: {} } as never);

async function statusOf(work: Promise<unknown>) {
  try {
    return answerOf(await work).status;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? (thrown as Response).status;
  }
}

async function thrownLocation(work: Promise<unknown>) {
  try {
    await work;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    throw thrown;
  }
  throw new Error("no redirect");
}

const englishText = (key: string) =>
  key
    .split(".")
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], fileTexts("en", "admin"));

describe("news console doors", () => {
  useAuthTestEnv({ requireEmailConfirmation: false });

  it("signed out, as a member and as an editor: the list, the editor and every action are an unknown path", async () => {
    await createAccount("member@ipangel.test", { confirmed: true });
    const member = (await signIn("member@ipangel.test")).cookie;
    const editor = await staffCookie("editor@ipangel.test", "editor");
    for (const cookie of [undefined, member, editor]) {
      const headers = cookie ? { cookie } : undefined;
      expect(
        await statusOf(listLoader({ request: new Request(`${TEST_ORIGIN}/admin/news`, { headers }), params: {}, context: {} } as never)),
      ).toBe(404);
      expect(
        await statusOf(
          loader({ request: new Request(`${TEST_ORIGIN}/admin/news/new`, { headers }), params: { id: "new" }, context: {} } as never),
        ),
      ).toBe(404);
      for (const intent of ["save", "publish"]) {
        expect(await statusOf(call(post(cookie, "/admin/news/new?language=de", form(intent, { title: "Eingeschleust" })), "new"))).toBe(
          404,
        );
      }
    }
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from news_posts`);
    expect(rows[0]!.n).toBe(0);
  });

  it("as an admin: garbage and bad fields get translated messages; the first publish makes the post and moves to it", async () => {
    const admin = await staffCookie("admin@ipangel.test", "admin");
    const garbage = answerOf(await call(post(admin, "/admin/news/new", "\u0000{not a form", "application/json"), "new"));
    expect(garbage.status).toBe(400);
    expect(garbage.body.result.error).toEqual({ "": [INVALID_VALUE_KEY] });

    const bad = answerOf(
      await call(
        post(admin, "/admin/news/new?language=de", form("publish", { title: "", slug: "Not A Slug", tags: "x".repeat(600) })),
        "new",
      ),
    );
    expect(bad.status).toBe(400);
    const errors = Object.values(bad.body.result.error ?? {}).flat() as string[];
    expect(errors).toEqual(expect.arrayContaining(["admin.news.errors.titleRequired", "admin.news.errors.slug", "admin.news.errors.tags"]));
    for (const key of errors) expect(typeof englishText(key)).toBe("string");

    const location = await thrownLocation(
      call(post(admin, "/admin/news/new?language=de", form("publish", { title: "Hallo Welt", summary: "Kurz" })), "new"),
    );
    expect(location).toMatch(/^\/admin\/news\/[0-9a-f-]{36}\?language=de$/);
    const id = location!.split("/")[3]!.split("?")[0]!;
    const editor = (await loader({
      request: new Request(`${TEST_ORIGIN}${location}`, { headers: { cookie: admin } }),
      params: { id },
      context: {},
    } as never)) as {
      post: { state: string; live: { slug: string } | null };
    };
    expect(editor.post).toMatchObject({ state: "published", live: { slug: "hallo-welt" } });
    // An id that is no post: the console's unknown path; a post id that names none: its message.
    expect(
      await statusOf(
        loader({
          request: new Request(`${TEST_ORIGIN}/admin/news/x`, { headers: { cookie: admin } }),
          params: { id: "x" },
          context: {},
        } as never),
      ),
    ).toBe(404);
    const gone = answerOf(
      await call(
        post(admin, "/admin/news/00000000-0000-4000-8000-000000000000", form("unpublish")),
        "00000000-0000-4000-8000-000000000000",
      ),
    );
    expect(gone.status).toBe(409);
    const audit = await db().execute<{ action: string }>(sql`select action from audit_log where entity = 'news' order by id`);
    expect(audit.rows.map((row) => row.action)).toEqual(["news.publish"]);
  });
});
