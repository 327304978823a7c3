import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, mediaItems, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv, parseEnv, setEnvForTesting } from "~/lib/env.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { resetDatabase, rowsMentioning } from "../../../tests/helpers/database";
import { loggedMails, runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { startFakeShopify, type FakeShopify } from "../../../tests/fakes/shopify";
import { getAuth, resetAuthForTesting, signupContext } from "./auth.server";
import { createDataExport } from "./data-export.server";
import { confirmNewsletter } from "./newsletter.server";
import { deleteAccount, replaceAvatar } from "./profile.server";

let shop: FakeShopify;

const drainJobs = () => runJobsUntilIdle();

async function mailedLink(to: string, marker: string) {
  const text = (await loggedMails())
    .filter((mail) => mail.to === to)
    .map((mail) => String(mail.text))
    .join("\n");
  return new URL((text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.includes(marker))!);
}

/** A member who used everything that stores data: every table gets rows that name them. */
async function createFullMember(email: string) {
  await signupContext.run({ username: email.split("@")[0], customerType: "business", newsletterSubscribed: true, language: "de" }, () =>
    getAuth().api.signUpEmail({ body: { name: email.split("@")[0], email, password: "secret123" } }),
  );
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  await getAuth().api.verifyEmail({ query: { token: (await mailedLink(email, "/verify-email")).searchParams.get("token")! } });
  await confirmNewsletter((await mailedLink(email, "/newsletter/confirm")).searchParams.get("token")!);
  await getAuth().api.signInEmail({ body: { email, password: "secret123" }, headers: new Headers({ "user-agent": "Firefox/133.0" }) });
  await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/profile" } });
  await replaceAvatar(
    row.id,
    await sharp({ create: { width: 20, height: 20, channels: 3, background: "#00ff00" } })
      .png()
      .toBuffer(),
  );
  const [item] = await db().insert(mediaItems).values({ title: "Logo pack", fileType: "image" }).returning();
  await db().execute(sql`insert into media_downloads (user_id, media_item_id, title) values (${row.id}, ${item.id}, 'Logo pack')`);
  await db().insert(contactMessages).values({ name: "Me", email, subject: "Question", message: "Please call me back soon" });
  await hitRateLimit(`signin:acct:${email}`, 10, 300);
  await hitRateLimit(`password:acct:${row.id}`, 10, 300);
  await hitRateLimit(`export:acct:${row.id}`, 3, 3600);
  // The export reads everything once (and proves it works before the deletion).
  const zip = await createDataExport(row.id);
  for await (const _chunk of zip) void _chunk;
  await drainJobs();
  return row.id;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe("account deletion is complete", () => {
  beforeAll(async () => {
    shop = await startFakeShopify("shpat_erase");
    const env = getEnv();
    setEnvForTesting(
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: env.DATA_DIR,
        DATABASE_URL: env.DATABASE_URL,
        AUTH_SECRET: env.AUTH_SECRET,
        LOG_LEVEL: "error",
        JOB_RETRY_DELAY_S: "1",
        REQUIRE_EMAIL_CONFIRMATION: "true",
        SHOPIFY_STORE_DOMAIN: `127.0.0.1:${shop.port}`,
        SHOPIFY_PROTOCOL: "http",
        SHOPIFY_ADMIN_TOKEN: "shpat_erase",
      }),
    );
    resetAuthForTesting();
  });
  afterAll(() => shop.close());
  beforeEach(async () => {
    await resetDatabase();
    shop.reset();
    fs.rmSync(path.join(getEnv().DATA_DIR, "outbox"), { recursive: true, force: true });
  });

  it("leaves no row in any table and no file that names the account or its address", async () => {
    const aliceEmail = "alice.erase@example.com";
    const alice = await createFullMember(aliceEmail);
    const bob = await createFullMember("bob.keep@example.com");

    const before = await rowsMentioning([alice, aliceEmail]);
    // The set-up really touched the tables that hold personal data.
    for (const table of [
      "users",
      "profiles",
      "sessions",
      "accounts",
      "verifications",
      "newsletter_consents",
      "shop_customers",
      "media_downloads",
      "contact_messages",
      "mail_log",
      "request_counters",
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    expect(shop.customers.map((customer) => customer.email).sort()).toEqual([aliceEmail, "bob.keep@example.com"]);
    const dataDir = getEnv().DATA_DIR;
    expect(filesUnder(path.join(dataDir, "storage", "avatars")).some((file) => file.includes(alice))).toBe(true);

    expect(await deleteAccount(alice)).toBe(true);
    await drainJobs();

    const after = await rowsMentioning([alice, aliceEmail]);
    expect(Object.keys(after)).toEqual(expect.arrayContaining(Object.keys(before)));
    expect(Object.entries(after).filter(([, count]) => count > 0)).toEqual([]);

    // Files: no avatar folder, no stored mail, except the deletion notice itself (ADR 0022).
    const files = filesUnder(dataDir).filter((file) => !file.includes(`${path.sep}pg${path.sep}`));
    expect(files.filter((file) => file.includes(alice))).toEqual([]);
    const mentioning = files.filter((file) => fs.readFileSync(file).toString("latin1").toLowerCase().includes(aliceEmail));
    expect(mentioning).toHaveLength(1);
    expect(fs.readFileSync(mentioning[0], "utf8")).toMatch(
      /^Subject: =\?UTF-8\?Q\?Ihr_Konto_wurde_gel=C3=B6scht\?=|^Subject: Ihr Konto wurde gelöscht/m,
    );

    // The shop: Alice's customer (by its id) is gone, Bob's is untouched; Bob keeps everything.
    expect(shop.customers.map((customer) => customer.email)).toEqual(["bob.keep@example.com"]);
    const bobAfter = await rowsMentioning([bob]);
    for (const table of ["users", "profiles", "sessions", "newsletter_consents", "shop_customers", "media_downloads"]) {
      expect(bobAfter[table], table).toBeGreaterThan(0);
    }
    expect(await db().select().from(contactMessages).where(eq(contactMessages.email, "bob.keep@example.com"))).toHaveLength(1);
  });

  it("deleting an account with someone else's (unconfirmed) address erases the account, not that person's messages", async () => {
    await db()
      .insert(contactMessages)
      .values({ name: "Victim", email: "victim@example.com", subject: "Mine", message: "A message of the real owner" });
    await signupContext.run({ username: "mallory", customerType: "private", newsletterSubscribed: true, language: "en" }, () =>
      getAuth().api.signUpEmail({ body: { name: "mallory", email: "victim@example.com", password: "secret123" } }),
    );
    const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, "victim@example.com"));
    await deleteAccount(row.id);
    await drainJobs();
    expect(await db().select().from(user)).toHaveLength(0);
    expect((await db().select().from(contactMessages)).map((message) => message.message)).toEqual(["A message of the real owner"]);
    const left = await rowsMentioning([row.id]);
    expect(Object.entries(left).filter(([, count]) => count > 0)).toEqual([]);
  });
});
