import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, mailLog, session, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv, setEnvForTesting } from "~/lib/env.server";
import { derivePageTable } from "../../../server/page-table";
import { policyOf } from "../../../server/route-policy";
import { createAccount, TEST_ORIGIN as ORIGIN, TEST_PASSWORD, useAuthTestEnv } from "../../../tests/helpers/accounts.server";
import { loggedMails, runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { readZip } from "../../../tests/helpers/zip";
import { getAuth } from "./auth.server";
import { dataExportAction } from "./privacy-actions.server";
import { profileAction } from "./profile-actions.server";
import { PROOF_LIMITS, RECENT_SIGN_IN_S } from "./recent-proof.server";

/**
 * Issue 28, the takeover replayed: someone holding only the victim's session cookie asks for a
 * password reset, then tries every door that could hand them the reset link or the account.
 */
async function signIn(email: string) {
  const response = await getAuth().api.signInEmail({ body: { email, password: TEST_PASSWORD }, asResponse: true });
  return response.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0])
    .join("; ");
}

function post(path: string, cookie: string, body: Record<string, string> | string = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: typeof body === "string" ? body : new URLSearchParams(body),
    headers: { cookie, origin: ORIGIN, ...(typeof body === "string" ? { "content-type": "multipart/form-data; boundary=x" } : {}) },
  });
}

/** The export's answer: the ZIP's text, or where it sent the browser instead. */
async function exportAs(cookie: string, body: Record<string, string> | string = {}) {
  try {
    const response = await dataExportAction(post("/profile/data-export", cookie, body));
    const entries = await readZip(Buffer.from(await response.arrayBuffer()));
    return { zip: [...entries.values()].map((entry) => entry.toString("latin1")).join("\n") };
  } catch (thrown) {
    if (thrown instanceof Response) return { location: thrown.headers.get("location") };
    throw thrown;
  }
}

async function profileAnswer(cookie: string, body: Record<string, string>) {
  const result = (await profileAction(post("/profile", cookie, body))) as { data: Record<string, unknown>; init?: { status?: number } };
  return { status: result.init?.status ?? 200, ...result.data };
}

