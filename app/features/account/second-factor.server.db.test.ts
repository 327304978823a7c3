import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, session, twoFactor, user, userRoles } from "~/db/schema";
import { requireConsole } from "~/features/admin/guard.server";
import { memberAction } from "~/features/admin/member-actions.server";
import { roleOfSessionToken } from "~/features/admin/roles.server";
import { db } from "~/lib/db.server";
import { loader as newsletterExport } from "~/routes/admin.newsletter.export[.]csv";
import { action as settingsAction } from "~/routes/admin.settings";
import { createAccount, TEST_ORIGIN as ORIGIN, TEST_PASSWORD, useAuthTestEnv } from "../../../tests/helpers/accounts.server";
import { authAction } from "./auth-actions.server";
import { hasFreshSecondFactor } from "./second-factor.server";
import { confirmAction, twoStepAction } from "./two-step-actions.server";
import { setupAction } from "./two-step-setup.server";

/**
 * The second factor's doors (issue 28, ADR 0044), called as the browser calls them: TOTP set-up and
 * sign-in with codes made from the secret by better-auth's own OTP helper, the console's refusal of
 * a role without a second factor, and the step-up checked at the server.
 */

type Data = Record<string, unknown> & { totp?: { secret: string }; recoveryCodes?: string[] };
interface Ran {
  status: number;
  data: Data;
  location?: string;
}

