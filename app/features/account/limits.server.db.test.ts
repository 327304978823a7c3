import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { MAIL_QUOTAS } from "~/lib/mail-quota.server";
import { requestLaunchNotification } from "~/features/launch-notify/launch-notify.server";
import { createAccount, TEST_ORIGIN as ORIGIN, TEST_PASSWORD, useAuthTestEnv } from "../../../tests/helpers/accounts.server";
import { loggedMails } from "../../../tests/helpers/jobs";
import { authAction } from "./auth-actions.server";
import { getAuth } from "./auth.server";
import { profileAction } from "./profile-actions.server";

/**
 * Limits a stranger cannot turn against the owner (issue 28, ADR 0043), each door called directly:
 * a stranger's guesses do not lock the owner out of a browser they signed in with before, a flood
 * of reset requests leaves the owner a working link, and every mail kind stays within a handful
 * per recipient a day.
 */
interface Answer {
  data: Record<string, unknown>;
  status: number;
  cookies: string[];
}

async function call(
  action: (request: Request) => Promise<unknown>,
  path: string,
  body: Record<string, string>,
  headers: Record<string, string>,
) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { origin: ORIGIN, ...headers },
  });
  const result = (await action(request)) as { data: Record<string, unknown>; init: { status?: number; headers?: Headers } };
  return { data: result.data, status: result.init?.status ?? 200, cookies: result.init?.headers?.getSetCookie() ?? [] } satisfies Answer;
}

const auth = (body: Record<string, string>, ip: string, cookie = "") =>
  call(authAction, "/auth", { js: "1", ...body }, { "x-client-ip": ip, ...(cookie ? { cookie } : {}) });
const login = (email: string, password: string, ip: string, cookie = "") => auth({ intent: "login", email, password }, ip, cookie);

/** The device cookie of an answer, as the browser sends it back (`name=value`). */
function deviceCookieOf(answer: Answer) {
  const cookie = answer.cookies.find((line) => line.startsWith("better-auth.device_trust="));
  if (!cookie) throw new Error("no device cookie");
  return cookie.split(";")[0]!;
}

/** The mails queued for `address` (optionally only those whose text matches `kind`), oldest first. */
async function mailsTo(address: string, kind?: RegExp) {
  const mails = await loggedMails();
  return mails.map((mail) => ({ ...mail, text: mail.text ?? "" })).filter((mail) => mail.to === address && (!kind || kind.test(mail.text)));
}
const RESET_LINK = /\/reset-password\//;
const NEWSLETTER_LINK = /\/newsletter\/confirm\?token=/;

const resetTokenOf = (mail: { text: string }) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

