import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shopCustomers, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv, parseEnv, setEnvForTesting } from "~/lib/env.server";
import { enqueueJob } from "~/lib/jobs.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { loggedMails, runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { startFakeShopify, type FakeShopify } from "../../../tests/fakes/shopify";
import { getAuth, resetAuthForTesting, signupContext } from "./auth.server";
import { confirmNewsletter, unsubscribeByLink } from "./newsletter.server";
import { deleteAccount } from "./profile.server";
import { SHOPIFY_DELETE_JOB } from "./shopify.server";

let shop: FakeShopify;
let base: Record<string, string | undefined>;

const drainJobs = () => runJobsUntilIdle();

/** Jobs of a kind that pg-boss still holds (a job that ran is deleted at once). */
async function jobsOf(kind: string) {
  const { rows } = await db().execute<{ state: string; data: Record<string, unknown> }>(
    sql`select state, data from pgboss.job where name = ${kind} union all select state, data from pgboss.archive where name = ${kind}`,
  );
  return rows;
}

async function signUp(email: string, username: string, newsletter: boolean) {
  await signupContext.run({ username, customerType: "business", newsletterSubscribed: newsletter, language: "de" }, () =>
    getAuth().api.signUpEmail({ body: { name: username, email, password: "secret123" } }),
  );
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

/**
 * The link of the newest mail to `to` whose text contains `marker`: still queued (its `mail_log`
 * content), or already sent (sent mails keep only their subject at rest; the .eml file in $DATA_DIR/outbox
 * is the delivered copy when SMTP_URL is unset).
 */
async function linkFromMail(to: string, marker: string) {
  const mails = await loggedMails();
  const texts = mails.filter((mail) => mail.to === to).map((mail) => mail.text ?? "");
  const dir = path.join(getEnv().DATA_DIR, "outbox");
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
    const raw = fs
      .readFileSync(path.join(dir, name), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=")
      .replace(/&amp;|&#38;/g, "&");
    if (raw.includes(to)) texts.push(raw);
  }
  const link = texts
    .flatMap((text) => text.match(/https?:\/\/[^\s<>"]+/g) ?? [])
    .reverse()
    .find((url) => url.includes(marker));
  if (!link) throw new Error(`no ${marker} link mailed to ${to}`);
  return new URL(link);
}

async function confirmAddress(email: string) {
  const link = await linkFromMail(email, "/api/auth/verify-email");
  await getAuth().api.verifyEmail({ query: { token: link.searchParams.get("token") ?? "" } });
}

async function confirmNewsletterOf(email: string) {
  const link = await linkFromMail(email, "/newsletter/confirm");
  return confirmNewsletter(link.searchParams.get("token") ?? "");
}

function customer(email: string) {
  return shop.customers.find((entry) => entry.email === email);
}

describe("shop customer sync follows consent", () => {
  beforeAll(async () => {
    shop = await startFakeShopify("shpat_unit");
    const env = getEnv();
    base = {
      NODE_ENV: "test",
      DATA_DIR: env.DATA_DIR,
      DATABASE_URL: env.DATABASE_URL,
      AUTH_SECRET: env.AUTH_SECRET,
      JOB_RETRY_DELAY_S: "1",
      LOG_LEVEL: "error",
      REQUIRE_EMAIL_CONFIRMATION: "true",
    };
  });
  afterAll(() => shop.close());
  beforeEach(async () => {
    await resetDatabase();
    shop.reset();
    setEnvForTesting(
      parseEnv({ ...base, SHOPIFY_STORE_DOMAIN: `127.0.0.1:${shop.port}`, SHOPIFY_PROTOCOL: "http", SHOPIFY_ADMIN_TOKEN: "shpat_unit" }),
    );
    resetAuthForTesting();
  });

  it("creates the customer only after the address is confirmed, and consent only after the double opt-in", async () => {
    const userId = await signUp("carla@example.com", "carla", true);
    await drainJobs();
    expect(shop.requests).toHaveLength(0);

    await confirmAddress("carla@example.com");
    await drainJobs();
    expect(customer("carla@example.com")).toMatchObject({ firstName: "carla", emailMarketingConsent: null });
    const [link] = await db().select().from(shopCustomers).where(eq(shopCustomers.userId, userId));
    expect(link).toMatchObject({ shopifyCustomerId: customer("carla@example.com")?.id, createdByUs: true });

    expect(await confirmNewsletterOf("carla@example.com")).toBe("confirmed");
    await drainJobs();
    expect(customer("carla@example.com")?.emailMarketingConsent).toMatchObject({
      marketingState: "SUBSCRIBED",
      marketingOptInLevel: "CONFIRMED_OPT_IN",
    });

    const unsubscribe = await linkFromMail("carla@example.com", "/newsletter/unsubscribe");
    expect(await unsubscribeByLink(unsubscribe.searchParams.get("c") ?? "", unsubscribe.searchParams.get("s") ?? "", "one-click")).toBe(
      "unsubscribed",
    );
    await drainJobs();
    expect(customer("carla@example.com")?.emailMarketingConsent).toMatchObject({ marketingState: "UNSUBSCRIBED" });
    expect(shop.customers).toHaveLength(1);
  });

  it("attacker: an account with someone else's address never reaches the shop, and deleting it leaves that person's customer alone", async () => {
    const victim = shop.addCustomer("victim@example.com", "Victim");
    const attackerAccount = await signUp("victim@example.com", "mallory", true);
    await drainJobs();
    expect(shop.customers).toEqual([victim]);
    expect(victim.emailMarketingConsent).toBeNull();
    expect(await db().select().from(shopCustomers)).toHaveLength(0);

    await deleteAccount(attackerAccount);
    await drainJobs();
    expect(shop.customers).toEqual([victim]);
    expect(shop.requests.map((request) => request.operation)).toEqual([]);
  });

  it("links (never deletes) a shop customer that existed before the confirmed account", async () => {
    const existing = shop.addCustomer("dora@example.com", "Dora");
    const userId = await signUp("dora@example.com", "dora", false);
    await confirmAddress("dora@example.com");
    await drainJobs();
    expect(shop.customers).toHaveLength(1);
    const [link] = await db().select().from(shopCustomers).where(eq(shopCustomers.userId, userId));
    expect(link).toMatchObject({ shopifyCustomerId: existing.id, createdByUs: false });

    await deleteAccount(userId);
    await drainJobs();
    expect(shop.customers).toEqual([existing]);
    expect(shop.requests.some((request) => request.operation === "customerDelete")).toBe(false);
  });

  it("deletes exactly the stored id, syncs a changed address, and loses nothing in an outage", async () => {
    const other = shop.addCustomer("unrelated@example.com");
    const userId = await signUp("erin@example.com", "erin", false);
    await confirmAddress("erin@example.com");
    shop.failNext(2);
    await drainJobs();
    expect(shop.requests.filter((request) => request.status === 503)).toHaveLength(2);
    const created = customer("erin@example.com");
    expect(created).toBeDefined();

    // A confirmed change of address (what better-auth does when the new address's link is followed).
    const context = await getAuth().$context;
    await context.internalAdapter.updateUser(userId, { email: "erin.new@example.com", emailVerified: true });
    await drainJobs();
    expect(shop.customers.find((entry) => entry.id === created?.id)?.email).toBe("erin.new@example.com");

    // Someone else now has the old address in the shop: deletion must not look it up by address.
    const namesake = shop.addCustomer("erin@example.com");
    await deleteAccount(userId);
    await drainJobs();
    expect(shop.customers.map((entry) => entry.id).sort()).toEqual([other.id, namesake.id].sort());
    const deletes = shop.requests.filter((request) => request.operation === "customerDelete");
    expect(deletes.map((request) => request.variables)).toEqual([{ input: { id: created?.id } }]);
    expect(shop.requests.some((request) => request.operation === "customers")).toBe(false);
    // The job leaves no trace of the customer once it has run.
    expect(await jobsOf(SHOPIFY_DELETE_JOB)).toEqual([]);
  });

  it("refuses an old delete job that names only an e-mail address", async () => {
    const victim = shop.addCustomer("frank@example.com");
    await enqueueJob(SHOPIFY_DELETE_JOB, { email: "frank@example.com" });
    await drainJobs();
    expect(shop.customers).toEqual([victim]);
    // Given up at once (no retry) and not kept.
    expect(shop.requests).toHaveLength(0);
    expect(await jobsOf(SHOPIFY_DELETE_JOB)).toEqual([]);
  });

  it("gives up at once on a wrong token (4xx is final)", async () => {
    setEnvForTesting(
      parseEnv({ ...base, SHOPIFY_STORE_DOMAIN: `127.0.0.1:${shop.port}`, SHOPIFY_PROTOCOL: "http", SHOPIFY_ADMIN_TOKEN: "wrong" }),
    );
    resetAuthForTesting();
    await signUp("gina@example.com", "gina", false);
    await confirmAddress("gina@example.com");
    const queued = (await jobsOf("shopify.syncCustomer")).length;
    expect(queued).toBeGreaterThan(0);
    await drainJobs();
    // One request per job: a 4xx answer is not retried.
    expect(shop.requests).toHaveLength(queued);
    expect(await jobsOf("shopify.syncCustomer")).toEqual([]);
    expect(shop.customers).toHaveLength(0);
  });

  it("queues nothing without configuration and never blocks sign-up", async () => {
    setEnvForTesting(parseEnv(base));
    resetAuthForTesting();
    await signUp("hal@example.com", "hal", true);
    await confirmAddress("hal@example.com");
    await drainJobs();
    expect(await jobsOf("shopify.syncCustomer")).toHaveLength(0);
    expect(shop.requests).toHaveLength(0);
  });
});
