import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { TEST_ORIGIN as ORIGIN, TEST_PASSWORD, useAuthTestEnv } from "../../../tests/helpers/accounts.server";
import { loggedMails } from "../../../tests/helpers/jobs";
import { authAction, authLoader } from "./auth-actions.server";

function post(body: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}/auth`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { origin: ORIGIN, "x-client-ip": "203.0.113.7", cookie: "lang=de", ...headers },
  });
}

async function run(body: Record<string, string>, headers?: Record<string, string>) {
  try {
    return { data: ((await authAction(post(body, headers))) as unknown as { data: Record<string, unknown> }).data };
  } catch (thrown) {
    return { thrown: thrown as Response };
  }
}

const signup = {
  intent: "signup",
  js: "1",
  username: "ulla",
  customerType: "business",
  email: "Ulla@Example.com",
  password: TEST_PASSWORD,
  newsletterSubscribed: "on",
  acceptTerms: "on",
  acceptPrivacy: "on",
};

describe("/auth actions", () => {
  useAuthTestEnv({ requireEmailConfirmation: true });

  it("sign-up stores the profile and queues the confirmation mail and the newsletter opt-in mail (no shop sync yet)", async () => {
    const answer = await run(signup);
    // Spec §8's toast as the page changes (the lasting notice comes with the cookie, see below).
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { tone: "success", title: "auth.toast.signupSuccess", description: "auth.toast.signupConfirm" },
      redirectTo: "/",
    });
    const [row] = await db().select().from(user).where(eq(user.email, "ulla@example.com"));
    expect(row.emailVerified).toBe(false);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, row.id));
    // The newsletter is active only after its own confirmation link (double opt-in).
    expect(profile).toMatchObject({ username: "ulla", customerType: "business", newsletterSubscribed: false });
    const mails = (await loggedMails()).map((mail) => ({ ...mail, text: mail.text ?? "" }));
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.to === "ulla@example.com")).toBe(true);
    expect(mails.some((mail) => /\/api\/auth\/verify-email\?token=/.test(mail.text))).toBe(true);
    expect(mails.some((mail) => /\/newsletter\/confirm\?token=/.test(mail.text))).toBe(true);

    expect((await run(signup)).data).toMatchObject({ ok: false, error: "auth.errors.alreadyRegistered" });
    expect((await run({ intent: "login", js: "1", email: "ulla@example.com", password: TEST_PASSWORD })).data).toMatchObject({
      ok: false,
      error: "auth.errors.notVerified",
      unverifiedEmail: "ulla@example.com",
    });
  });

  it("validates on the server with the shared schema", async () => {
    expect((await run({ ...signup, username: "ab" })).data).toMatchObject({ error: "auth.errors.usernameMin" });
    expect((await run({ ...signup, acceptPrivacy: "" })).data).toMatchObject({ error: "auth.errors.acceptPrivacy" });
    expect((await run({ intent: "login", email: "x", password: "y" })).data).toMatchObject({ error: "auth.errors.invalidEmail" });
    expect((await run({ intent: "forgot", email: "" })).data).toMatchObject({ error: "auth.errors.forgotEmailRequired" });
    expect(await db().select().from(user)).toHaveLength(0);
  });

  it("refuses cross-site posts", async () => {
    const answer = await run(signup, { origin: "https://evil.example" });
    expect(answer.thrown).toMatchObject({ init: { status: 403 } });
    expect(await db().select().from(user)).toHaveLength(0);
  });

  it("limits sign-in attempts per address with a translated message", async () => {
    const results: unknown[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      results.push((await run({ intent: "login", js: "1", email: `nobody${attempt}@example.com`, password: "wrong-password" })).data);
    }
    expect(results.slice(0, 10).every((result) => (result as { error: string }).error === "auth.errors.invalidCredentials")).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, error: "auth.errors.rateLimited" });
    // Another address is not affected.
    const other = await run(
      { intent: "login", js: "1", email: "nobody@example.com", password: "wrong-password" },
      { "x-client-ip": "198.51.100.1" },
    );
    expect(other.data).toMatchObject({ error: "auth.errors.invalidCredentials" });
  });

  it("sign-up sets the inbox notice and returns to a gated download; the notice's close button clears it", async () => {
    const back = "/media?q=logo&item=0b7c2f9e-8d7e-4a56-9d7c-2b1e7d4b7a10";
    const signedUp = await run({ ...signup, js: "", returnTo: back });
    expect(signedUp.thrown?.status).toBe(302);
    expect(signedUp.thrown?.headers.get("location")).toBe(back);
    expect(signedUp.thrown?.headers.getSetCookie().join("\n")).toContain("account_notice=pending:ulla%40example.com");

    const closed = await run({ intent: "dismissNotice", returnTo: back }, { cookie: "account_notice=pending:ulla%40example.com" });
    expect(closed.thrown?.headers.get("location")).toBe(back);
    expect(closed.thrown?.headers.get("set-cookie")).toMatch(/^account_notice=; Path=\/; Max-Age=0/);
    // With JavaScript: an answer, no navigation; a way back to another site is not followed.
    const withJs = await authAction(post({ intent: "dismissNotice", js: "1" }));
    expect((withJs as unknown as { data: Record<string, unknown> }).data).toMatchObject({ ok: true, redirectTo: undefined });
    const elsewhere = await run({ intent: "dismissNotice", returnTo: "https://evil.example/" });
    expect(elsewhere.thrown?.headers.get("location")).toBe("/");
  });

  it("Google without configuration: the page offers no button, and the door answers 404 with a clear error", async () => {
    expect(await authLoader(new Request(`${ORIGIN}/auth`))).toMatchObject({ googleEnabled: false });
    const answer = (await authAction(post({ intent: "google" }))) as unknown as {
      data: Record<string, unknown>;
      init: { status?: number } | null;
    };
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toMatchObject({ ok: false, error: "auth.errors.googleNotConfigured" });
  });
});
