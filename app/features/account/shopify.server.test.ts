import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv, parseEnv, setEnvForTesting } from "~/lib/env.server";
import { runDueJobs } from "~/lib/outbox.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { startFakeShopify, type FakeShopify } from "../../../tests/fakes/shopify";
import { getAuth, resetAuthForTesting, signupContext } from "./auth.server";
import { SHOPIFY_CREATE_JOB } from "./shopify.server";

let shop: FakeShopify;
let base: Record<string, string | undefined>;

async function makeDue() {
  await db().update(outbox).set({ runAt: new Date(Date.now() - 1000) });
}

async function signUp(email: string, username: string, newsletter: boolean) {
  await signupContext.run({ username, customerType: "business", newsletterSubscribed: newsletter, language: "de" }, () =>
    getAuth().api.signUpEmail({ body: { name: username, email, password: "secret123" } }),
  );
}

describe("shop customer sync", () => {
  beforeAll(async () => {
    shop = await startFakeShopify("shpat_unit");
    const env = getEnv();
    base = {
      NODE_ENV: "test",
      DATA_DIR: env.DATA_DIR,
      DATABASE_URL: env.DATABASE_URL,
      AUTH_SECRET: env.AUTH_SECRET,
      OUTBOX_RETRY_BASE_MS: "20",
      LOG_LEVEL: "error",
      REQUIRE_EMAIL_CONFIRMATION: "false",
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

  it("creates one correct customer per sign-up even when the first two attempts fail", async () => {
    await signUp("carla@example.com", "carla", true);
    await signUp("dan@example.com", "dan", false);
    shop.failNext(2);
    for (let round = 0; round < 4; round += 1) {
      await runDueJobs();
      await makeDue();
    }
    expect(shop.requests.filter((request) => request.status === 503)).toHaveLength(2);
    expect(shop.customers).toHaveLength(2);
    expect(shop.customers.find((customer) => customer.email === "carla@example.com")).toMatchObject({
      firstName: "carla",
      emailMarketingConsent: { marketingState: "SUBSCRIBED" },
    });
    expect(shop.customers.find((customer) => customer.email === "dan@example.com")).toMatchObject({
      firstName: "dan",
      emailMarketingConsent: { marketingState: "NOT_SUBSCRIBED" },
    });
    const jobs = await db().select().from(outbox).where(eq(outbox.kind, SHOPIFY_CREATE_JOB));
    expect(jobs.every((job) => job.status === "done")).toBe(true);
  });

  it("gives up at once on a wrong token (4xx is final)", async () => {
    setEnvForTesting(
      parseEnv({ ...base, SHOPIFY_STORE_DOMAIN: `127.0.0.1:${shop.port}`, SHOPIFY_PROTOCOL: "http", SHOPIFY_ADMIN_TOKEN: "wrong" }),
    );
    resetAuthForTesting();
    await signUp("erin@example.com", "erin", false);
    await runDueJobs();
    const [job] = await db().select().from(outbox).where(eq(outbox.kind, SHOPIFY_CREATE_JOB));
    expect(job.status).toBe("failed");
    expect(shop.customers).toHaveLength(0);
  });

  it("is skipped without configuration and never blocks sign-up", async () => {
    setEnvForTesting(parseEnv(base));
    resetAuthForTesting();
    await signUp("fay@example.com", "fay", true);
    await runDueJobs();
    const [job] = await db().select().from(outbox).where(eq(outbox.kind, SHOPIFY_CREATE_JOB));
    expect(job.status).toBe("done");
    expect(shop.requests).toHaveLength(0);
  });
});
