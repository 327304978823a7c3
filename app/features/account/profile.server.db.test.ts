import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailLog, profiles, session, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv, parseEnv, setEnvForTesting } from "~/lib/env.server";
import { resolveFile } from "~/lib/storage.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { getAuth, resetAuthForTesting } from "./auth.server";
import { profileAction, profileLoader } from "./profile-actions.server";
import { readSessionWithPage } from "./profile-page.server";
import { AvatarError, getProfile, processAvatar } from "./profile.server";
import { listSessions } from "./sessions.server";

const ORIGIN = "http://localhost:3000";

async function gpsPng() {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: "#3366ff" } })
    .png()
    .withExif({
      IFD0: { Copyright: "someone", Artist: "camera owner" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "50/1 6/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "8/1 40/1 0/1" },
    })
    .toBuffer();
}

/** Creates a confirmed user and returns the cookie header of a fresh session. */
async function signedIn(email: string, password = "secret123") {
  await getAuth().api.signUpEmail({ body: { name: email.split("@")[0], email, password } });
  await db().update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = response.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0])
    .join("; ");
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, id: row.id };
}

function post(cookie: string, body: FormData | Record<string, string>) {
  const form = body instanceof FormData ? body : new URLSearchParams(body);
  return new Request(`${ORIGIN}/profile`, { method: "POST", body: form, headers: { cookie, origin: ORIGIN } });
}

async function payload(result: unknown) {
  // Actions answer with data(...) (a DataWithResponseInit) or throw a redirect Response.
  return (result as { data: Record<string, unknown> }).data;
}

describe("avatar processing", () => {
  it("refuses more than 5 MB", async () => {
    await expect(processAvatar(Buffer.alloc(6 * 1024 * 1024))).rejects.toMatchObject({ key: "profile.errors.tooLarge" });
  });
  it("refuses a text file named .png and an SVG", async () => {
    await expect(processAvatar(Buffer.from("hello, I am text"))).rejects.toBeInstanceOf(AvatarError);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(processAvatar(svg)).rejects.toMatchObject({ key: "profile.errors.notImage" });
  });
  it("re-encodes a PNG without its EXIF/GPS data", async () => {
    const input = await gpsPng();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const { data, ext } = await processAvatar(input);
    expect(ext).toBe("png");
    const metadata = await sharp(data).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(data.includes(Buffer.from("GPS"))).toBe(false);
    expect(data.includes(Buffer.from("camera owner"))).toBe(false);
  });
});

