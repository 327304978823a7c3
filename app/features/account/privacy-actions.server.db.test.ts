import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { contactMessages, launchNotifications, mediaItems, session, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { resolveFile } from "~/lib/storage.server";
import { createAccount, TEST_ORIGIN as ORIGIN, TEST_PASSWORD, useAuthTestEnv } from "../../../tests/helpers/accounts.server";
import { readZip } from "../../../tests/helpers/zip";
import { getAuth } from "./auth.server";
import { dataExportAction, loadPrivacySection, sessionsAction } from "./privacy-actions.server";
import { confirmNewsletter } from "./newsletter.server";
import { replaceAvatar } from "./profile.server";
import { getOptionalUser } from "./session.server";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
/** The export asks for the current password (proof of presence, recent-proof.server.ts). */
const PROOF = { currentPassword: TEST_PASSWORD };
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** A new session (sign-in from a browser): its cookie header and session id. */
async function signIn(email: string, userAgent = FIREFOX) {
  const response = await getAuth().api.signInEmail({
    body: { email, password: TEST_PASSWORD },
    headers: new Headers({ "user-agent": userAgent }),
    asResponse: true,
  });
  const cookie = response.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0])
    .join("; ");
  const me = await getOptionalUser(new Request(ORIGIN, { headers: { cookie } }));
  return { cookie, sessionId: me!.sessionId! };
}

function post(path: string, cookie: string, body: Record<string, string> | string = {}, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: typeof body === "string" ? body : new URLSearchParams(body),
    headers: {
      cookie,
      origin: ORIGIN,
      ...(typeof body === "string" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...headers,
    },
  });
}