async function requestReset(email: string) {
  await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/profile" } });
  const mail = (await loggedMails()).find((logged) => logged.text?.includes("/reset-password/"));
  const token = /\/api\/auth\/reset-password\/([^?\s"]+)/.exec(String(mail!.text))![1]!;
  return { id: mail!.id, token };
}

async function passwordHash(userId: string) {
  const [row] = await db()
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.password;
}

describe("proof of presence: a stolen session cookie cannot take the account over", () => {
  useAuthTestEnv({ requireEmailConfirmation: false });

  it("the export lists mails by subject, date and state: no reset link or token, while the mail waits and after", async () => {
    await createAccount("victim@example.com", { confirmed: true });
    const stolen = await signIn("victim@example.com");
    const { id, token } = await requestReset("victim@example.com");
    expect(token.length).toBeGreaterThan(10);

    // The thief, with the cookie alone: no export at all.
    expect(await exportAs(stolen)).toEqual({ location: "/profile?export=passwordRequired" });
    expect(await exportAs(stolen, { currentPassword: "guess-1234" })).toEqual({ location: "/profile?export=wrongPassword" });
    expect(await exportAs(stolen, "--x\r\ngarbage")).toEqual({ location: "/profile?export=passwordRequired" });

    // The owner, with the password, while the reset mail still waits in the outbox.
    const waiting = await exportAs(stolen, { currentPassword: TEST_PASSWORD });
    expect(waiting.zip).toBeDefined();
    expect(waiting.zip).not.toContain(token);
    expect(waiting.zip).not.toContain("reset-password");
    expect(waiting.zip).not.toMatch(/https?:\/\//);
    const exported = JSON.parse(/\{[\s\S]*\}\n/.exec(waiting.zip ?? "")![0]) as { mailsSentToYou: Record<string, unknown>[] };
    expect(exported.mailsSentToYou).toContainEqual({ queuedAt: expect.any(String), status: "pending", subject: "Reset your password" });
    for (const mail of exported.mailsSentToYou) expect(Object.keys(mail).sort()).toEqual(["queuedAt", "status", "subject"]);

    // Given up (an SMTP server that never answers): the link is gone from the outbox too.
    const base = getEnv();
    setEnvForTesting({ ...base, SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      await db().execute(sql`update pgboss.job set retry_limit = 0 where name = 'mail' and (data->>'mailId')::bigint = ${id}`);
      await runJobsUntilIdle();
    } finally {
      setEnvForTesting(base);
    }
    const [given] = await db().select().from(mailLog).where(eq(mailLog.id, id));
    expect(given).toMatchObject({ status: "failed", recipient: "victim@example.com", subject: "Reset your password", content: null });
    const after = await exportAs(stolen, { currentPassword: TEST_PASSWORD });
    expect(after.zip).toContain('"status":"failed","subject":"Reset your password"');
    expect(after.zip).not.toContain(token);
  });

  it("a sent reset mail keeps no link in the outbox", async () => {
    await createAccount("victim@example.com", { confirmed: true });
    const { id, token } = await requestReset("victim@example.com");
    await runJobsUntilIdle();
    const [sent] = await db().select().from(mailLog).where(eq(mailLog.id, id));
    expect(sent!.status).toBe("sent");
    expect(JSON.stringify(sent)).not.toContain(token);
  });

  it("changing the e-mail address, the password and deleting the account each refuse without the current password", async () => {
    const victimId = await createAccount("victim@example.com", { confirmed: true });
    const stolen = await signIn("victim@example.com");
    const hash = await passwordHash(victimId);

    expect(await profileAnswer(stolen, { intent: "changeEmail", newEmail: "thief@evil.example", currentPassword: "" })).toMatchObject({
      status: 400,
      ok: false,
      error: "profile.errors.requiredFields",
    });
    expect(
      await profileAnswer(stolen, { intent: "changeEmail", newEmail: "thief@evil.example", currentPassword: "guess-1234" }),
    ).toMatchObject({ status: 401, ok: false, error: "profile.errors.wrongPassword" });
    const passwordChange = { intent: "changePassword", newPassword: "thief-pass-1", confirmPassword: "thief-pass-1" };
    expect(await profileAnswer(stolen, { ...passwordChange, currentPassword: "" })).toMatchObject({
      status: 400,
      error: "profile.errors.passwordFields",
    });
    expect(await profileAnswer(stolen, { ...passwordChange, currentPassword: "guess-1234" })).toMatchObject({
      status: 401,
      error: "profile.errors.wrongPassword",
    });
    expect(await profileAnswer(stolen, { intent: "delete" })).toMatchObject({
      status: 400,
      ok: false,
      error: "profile.errors.currentPasswordRequired",
    });
    expect(await profileAnswer(stolen, { intent: "delete", currentPassword: "guess-1234" })).toMatchObject({
      status: 401,
      error: "profile.errors.wrongPassword",
    });

    const [victim] = await db().select().from(user).where(eq(user.id, victimId));
    expect(victim!.email).toBe("victim@example.com");
    expect(await passwordHash(victimId)).toBe(hash);
    const mails = await loggedMails();
    expect(JSON.stringify(mails)).not.toContain("thief@evil.example");

    // The owner, with the password, passes the same door.
    expect(await profileAnswer(stolen, { intent: "delete", currentPassword: TEST_PASSWORD })).toMatchObject({ ok: true, redirectTo: "/" });
    expect(await db().select().from(user).where(eq(user.id, victimId))).toHaveLength(0);
  });

  it("guessing the password through these doors is limited per account, and the right one then waits too", async () => {
    await createAccount("victim@example.com", { confirmed: true });
    const stolen = await signIn("victim@example.com");
    for (let guess = 0; guess < PROOF_LIMITS.perAccount; guess += 1) {
      const door =
        guess % 2
          ? exportAs(stolen, { currentPassword: `guess-${guess}` })
          : profileAnswer(stolen, { intent: "delete", currentPassword: `guess-${guess}` });
      expect(JSON.stringify(await door)).toMatch(/wrongPassword/);
    }
    expect(await profileAnswer(stolen, { intent: "delete", currentPassword: TEST_PASSWORD })).toMatchObject({
      status: 429,
      error: "auth.errors.rateLimited",
    });
    expect(await exportAs(stolen, { currentPassword: TEST_PASSWORD })).toEqual({ location: "/profile?export=tooManyAttempts" });
    expect(await db().select().from(user)).toHaveLength(1);
  });

  it("a second factor this session passed minutes ago proves presence without the password; an older one does not", async () => {
    const ownerId = await createAccount("owner@example.com", { confirmed: true });
    const cookie = await signIn("owner@example.com");
    // Every session of the owner (the one of the cookie among them): passed long ago, then just now.
    const passedAt = (at: Date) => db().update(session).set({ secondFactorAt: at }).where(eq(session.userId, ownerId));
    await passedAt(new Date(Date.now() - (RECENT_SIGN_IN_S + 60) * 1000));
    expect(await profileAnswer(cookie, { intent: "delete" })).toMatchObject({
      status: 400,
      error: "profile.errors.currentPasswordRequired",
    });
    await passedAt(new Date());
    expect(await profileAnswer(cookie, { intent: "delete" })).toMatchObject({ ok: true, redirectTo: "/" });
    expect(await db().select().from(user).where(eq(user.id, ownerId))).toHaveLength(0);
  });

  it("an account without a password (Google only) proves itself by a sign-in within the last minutes", async () => {
    const ownerId = await createAccount("google-user@example.com", { confirmed: true });
    const cookie = await signIn("google-user@example.com");
    await db().update(account).set({ providerId: "google", accountId: "google-sub-1", password: null }).where(eq(account.userId, ownerId));

    await db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - (RECENT_SIGN_IN_S + 60) * 1000) })
      .where(eq(session.userId, ownerId));
    expect(await exportAs(cookie, { currentPassword: "anything" })).toEqual({ location: "/profile?export=signInAgain" });
    expect(await profileAnswer(cookie, { intent: "delete" })).toMatchObject({ status: 401, error: "profile.errors.signInAgain" });
    // The e-mail form asks such an account for the new address alone (no password to type).
    const changeEmail = { intent: "changeEmail", newEmail: "google-new@example.com" };
    expect(await profileAnswer(cookie, changeEmail)).toMatchObject({ status: 401, error: "profile.errors.signInAgain" });

    await db().update(session).set({ createdAt: new Date() }).where(eq(session.userId, ownerId));
    expect(await profileAnswer(cookie, changeEmail)).toMatchObject({ ok: true });
    expect((await exportAs(cookie)).zip).toContain("google-user@example.com");
    expect(await profileAnswer(cookie, { intent: "delete" })).toMatchObject({ ok: true });
    expect(await db().select().from(user).where(eq(user.id, ownerId))).toHaveLength(0);
  });

  it("better-auth's own doors for these changes are closed to requests (the request guard answers 404)", () => {
    for (const path of ["/change-email", "/change-password", "/delete-user", "/update-user", "/set-password", "/revoke-sessions"]) {
      expect(policyOf(derivePageTable({ routes: {} }), `/api/auth${path}`, "application/json", true).methods, path).toEqual([]);
    }
  });
});