/** A browser's cookies: what each answer sets is sent with the next request. */
class Browser {
  cookies = new Map<string, string>();
  take(headers: Headers | undefined) {
    for (const line of headers?.getSetCookie() ?? []) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (!value || attributes.some((attribute) => /max-age=0\b/i.test(attribute.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  request(path: string, body?: Record<string, string>) {
    const headers = { origin: ORIGIN, "x-client-ip": "203.0.113.9", cookie: this.header() };
    return body
      ? new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams({ js: "1", ...body }), headers })
      : new Request(`${ORIGIN}${path}`, { headers });
  }
  /** Runs an action or loader: its answer's data and status, or the Response it threw (cookies taken either way). */
  async run(call: Promise<unknown>): Promise<Ran> {
    try {
      const result = (await call) as { data?: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } | null };
      this.take(new Headers(result?.init?.headers));
      return { status: result?.init?.status ?? 200, data: (result?.data ?? {}) as Data };
    } catch (thrown) {
      if (thrown instanceof Response) {
        this.take(thrown.headers);
        return { status: thrown.status, location: thrown.headers.get("Location") ?? undefined, data: {} };
      }
      const value = thrown as { init?: { status?: number } };
      if (value?.init?.status) return { status: value.init.status, data: {} };
      throw thrown;
    }
  }
}

async function totpCode(secret: string) {
  return createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
}

async function signIn(browser: Browser, email: string, password = TEST_PASSWORD) {
  return browser.run(authAction(browser.request("/auth", { intent: "login", email, password })));
}

/** A confirmed account signed in, with TOTP set up through the set-up page; returns its secret. */
async function withTotp(browser: Browser, email: string) {
  await createAccount(email, { confirmed: true });
  await signIn(browser, email);
  const started = await browser.run(setupAction(browser.request("/profile/two-step", { intent: "startTotp", password: TEST_PASSWORD })));
  expect(started.status).toBe(200);
  const secret = started.data.totp!.secret;
  const confirmed = await browser.run(
    setupAction(browser.request("/profile/two-step", { intent: "confirmTotp", code: await totpCode(secret) })),
  );
  expect(confirmed.data).toMatchObject({ ok: true });
  expect(confirmed.data.recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes: confirmed.data.recoveryCodes as string[] };
}

async function userOf(email: string) {
  const [row] = await db().select().from(user).where(eq(user.email, email));
  return row!;
}

async function grant(email: string, role: "admin" | "editor" = "admin") {
  await db()
    .insert(userRoles)
    .values({ userId: (await userOf(email)).id, role });
}

async function ageChecks(email: string, minutes: { secondFactor: number; console: number | null }) {
  const ago = (value: number) => new Date(Date.now() - value * 60_000);
  await db()
    .update(session)
    .set({ secondFactorAt: ago(minutes.secondFactor), consoleSeenAt: minutes.console === null ? null : ago(minutes.console) })
    .where(eq(session.userId, (await userOf(email)).id));
}

describe("second factor", () => {
  useAuthTestEnv({ requireEmailConfirmation: false });

  it("TOTP: set up with a code from the secret, then sign-in asks for a code; a wrong one is refused, a recovery code works once", async () => {
    const setup = new Browser();
    const { secret, recoveryCodes } = await withTotp(setup, "tina@example.com");
    expect((await userOf("tina@example.com")).twoFactorEnabled).toBe(true);
    // Only encrypted at rest: neither the secret nor a recovery code is in the row.
    const [row] = await db().select().from(twoFactor);
    expect(row.secret).not.toContain(secret);
    expect(row.backupCodes).not.toContain(recoveryCodes[0]);

    const browser = new Browser();
    const password = await signIn(browser, "tina@example.com");
    // A redirect with JavaScript too (React Router follows it as one navigation).
    expect(password).toMatchObject({ status: 302, location: "/auth/two-step" });
    expect([...browser.cookies.keys()].some((name) => name.endsWith("session_token"))).toBe(false);

    const wrong = await browser.run(twoStepAction(browser.request("/auth/two-step", { intent: "code", code: "000000" })));
    expect(wrong).toMatchObject({ status: 401, data: { ok: false, error: "twostep.errors.codeWrong" } });
    const garbage = await browser.run(twoStepAction(browser.request("/auth/two-step", { intent: "code", code: "x".repeat(5000) })));
    expect(garbage).toMatchObject({ status: 400, data: { ok: false } });

    const right = await browser.run(twoStepAction(browser.request("/auth/two-step", { intent: "code", code: await totpCode(secret) })));
    expect(right).toMatchObject({ status: 302, location: "/" });
    const [fresh] = await db()
      .select()
      .from(session)
      .where(eq(session.userId, (await userOf("tina@example.com")).id));
    expect(fresh).toBeDefined();
    expect(await hasFreshSecondFactor({ sessionId: (await db().select().from(session).orderBy(session.createdAt)).at(-1)!.id }, 15)).toBe(
      true,
    );

    const recovery = new Browser();
    await signIn(recovery, "tina@example.com");
    const used = await recovery.run(twoStepAction(recovery.request("/auth/two-step", { intent: "code", code: recoveryCodes[0]! })));
    expect(used).toMatchObject({ status: 302, location: "/" });
    const again = new Browser();
    await signIn(again, "tina@example.com");
    const reused = await again.run(twoStepAction(again.request("/auth/two-step", { intent: "code", code: recoveryCodes[0]! })));
    expect(reused).toMatchObject({ status: 401, data: { error: "twostep.errors.codeWrong" } });
  });

  it("the code step without a pending sign-in (no cookie, a forged one) is refused, never a 5xx", async () => {
    const browser = new Browser();
    const none = await browser.run(twoStepAction(browser.request("/auth/two-step", { intent: "code", code: "123456" })));
    expect(none).toMatchObject({ status: 401, data: { error: "twostep.errors.expired" } });
    browser.cookies.set("better-auth.two_factor", "forged.c2lnbmF0dXJl");
    const forged = await browser.run(twoStepAction(browser.request("/auth/two-step", { intent: "code", code: "123456" })));
    expect(forged.status).toBe(401);
    const passkey = await browser.run(twoStepAction(browser.request("/auth/two-step", { intent: "passkey", response: "{not json" })));
    expect(passkey).toMatchObject({ status: 401, data: { error: "twostep.errors.passkeyFailed" } });
  });

  it("a console role without a second factor opens nothing: no role for the server gate, 404 in every loader", async () => {
    const browser = new Browser();
    await createAccount("ada@example.com", { confirmed: true });
    await grant("ada@example.com");
    await signIn(browser, "ada@example.com");
    const token = decodeURIComponent([...browser.cookies].find(([name]) => name.endsWith("session_token"))![1]).split(".")[0]!;
    expect(await roleOfSessionToken(token)).toEqual({ role: "admin", secondFactor: false });
    expect(await browser.run(requireConsole(browser.request("/admin"), "overview"))).toMatchObject({ status: 404 });
    expect(await browser.run(requireConsole(browser.request("/admin/settings", { intent: "save" }), "settings"))).toMatchObject({
      status: 404,
    });
  });

  it("the console asks again after a pause of 15 minutes, and its sensitive actions whenever the last check is older", async () => {
    const browser = new Browser();
    const { secret } = await withTotp(browser, "grace@example.com");
    await grant("grace@example.com");
    expect(
      (
        await roleOfSessionToken(
          decodeURIComponent([...browser.cookies].find(([name]) => name.endsWith("session_token"))![1]).split(".")[0]!,
        )
      )?.secondFactor,
    ).toBe(true);
    // Set up just now: the console opens and a role change goes through.
    expect((await browser.run(requireConsole(browser.request("/admin"), "overview"))).status).toBe(200);

    // Checked 20 minutes ago, console used 5 minutes ago: pages open, sensitive actions ask again.
    await ageChecks("grace@example.com", { secondFactor: 20, console: 5 });
    expect((await browser.run(requireConsole(browser.request("/admin/members"), "members"))).status).toBe(200);
    const member = (await userOf("grace@example.com")).id;
    const roleChange = await browser.run(
      memberAction(
        browser.request(`/admin/members/${member}`, { intent: "role", role: "editor" }),
        await requireConsole(browser.request("/admin/members"), "members"),
        member,
      ),
    );
    expect(roleChange).toMatchObject({ status: 302, location: `/auth/confirm?returnTo=${encodeURIComponent(`/admin/members/${member}`)}` });
    const deletion = await browser.run(
      memberAction(
        browser.request(`/admin/members/${member}`, { intent: "delete" }),
        await requireConsole(browser.request("/admin/members"), "members"),
        member,
      ),
    );
    expect(deletion.location).toMatch(/^\/auth\/confirm\?returnTo=/);
    const settings = await browser.run(
      settingsAction({ request: browser.request("/admin/settings", { intent: "save" }), params: {}, context: {} } as never),
    );
    expect(settings.location).toBe("/auth/confirm?returnTo=%2Fadmin%2Fsettings");
    const exported = await browser.run(
      newsletterExport({ request: browser.request("/admin/newsletter/export.csv"), params: {}, context: {} } as never),
    );
    expect(exported.location).toBe("/auth/confirm?returnTo=%2Fadmin%2Fnewsletter%2Fexport.csv");
    expect((await db().select().from(userRoles).where(eq(userRoles.userId, member)))[0]?.role).toBe("admin");

    // Away for 20 minutes: the console itself asks again.
    await ageChecks("grace@example.com", { secondFactor: 20, console: 20 });
    expect(await browser.run(requireConsole(browser.request("/admin"), "overview"))).toMatchObject({
      status: 302,
      location: "/auth/confirm?returnTo=%2Fadmin",
    });

    // "Confirm it's you" with a code: the same session may do it all again.
    const confirmed = await browser.run(
      confirmAction(browser.request("/auth/confirm", { intent: "code", code: await totpCode(secret), returnTo: "/admin/settings" })),
    );
    expect(confirmed).toMatchObject({ status: 302, location: "/admin/settings" });
    const exportedNow = await browser.run(
      newsletterExport({ request: browser.request("/admin/newsletter/export.csv"), params: {}, context: {} } as never),
    );
    expect(exportedNow.location).toBeUndefined();
  });

  it("console users' sign-in successes and failures are in the audit log, without what was typed", async () => {
    const setup = new Browser();
    const { secret } = await withTotp(setup, "hedy@example.com");
    await grant("hedy@example.com", "editor");
    await createAccount("member@example.com", { confirmed: true });

    await signIn(new Browser(), "hedy@example.com", "wrong-password-1");
    await signIn(new Browser(), "member@example.com", "wrong-password-1");
    const browser = new Browser();
    await signIn(browser, "hedy@example.com");
    await browser.run(twoStepAction(browser.request("/auth/two-step", { intent: "code", code: "999999" })));
    await browser.run(twoStepAction(browser.request("/auth/two-step", { intent: "code", code: await totpCode(secret) })));

    const rows = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(rows.map((row) => [row.actorEmail, row.action, row.summary])).toEqual([
      ["hedy@example.com", "sign-in.failure", "password (editor)"],
      ["hedy@example.com", "sign-in.failure", "totp (editor)"],
      ["hedy@example.com", "sign-in.success", "totp (editor)"],
    ]);
    const text = JSON.stringify(rows);
    expect(text).not.toContain("wrong-password-1");
    expect(text).not.toContain("999999");
  });

  it("a member turns two-step sign-in off after confirming; a console role cannot; the set-up and confirmation need a session", async () => {
    const member = new Browser();
    await withTotp(member, "max@example.com");
    const off = await member.run(setupAction(member.request("/profile/two-step", { intent: "disable", password: TEST_PASSWORD })));
    expect(off.data).toMatchObject({ ok: true });
    expect((await userOf("max@example.com")).twoFactorEnabled).toBe(false);

    const admin = new Browser();
    await withTotp(admin, "root@example.com");
    await grant("root@example.com");
    const refused = await admin.run(setupAction(admin.request("/profile/two-step", { intent: "disable", password: TEST_PASSWORD })));
    expect(refused).toMatchObject({ status: 403, data: { error: "twostep.errors.consoleNeedsIt" } });

    const visitor = new Browser();
    expect((await visitor.run(setupAction(visitor.request("/profile/two-step", { intent: "startTotp", password: "x" })))).location).toMatch(
      /^\/auth/,
    );
    expect((await visitor.run(confirmAction(visitor.request("/auth/confirm", { intent: "code", code: "123456" })))).location).toMatch(
      /^\/auth/,
    );
  });
});