async function signedInCookie(email: string) {
  const response = await getAuth().api.signInEmail({ body: { email, password: TEST_PASSWORD }, asResponse: true });
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

// Password hashing makes each sign-in slow on a busy machine: a day's worth of abuse takes time.
describe("limits a stranger cannot turn against the owner", { timeout: 180_000 }, () => {
  useAuthTestEnv({ requireEmailConfirmation: true });

  it("100 wrong guesses from ten addresses: the owner still signs in from a known browser; a new browser is held up", async () => {
    await createAccount("owner@example.com", { confirmed: true });
    await createAccount("mallory@example.com", { confirmed: true });
    const home = await login("owner@example.com", TEST_PASSWORD, "192.0.2.10");
    expect(home.data).toMatchObject({ ok: true });
    const ownerDevice = deviceCookieOf(home);
    const malloryDevice = deviceCookieOf(await login("mallory@example.com", TEST_PASSWORD, "198.51.100.99"));

    const guesses: unknown[] = [];
    for (let address = 0; address < 10; address++) {
      for (let guess = 0; guess < 10; guess++) {
        guesses.push((await login("owner@example.com", `wrong-${address}-${guess}`, `203.0.113.${address}`)).data.error);
      }
    }
    // Guessing stays limited per account, from every new address.
    expect(guesses.filter((error) => error === "auth.errors.invalidCredentials").length).toBeLessThanOrEqual(10);
    expect(guesses.slice(-50).every((error) => error === "auth.errors.rateLimited")).toBe(true);

    // The right password from a browser without the owner's device cookie: held up like the stranger.
    expect((await login("owner@example.com", TEST_PASSWORD, "192.0.2.10")).data).toMatchObject({ error: "auth.errors.rateLimited" });
    // Another account's device cookie, or a cookie with a made-up entry, is no way around it.
    expect((await login("owner@example.com", TEST_PASSWORD, "192.0.2.11", malloryDevice)).data).toMatchObject({
      error: "auth.errors.rateLimited",
    });
    const forged = ownerDevice.replace(/~[\w-]{4}/, "~AAAA");
    expect((await login("owner@example.com", TEST_PASSWORD, "192.0.2.12", forged)).data).toMatchObject({
      error: "auth.errors.rateLimited",
    });

    // The owner's own browser signs in.
    const again = await login("owner@example.com", TEST_PASSWORD, "192.0.2.10", ownerDevice);
    expect(again.data).toMatchObject({ ok: true });
    expect(again.cookies.some((line) => line.startsWith("better-auth.session_token="))).toBe(true);

    // A stolen device cookie does not open unlimited guessing either: its own bucket has the same limit.
    const stolen: unknown[] = [];
    for (let guess = 0; guess < 12; guess++) {
      stolen.push((await login("owner@example.com", `stolen-${guess}`, `198.51.100.${guess}`, ownerDevice)).data.error);
    }
    expect(stolen.at(-1)).toBe("auth.errors.rateLimited");
  });

  it("a flood of reset requests: at most the daily quota of mails, and the newest mail's link always works", async () => {
    await createAccount("owner@example.com", { confirmed: true });
    const flood = async () => {
      for (let request = 0; request < 12; request++) {
        const answer = await auth({ intent: "forgot", email: "owner@example.com" }, `203.0.113.${request}`);
        // The answer is the usual one, whatever happened to the mail.
        expect(answer.data).toMatchObject({ ok: true, toast: { title: "auth.toast.resetSent" } });
      }
    };
    await flood();
    // While the first link is valid, no further mail.
    expect(await mailsTo("owner@example.com", RESET_LINK)).toHaveLength(1);
    // Links expire, the stranger goes on for a day: never more than the quota.
    for (let hour = 0; hour < 5; hour++) {
      await db().execute(sql`update verifications set expires_at = now() - interval '1 second'`);
      await db().execute(sql`delete from request_counters where key like 'reset:ip:%'`);
      await flood();
    }
    const mails = await mailsTo("owner@example.com", RESET_LINK);
    expect(mails).toHaveLength(MAIL_QUOTAS.reset);
    // Every link has expired by now, yet the owner asks once more: the newest mail works again.
    await db().execute(sql`update verifications set expires_at = now() - interval '1 second'`);
    expect((await auth({ intent: "forgot", email: "owner@example.com" }, "192.0.2.10")).data).toMatchObject({ ok: true });
    expect(await mailsTo("owner@example.com", RESET_LINK)).toHaveLength(MAIL_QUOTAS.reset);
    const token = resetTokenOf(mails.at(-1)!);
    expect(token).toBeDefined();
    const reset = await call(
      profileAction,
      "/profile",
      { intent: "resetPassword", token: token!, newPassword: "new-secret-456", confirmPassword: "new-secret-456" },
      { "x-client-ip": "192.0.2.10" },
    );
    expect(reset.data).toMatchObject({ ok: true });
    // The browser that set the new password is a known browser: the stranger's guesses do not hold it up.
    for (let guess = 0; guess < 12; guess++) await login("owner@example.com", `wrong-${guess}`, `198.51.100.${guess}`);
    expect((await login("owner@example.com", "new-secret-456", "192.0.2.20")).data).toMatchObject({ error: "auth.errors.rateLimited" });
    expect((await login("owner@example.com", "new-secret-456", "192.0.2.10", deviceCookieOf(reset))).data).toMatchObject({ ok: true });
    // No unmailed link stays valid.
    const live = await db().execute(sql`select count(*)::int as n from verifications where expires_at > now()`);
    expect(live.rows[0]!.n).toBe(0);
  });

  it("the address of someone who never signed up: the same answer and no mail", async () => {
    expect((await auth({ intent: "forgot", email: "nobody@example.com" }, "203.0.113.1")).data).toMatchObject({ ok: true });
    expect(await mailsTo("nobody@example.com")).toHaveLength(0);
  });

  it("confirmation resends from many addresses: the recipient gets the sign-up mail and at most the quota of resends", async () => {
    await auth(
      {
        intent: "signup",
        username: "newbie",
        customerType: "private",
        email: "newbie@example.com",
        password: TEST_PASSWORD,
        acceptTerms: "on",
        acceptPrivacy: "on",
      },
      "192.0.2.1",
    );
    for (let request = 0; request < 20; request++) {
      const answer = await auth({ intent: "resend", email: "newbie@example.com" }, `203.0.113.${request}`);
      expect(answer.data).toMatchObject({ ok: true, unverifiedEmail: "newbie@example.com" });
    }
    expect(await mailsTo("newbie@example.com")).toHaveLength(1 + MAIL_QUOTAS.confirm);
  });

  it("change-of-address mails to one address from several accounts: at most the quota", async () => {
    for (let account = 0; account < 5; account++) {
      const email = `changer${account}@example.com`;
      await createAccount(email, { confirmed: true });
      const cookie = await signedInCookie(email);
      const answer = await call(
        profileAction,
        "/profile",
        { intent: "changeEmail", newEmail: "victim@example.com", currentPassword: TEST_PASSWORD },
        { cookie, "x-client-ip": `203.0.113.${account}` },
      );
      expect(answer.data).toMatchObject({ ok: true, toast: { title: "profile.toast.emailSent" } });
    }
    expect(await mailsTo("victim@example.com")).toHaveLength(MAIL_QUOTAS.changeEmail);
  });

  it("the newsletter switch on and off twenty times: at most the quota of confirmation mails", async () => {
    await createAccount("reader@example.com", { confirmed: true });
    const cookie = await signedInCookie("reader@example.com");
    for (let round = 0; round < 20; round++) {
      const on = round % 2 === 0;
      const answer = await call(
        profileAction,
        "/profile",
        { intent: "save", username: "reader", customerType: "private", ...(on ? { newsletterSubscribed: "on" } : {}) },
        { cookie, "x-client-ip": "192.0.2.5" },
      );
      expect(answer.data).toMatchObject({ ok: true });
    }
    expect(await mailsTo("reader@example.com", NEWSLETTER_LINK)).toHaveLength(MAIL_QUOTAS.newsletterConfirm);
    // The profile form is limited per client address and account too.
    const answers = [];
    for (let round = 0; round < 25; round++) {
      answers.push(
        await call(
          profileAction,
          "/profile",
          { intent: "save", username: "reader", customerType: "private" },
          { cookie, "x-client-ip": "192.0.2.5" },
        ),
      );
    }
    expect(answers.at(-1)!.data).toMatchObject({ ok: false, error: "auth.errors.rateLimited" });
  });

  it("launch sign-ups for one address from many client addresses: at most the quota of mails", async () => {
    for (let request = 0; request < 12; request++) {
      const topic = request % 2 === 0 ? "academy" : "tandem";
      expect(
        await requestLaunchNotification({ email: "fan@example.com", topic }, { clientIp: `203.0.113.${request}`, language: "en" }),
      ).toBe("sent");
    }
    expect(await mailsTo("fan@example.com")).toHaveLength(MAIL_QUOTAS.launchConfirm);
  });
});
