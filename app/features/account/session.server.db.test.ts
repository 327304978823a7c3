import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { TEST_ORIGIN as ORIGIN, useAuthTestEnv } from "../../../tests/helpers/accounts.server";
import { getAuth } from "./auth.server";
import { getOptionalUser, getSessionUserShortly, getShellUser, requireUser, sessionCookieHeaders } from "./session.server";

async function signedIn(email: string) {
  await getAuth().api.signUpEmail({ body: { name: "sam", email, password: "secret123" } });
  await db().update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const response = await getAuth().api.signInEmail({ body: { email, password: "secret123" }, asResponse: true });
  return response.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0])
    .join("; ");
}

describe("session interface", () => {
  useAuthTestEnv({ requireEmailConfirmation: false });

  it("finds the user of a session cookie, and nobody without one", async () => {
    const cookie = await signedIn("sam@example.com");
    const found = await getOptionalUser(new Request(`${ORIGIN}/`, { headers: { cookie } }));
    expect(found).toMatchObject({ email: "sam@example.com", name: "sam" });
    expect(await getOptionalUser(new Request(`${ORIGIN}/`))).toBeNull();
    expect(await getOptionalUser(new Request(`${ORIGIN}/`, { headers: { cookie: "better-auth.session_token=forged.value" } }))).toBeNull();
    await expect(requireUser(new Request(`${ORIGIN}/media`))).rejects.toSatisfy(
      (thrown: Response) => thrown.headers.get("location") === "/auth",
    );
  });

  it("renews a session in use and hands the new cookie to the response", async () => {
    const cookie = await signedIn("sam@example.com");
    // Pretend the session was last renewed two days ago.
    const soon = new Date(Date.now() + 28 * 24 * 60 * 60 * 1000);
    await db().update(session).set({ expiresAt: soon });
    const request = new Request(`${ORIGIN}/`, { headers: { cookie } });
    expect(await getOptionalUser(request)).not.toBeNull();
    const renewed = sessionCookieHeaders(request).getSetCookie();
    expect(renewed.some((entry) => /session_token=.*Max-Age=\d+/i.test(entry))).toBe(true);
    expect(renewed.every((entry) => /HttpOnly/i.test(entry) && /SameSite=Lax/i.test(entry))).toBe(true);
  });

  it("the short path (ADR 0031) trusts only a cookie signed with the secret, and only while the session is valid", async () => {
    const cookie = await signedIn("sam@example.com");
    const request = new Request(`${ORIGIN}/`, { headers: { cookie } });
    expect(await getShellUser(request)).toMatchObject({ email: "sam@example.com", name: "sam", avatarUrl: null });
    // A session in everyday use writes nothing back.
    expect(sessionCookieHeaders(request).getSetCookie()).toEqual([]);
    // The same token with another signature, a signature of another length, or the token alone: nobody.
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;
    for (const forged of [`${token}.${"A".repeat(43)}=`, `${token}.AAAA=`, token]) {
      const value = encodeURIComponent(forged);
      expect(await getOptionalUser(new Request(`${ORIGIN}/`, { headers: { cookie: `better-auth.session_token=${value}` } }))).toBeNull();
    }
    // Expired (better-auth's own path then clears it), and past the absolute lifetime: nobody.
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await getOptionalUser(new Request(`${ORIGIN}/`, { headers: { cookie } }))).toBeNull();
    const again = await signedIn("sam2@example.com");
    await db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000) });
    expect(await getOptionalUser(new Request(`${ORIGIN}/`, { headers: { cookie: again } }))).toBeNull();
  });

  it("the short path alone (ADR 0038) answers the everyday session and declines one better-auth must renew", async () => {
    const cookie = await signedIn("sam@example.com");
    const everyday = new Request(`${ORIGIN}/profile`, { headers: { cookie } });
    expect(await getSessionUserShortly(everyday)).toMatchObject({ email: "sam@example.com" });
    // The request's later lookups reuse it.
    expect(await getOptionalUser(everyday)).toMatchObject({ email: "sam@example.com" });
    expect(await getSessionUserShortly(new Request(`${ORIGIN}/profile`))).toBeUndefined();
    // Due for renewal: declined, and nothing written, so React Router's answer can carry the new cookie.
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 28 * 24 * 60 * 60 * 1000) });
    const due = new Request(`${ORIGIN}/profile`, { headers: { cookie } });
    expect(await getSessionUserShortly(due)).toBeUndefined();
    expect(sessionCookieHeaders(due).getSetCookie()).toEqual([]);
    const routed = new Request(`${ORIGIN}/profile`, { headers: { cookie } });
    expect(await getOptionalUser(routed)).not.toBeNull();
    expect(sessionCookieHeaders(routed).getSetCookie().length).toBeGreaterThan(0);
  });

  it("a revoked session ends at once", async () => {
    const cookie = await signedIn("sam@example.com");
    await db().delete(session);
    expect(await getOptionalUser(new Request(`${ORIGIN}/`, { headers: { cookie } }))).toBeNull();
  });
});