async function outcome(promise: Promise<unknown>) {
  try {
    const value = (await promise) as { data?: unknown; init?: { status?: number } } | Response;
    if (value instanceof Response) return { status: value.status, response: value };
    return { status: value.init?.status ?? 200, data: value.data as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

async function isSignedIn(cookie: string) {
  return (await getOptionalUser(new Request(ORIGIN, { headers: { cookie } }))) !== null;
}

describe("profile privacy doors", () => {
  useAuthTestEnv({ requireEmailConfirmation: false });

  it("lists the user's own active sessions with browser, system and 'this device'", async () => {
    await createAccount("alice@example.com", { confirmed: true });
    await createAccount("bob@example.com", { confirmed: true });
    const laptop = await signIn("alice@example.com", FIREFOX);
    const phone = await signIn("alice@example.com", IPHONE);
    await signIn("bob@example.com");
    const { sessions } = await loadPrivacySection(new Request(`${ORIGIN}/profile`, { headers: { cookie: laptop.cookie } }));
    const mine = sessions.filter((entry) => [laptop.sessionId, phone.sessionId].includes(entry.id));
    expect(mine).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ id: laptop.sessionId, current: true, browser: "Firefox 133", os: "Linux" });
    expect(sessions.find((entry) => entry.id === phone.sessionId)).toMatchObject({ current: false, browser: "Safari 18", os: "iOS" });
    // Bob's session is not in Alice's list.
    expect(sessions.every((entry) => entry.id === laptop.sessionId || entry.id === phone.sessionId || entry.current === false)).toBe(true);
    const aliceIds = (
      await db()
        .select({ id: session.id })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        .where(eq(user.email, "alice@example.com"))
    ).map((row) => row.id);
    expect(sessions.map((entry) => entry.id).sort()).toEqual(aliceIds.sort());
  });

  it("ends one of your sessions (it is signed out at once) but never another user's", async () => {
    await createAccount("alice@example.com", { confirmed: true });
    await createAccount("mallory@example.com", { confirmed: true });
    const laptop = await signIn("alice@example.com");
    const phone = await signIn("alice@example.com", IPHONE);
    const mallory = await signIn("mallory@example.com");

    // Mallory names Alice's session: nothing happens, and the answer does not tell it exists.
    const refused = await outcome(sessionsAction(post("/profile/sessions", mallory.cookie, { intent: "end", sessionId: phone.sessionId })));
    expect(refused).toMatchObject({ status: 404, data: { ok: false, error: "mydata.sessions.errors.notFound" } });
    expect(await isSignedIn(phone.cookie)).toBe(true);
    // Mallory's "end all others" ends only Mallory's other sessions.
    await sessionsAction(post("/profile/sessions", mallory.cookie, { intent: "endOthers" }));
    expect(await isSignedIn(phone.cookie)).toBe(true);
    expect(await isSignedIn(laptop.cookie)).toBe(true);

    const ended = await outcome(sessionsAction(post("/profile/sessions", laptop.cookie, { intent: "end", sessionId: phone.sessionId })));
    expect(ended).toMatchObject({ status: 200, data: { ok: true, message: "mydata.sessions.toast.ended" } });
    expect(await isSignedIn(phone.cookie)).toBe(false);
    expect(await isSignedIn(laptop.cookie)).toBe(true);
  });

  it("ends all other sessions and keeps this one", async () => {
    await createAccount("alice@example.com", { confirmed: true });
    const here = await signIn("alice@example.com");
    const others = [await signIn("alice@example.com", IPHONE), await signIn("alice@example.com")];
    const answer = await outcome(sessionsAction(post("/profile/sessions", here.cookie, { intent: "endOthers" })));
    expect(answer.data).toMatchObject({ ok: true, message: "mydata.sessions.toast.othersEnded" });
    for (const other of others) expect(await isSignedIn(other.cookie)).toBe(false);
    expect(await isSignedIn(here.cookie)).toBe(true);
  });

  it("refuses visitors, cross-site posts, garbage and oversized bodies", async () => {
    await createAccount("alice@example.com", { confirmed: true });
    const alice = await signIn("alice@example.com");
    expect(await outcome(sessionsAction(post("/profile/sessions", "", { intent: "endOthers" })))).toMatchObject({
      status: 302,
      location: "/auth",
    });
    expect(await outcome(dataExportAction(post("/profile/data-export", "")))).toMatchObject({ status: 302, location: "/auth" });
    const crossSite = post("/profile/sessions", alice.cookie, { intent: "endOthers" }, { origin: "https://evil.example" });
    expect(await outcome(sessionsAction(crossSite))).toMatchObject({ status: 403 });
    const crossExport = post("/profile/data-export", alice.cookie, {}, { origin: "https://evil.example" });
    expect(await outcome(dataExportAction(crossExport))).toMatchObject({ status: 403 });
    expect(await outcome(sessionsAction(post("/profile/sessions", alice.cookie, { intent: "end", sessionId: "../../etc" })))).toMatchObject(
      { status: 404 },
    );
    expect(await outcome(sessionsAction(post("/profile/sessions", alice.cookie, { intent: "nonsense" })))).toMatchObject({ status: 400 });
    const big = await outcome(sessionsAction(post("/profile/sessions", alice.cookie, `intent=end&sessionId=${"a".repeat(50_000)}`)));
    expect(big.status).toBe(413);
    expect(await isSignedIn(alice.cookie)).toBe(true);
  });

  it("exports a ZIP with the account's data and avatar, and nothing of other people", async () => {
    const aliceId = await createAccount("alice@example.com", { confirmed: true, newsletter: true });
    await createAccount("bob@example.com", { confirmed: true });
    const alice = await signIn("alice@example.com", IPHONE);
    // Newsletter confirmed through its mailed link.
    const [mail] = (
      await db().execute<{ text: string }>(
        sql`select content->>'text' as text from mail_log where content->>'text' like '%/newsletter/confirm%'`,
      )
    ).rows;
    expect(await confirmNewsletter(new URL(/https?:\/\/\S+newsletter\/confirm\S+/.exec(mail.text)![0]).searchParams.get("token")!)).toBe(
      "confirmed",
    );
    const avatar = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const avatarUrl = await replaceAvatar(aliceId, avatar);
    const [item] = await db().insert(mediaItems).values({ title: "Logo pack", fileType: "image" }).returning({ id: mediaItems.id });
    await db().execute(sql`insert into media_downloads (user_id, media_item_id, title) values (${aliceId}, ${item.id}, 'Logo pack')`);
    await db()
      .insert(contactMessages)
      .values([
        { name: "Alice", email: "Alice@Example.com", subject: "Hello", message: "A question about consulting" },
        { name: "Bob", email: "bob@example.com", subject: "Bob's", message: "Bob's private message" },
      ]);
    // "Tell me when it opens" sign-ups of the address (issue 13), and someone else's.
    await db()
      .insert(launchNotifications)
      .values([
        { email: "alice@example.com", topic: "academy", language: "de", tokenHash: "hash-a", confirmedAt: new Date() },
        { email: "bob@example.com", topic: "tandem", language: "en", tokenHash: "hash-b" },
      ]);

    const result = await outcome(dataExportAction(post("/profile/data-export", alice.cookie, PROOF)));
    expect(result.status).toBe(200);
    const response = result.response!;
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="ipangel-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = await readZip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(["avatar.png", "my-data.json"]);
    const stored = fs.readFileSync(resolveFile("avatars", avatarUrl.replace("/files/avatars/", "")));
    expect(entries.get("avatar.png")!.equals(stored)).toBe(true);

    const exported = JSON.parse(entries.get("my-data.json")!.toString("utf8"));
    expect(exported.account).toMatchObject({ id: aliceId, email: "alice@example.com", emailVerified: true });
    expect(exported.profile).toMatchObject({ username: "alice", newsletterSubscribed: true, avatarUrl });
    expect(exported.newsletterConsents).toEqual([
      expect.objectContaining({ status: "confirmed", source: "signup", wording: "Subscribe to our newsletter", language: "en" }),
    ]);
    expect(exported.newsletterConsents[0].confirmedAt).toBeTruthy();
    expect(exported.sessions).toContainEqual(expect.objectContaining({ userAgent: IPHONE, ipAddress: "127.0.0.1" }));
    expect(exported.downloads).toEqual([expect.objectContaining({ title: "Logo pack", mediaItemId: item.id })]);
    expect(exported.contactMessages).toEqual([expect.objectContaining({ subject: "Hello", message: "A question about consulting" })]);
    expect(exported.launchNotifications).toEqual([expect.objectContaining({ topic: "academy", language: "de" })]);
    expect(exported.launchNotifications[0].confirmedAt).toBeTruthy();
    expect(JSON.stringify(exported.launchNotifications)).not.toContain("hash-a");
    expect(exported.mailsSentToYou.map((entry: { subject: string }) => entry.subject)).toContain(
      "Please confirm your newsletter subscription",
    );
    // Mailed one-time tokens are not handed out again.
    expect(JSON.stringify(exported.mailsSentToYou)).not.toMatch(/token=[A-Za-z0-9_-]{20}/);
    const text = entries.get("my-data.json")!.toString("utf8");
    expect(text).not.toContain("bob@example.com");
    expect(text).not.toContain("Bob's private message");
    expect(text).not.toContain("secret123");
  });

  it("pages long histories correctly and limits exports to 3 per hour", async () => {
    const aliceId = await createAccount("alice@example.com", { confirmed: true });
    const alice = await signIn("alice@example.com");
    await db().execute(
      sql`insert into media_downloads (user_id, title) select ${aliceId}, 'Item ' || n from generate_series(1, 1234) as n`,
    );
    const first = await outcome(dataExportAction(post("/profile/data-export", alice.cookie, PROOF)));
    const entries = await readZip(Buffer.from(await first.response!.arrayBuffer()));
    const exported = JSON.parse(entries.get("my-data.json")!.toString("utf8"));
    expect(exported.downloads).toHaveLength(1234);
    expect(exported.downloads[0].title).toBe("Item 1");
    expect(exported.downloads[1233].title).toBe("Item 1234");
    expect(entries.has("avatar.png")).toBe(false);

    await outcome(dataExportAction(post("/profile/data-export", alice.cookie, PROOF)));
    await outcome(dataExportAction(post("/profile/data-export", alice.cookie, PROOF)));
    expect(await outcome(dataExportAction(post("/profile/data-export", alice.cookie, PROOF)))).toMatchObject({
      status: 302,
      location: "/profile?export=rateLimited",
    });
  });

  it("an account with an unconfirmed address gets none of the address's messages", async () => {
    await db()
      .insert(contactMessages)
      .values({ name: "Victim", email: "victim@example.com", subject: "Private", message: "Only for the company" });
    await db()
      .insert(launchNotifications)
      .values({ email: "victim@example.com", topic: "tandem", tokenHash: "hash-v", confirmedAt: new Date() });
    await createAccount("victim@example.com");
    const attacker = await signIn("victim@example.com");
    const result = await outcome(dataExportAction(post("/profile/data-export", attacker.cookie, PROOF)));
    const exported = JSON.parse((await readZip(Buffer.from(await result.response!.arrayBuffer()))).get("my-data.json")!.toString("utf8"));
    expect(exported.account.emailVerified).toBe(false);
    expect(exported.contactMessages).toEqual([]);
    expect(exported.mailsSentToYou).toEqual([]);
    expect(exported.launchNotifications).toEqual([]);
  });
});