describe("profile actions", () => {
  beforeAll(() => {
    setEnvForTesting(parseEnv({ ...getEnvSource(), REQUIRE_EMAIL_CONFIRMATION: "false", PUBLIC_URL: ORIGIN }));
    resetAuthForTesting();
  });
  beforeEach(resetDatabase);

  it("saves the profile of the session's user only, whatever the request names", async () => {
    const alice = await signedIn("alice@example.com");
    const mallory = await signedIn("mallory@example.com");
    await db().update(profiles).set({ username: "alice", customerType: "private" }).where(eq(profiles.id, alice.id));

    const answer = await payload(
      await profileAction(
        post(mallory.cookie, { intent: "save", id: alice.id, userId: alice.id, username: "pwned", customerType: "business" }),
      ),
    );
    expect(answer).toMatchObject({ ok: true });
    const [aliceRow] = await db().select().from(profiles).where(eq(profiles.id, alice.id));
    const [malloryRow] = await db().select().from(profiles).where(eq(profiles.id, mallory.id));
    expect(aliceRow).toMatchObject({ username: "alice", customerType: "private" });
    expect(malloryRow).toMatchObject({ username: "pwned", customerType: "business" });

    const loaded = await profileLoader(new Request(`${ORIGIN}/profile?id=${alice.id}`, { headers: { cookie: mallory.cookie } }));
    expect(loaded.profile?.email).toBe("mallory@example.com");
    // Mallory's own sessions (sign-up and sign-in), this one marked.
    expect(loaded.privacy?.sessions.filter((listed) => listed.current)).toHaveLength(1);
  });

  it("loads the whole page in one query with the same answers as the single reads (ADR 0031)", async () => {
    const alice = await signedIn("alice@example.com");
    await signedIn("bob@example.com");
    // A second device of Alice's, and a pending newsletter request.
    const second = await getAuth().api.signInEmail({ body: { email: "alice@example.com", password: "secret123" }, asResponse: true });
    expect(second.ok).toBe(true);
    const saved = await profileAction(
      post(alice.cookie, { intent: "save", username: "alice", customerType: "business", newsletterSubscribed: "on" }),
    );
    expect(saved).toBeDefined();
    const request = new Request(`${ORIGIN}/profile?export=failed`, { headers: { cookie: alice.cookie } });
    const loaded = await profileLoader(request);
    expect(loaded.profile).toEqual(await getProfile(alice.id));
    expect(loaded.profile).toMatchObject({ customerType: "business", newsletterStatus: "pending", hasPassword: true });
    const rows = await db().select({ id: session.id }).from(session).where(eq(session.userId, alice.id));
    const sessions = loaded.privacy!.sessions;
    // Sign-up, sign-in and the second device; none of Bob's.
    expect(sessions.map((listed) => listed.id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((listed) => listed.current)).toHaveLength(1);
    expect(sessions).toEqual(await listSessions(alice.id, sessions.find((listed) => listed.current)!.id));
    expect(loaded.privacy!.exportNotice).toBe("failed");

    // The member's data request reads the session and the page in one query (ADR 0038): the same page.
    const together = new Request(`${ORIGIN}/profile?export=failed`, { headers: { cookie: alice.cookie } });
    expect(await readSessionWithPage(together)).toMatchObject({ id: alice.id, email: "alice@example.com" });
    expect(await profileLoader(together)).toEqual(loaded);
    // A forged cookie reads nothing, and the loader then sends the visitor to /auth.
    const forged = new Request(`${ORIGIN}/profile`, { headers: { cookie: "better-auth.session_token=forged.AAAA" } });
    expect(await readSessionWithPage(forged)).toBeUndefined();
    await expect(profileLoader(forged)).rejects.toSatisfy((thrown: Response) => thrown.headers.get("location") === "/auth");
  });

  it("refuses visitors and cross-site posts", async () => {
    await expect(profileAction(post("", { intent: "save", username: "x", customerType: "private" }))).rejects.toSatisfy(
      (thrown: Response) => thrown.status === 302 && thrown.headers.get("location") === "/auth",
    );
    const alice = await signedIn("alice@example.com");
    const crossSite = new Request(`${ORIGIN}/profile`, {
      method: "POST",
      body: new URLSearchParams({ intent: "delete" }),
      headers: { cookie: alice.cookie, origin: "https://evil.example" },
    });
    await expect(profileAction(crossSite)).rejects.toMatchObject({ init: { status: 403 } });
    expect(await db().select().from(user).where(eq(user.id, alice.id))).toHaveLength(1);
  });

  it("uploads an avatar, strips GPS, and replaces the previous file after saving the new one", async () => {
    const alice = await signedIn("alice@example.com");
    const upload = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set("intent", "avatar");
      form.set("avatar", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
      return payload(await profileAction(post(alice.cookie, form)));
    };
    const first = await upload(await gpsPng(), "me.png");
    expect(first).toMatchObject({ ok: true, message: "profile.toast.avatarUpdated" });
    const firstKey = String(first.avatarUrl).replace("/files/avatars/", "");
    expect(firstKey).toMatch(new RegExp(`^${alice.id}/\\d+\\.png$`));
    const stored = fs.readFileSync(resolveFile("avatars", firstKey));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();

    expect(await upload(Buffer.from("just text"), "evil.png")).toMatchObject({ ok: false, error: "profile.errors.notImage" });
    expect(await upload(Buffer.alloc(6 * 1024 * 1024, 1), "big.png")).toMatchObject({ ok: false, error: "profile.errors.tooLarge" });

    // At once, no pause: a second upload in the same millisecond still gets a key of its own.
    const second = await upload(await gpsPng(), "again.png");
    const secondKey = String(second.avatarUrl).replace("/files/avatars/", "");
    expect(secondKey).not.toBe(firstKey);
    expect(fs.existsSync(resolveFile("avatars", secondKey))).toBe(true);
    expect(fs.existsSync(resolveFile("avatars", firstKey))).toBe(false);
  });

  it("checks the current password before changing it, and ends other sessions", async () => {
    const alice = await signedIn("alice@example.com");
    const other = await getAuth().api.signInEmail({ body: { email: "alice@example.com", password: "secret123" } });
    expect(other.token).toBeTruthy();
    const wrong = await payload(
      await profileAction(
        post(alice.cookie, {
          intent: "changePassword",
          currentPassword: "nope-nope",
          newPassword: "newsecret1",
          confirmPassword: "newsecret1",
        }),
      ),
    );
    expect(wrong).toMatchObject({ ok: false, title: "profile.toast.authFailed", error: "profile.errors.wrongPassword" });
    const mismatch = await payload(
      await profileAction(
        post(alice.cookie, {
          intent: "changePassword",
          currentPassword: "secret123",
          newPassword: "newsecret1",
          confirmPassword: "newsecret2",
        }),
      ),
    );
    expect(mismatch).toMatchObject({ ok: false, error: "profile.errors.passwordMismatch" });
    const done = await payload(
      await profileAction(
        post(alice.cookie, {
          intent: "changePassword",
          currentPassword: "secret123",
          newPassword: "newsecret1",
          confirmPassword: "newsecret1",
        }),
      ),
    );
    expect(done).toMatchObject({ ok: true, message: "profile.toast.passwordUpdated" });
    const sessions = await db().select().from(session).where(eq(session.userId, alice.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token).not.toBe(other.token);
  });

  it("deletes the user with profile, sessions and avatar files, and queues a notice that erases itself once sent", async () => {
    const alice = await signedIn("alice@example.com");
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new File([new Uint8Array(await gpsPng())], "me.png", { type: "image/png" }));
    await profileAction(post(alice.cookie, form));
    const folder = path.join(getEnv().DATA_DIR, "storage", "avatars", alice.id);
    expect(fs.existsSync(folder)).toBe(true);

    const answer = await payload(await profileAction(post(alice.cookie, { intent: "delete", currentPassword: "secret123" })));
    expect(answer).toMatchObject({ ok: true, redirectTo: "/" });
    expect(await db().select().from(user).where(eq(user.id, alice.id))).toHaveLength(0);
    expect(await db().select().from(profiles).where(eq(profiles.id, alice.id))).toHaveLength(0);
    expect(await db().select().from(session).where(eq(session.userId, alice.id))).toHaveLength(0);
    expect(fs.existsSync(folder)).toBe(false);
    // Without a linked shop customer there is nothing to remove in the shop (never by address).
    const { rows: shopJobs } = await db().execute(sql`select 1 from pgboss.job where name = 'shopify.deleteCustomer'`);
    expect(shopJobs).toHaveLength(0);
    const mails = await db().select().from(mailLog);
    expect(mails).toEqual([expect.objectContaining({ recipient: "alice@example.com", eraseWhenDone: true })]);
  });
});

function getEnvSource() {
  const env = getEnv();
  return {
    NODE_ENV: "test",
    DATA_DIR: env.DATA_DIR,
    DATABASE_URL: env.DATABASE_URL,
    AUTH_SECRET: env.AUTH_SECRET,
    JOB_RETRY_DELAY_S: "1",
    LOG_LEVEL: "warn",
  };
}
