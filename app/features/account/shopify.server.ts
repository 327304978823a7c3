import { eq, sql } from "drizzle-orm";
import { profiles, shopCustomers, user } from "~/db/schema";
import { db, type Database } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { enqueueJob, PermanentJobError, registerJobHandler } from "~/lib/jobs.server";

/**
 * Shop customer sync (spec §3/§7, issue 12) through the durable outbox. It follows consent:
 * - the Shopify customer is created only once the account's e-mail address is confirmed
 *   (an account registered with someone else's address never reaches the shop);
 * - e-mail marketing consent is sent only after the newsletter double opt-in (CONFIRMED_OPT_IN)
 *   and withdrawn (UNSUBSCRIBED) when the member unsubscribes;
 * - the customer's Shopify id is stored (`shop_customers`); e-mail changes are synced to it;
 * - deletion deletes that id only, never "every customer with this address", and only a customer
 *   this site created (an address that already had a shop customer is linked, never deleted).
 * One idempotent job (`shopify.syncCustomer`, payload { userId }) compares the account with what
 * was last sent and sends the difference, so any change just queues it. Outages and 5xx are
 * retried with back-off by the outbox; 4xx answers and userErrors are final.
 */
export const SHOPIFY_SYNC_JOB = "shopify.syncCustomer";
/** Before issue 12 a sign-up queued this kind; old pending rows are handled like a sync. */
export const SHOPIFY_CREATE_JOB = "shopify.createCustomer";
export const SHOPIFY_DELETE_JOB = "shopify.deleteCustomer";
export const SHOPIFY_API_VERSION = "2025-01";

interface GraphQlAnswer<T> {
  data?: T;
  errors?: { message: string }[];
}

/** True when the shop sync is configured (the privacy page names Shopify only then). */
export function isShopSyncConfigured() {
  return shopConfig() !== undefined;
}

function shopConfig() {
  const env = getEnv();
  if (!env.SHOPIFY_STORE_DOMAIN || !env.SHOPIFY_ADMIN_TOKEN) return undefined;
  return {
    url: `${env.SHOPIFY_PROTOCOL}://${env.SHOPIFY_STORE_DOMAIN}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`,
    token: env.SHOPIFY_ADMIN_TOKEN,
  };
}

async function adminGraphQl<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const config = shopConfig();
  if (!config) throw new PermanentJobError("Shopify is not configured");
  const response = await fetch(config.url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": config.token },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 429 || response.status >= 500) {
    throw new Error(`Shopify answered ${response.status}`);
  }
  if (!response.ok) throw new PermanentJobError(`Shopify refused the request: ${response.status}`);
  const answer = (await response.json()) as GraphQlAnswer<T>;
  if (answer.errors?.length) {
    const message = answer.errors.map((error) => error.message).join("; ");
    if (/throttl/i.test(message)) throw new Error(`Shopify: ${message}`);
    throw new PermanentJobError(`Shopify: ${message}`);
  }
  if (!answer.data) throw new Error("Shopify answered without data");
  return answer.data;
}

export const CUSTOMER_CREATE = `mutation customerCreate($input: CustomerInput!) {
  customerCreate(input: $input) {
    customer { id email }
    userErrors { field message }
  }
}`;

export const CUSTOMER_FIND = `query customerByEmail($query: String!) {
  customers(first: 5, query: $query) { edges { node { id email } } }
}`;

export const CUSTOMER_DELETE = `mutation customerDelete($input: CustomerDeleteInput!) {
  customerDelete(input: $input) {
    deletedCustomerId
    userErrors { field message }
  }
}`;

export const CUSTOMER_UPDATE = `mutation customerUpdate($input: CustomerInput!) {
  customerUpdate(input: $input) {
    customer { id email }
    userErrors { field message }
  }
}`;

export const CUSTOMER_CONSENT_UPDATE = `mutation customerEmailMarketingConsentUpdate($input: CustomerEmailMarketingConsentUpdateInput!) {
  customerEmailMarketingConsentUpdate(input: $input) {
    customer { id }
    userErrors { field message }
  }
}`;

type MarketingState = "SUBSCRIBED" | "UNSUBSCRIBED" | "NOT_SUBSCRIBED";
type UserErrors = { field?: string[] | null; message: string }[];

function describe(errors: UserErrors) {
  return errors.map((error) => error.message).join("; ");
}

function isMissingCustomer(errors: UserErrors) {
  return errors.some((error) => /not exist|not found|could not find/i.test(error.message));
}

/** Consent as Shopify wants it: confirmed opt-in only after our double opt-in. */
function consentOf(state: MarketingState) {
  if (state === "SUBSCRIBED") {
    return { marketingState: "SUBSCRIBED", marketingOptInLevel: "CONFIRMED_OPT_IN", consentUpdatedAt: new Date().toISOString() };
  }
  return { marketingState: state, consentUpdatedAt: new Date().toISOString() };
}

/** Queues a sync of the account with the shop (no-op job when Shopify is not configured). */
export async function enqueueShopSync(userId: string, executor?: Pick<Database, "execute">) {
  if (!shopConfig()) return;
  await enqueueJob(SHOPIFY_SYNC_JOB, { userId }, { executor });
}

async function findCustomerIdByEmail(email: string): Promise<string | undefined> {
  const found = await adminGraphQl<{ customers: { edges: { node: { id: string; email: string } }[] } }>(CUSTOMER_FIND, {
    query: `email:"${email.replace(/["\\]/g, "")}"`,
  });
  return found.customers.edges.find((edge) => edge.node.email?.toLowerCase() === email.toLowerCase())?.node.id;
}

async function updateConsent(customerId: string, state: MarketingState) {
  const data = await adminGraphQl<{ customerEmailMarketingConsentUpdate: { userErrors: UserErrors } }>(CUSTOMER_CONSENT_UPDATE, {
    input: { customerId, emailMarketingConsent: consentOf(state) },
  });
  return data.customerEmailMarketingConsentUpdate.userErrors;
}

/**
 * Brings the shop in line with the account. Runs under a per-user advisory lock, so two queued
 * syncs of one account never create two customers.
 */
export async function syncShopCustomer(payload: Record<string, unknown>) {
  if (!shopConfig()) {
    logger.info("Shop customer sync skipped: SHOPIFY_STORE_DOMAIN / SHOPIFY_ADMIN_TOKEN not set");
    return;
  }
  const userId = String(payload.userId ?? "");
  // The transaction only holds the lock; every write below commits at once (db()), so a customer
  // created in the shop is recorded even when a later step of this run fails.
  await db().transaction(async (lock) => {
    await lock.execute(sql`select pg_advisory_xact_lock(hashtext(${`shopify:${userId}`}))`);
    const tx = db();
    const [row] = await tx
      .select({
        email: user.email,
        verified: user.emailVerified,
        username: profiles.username,
        newsletter: profiles.newsletterSubscribed,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, userId));
    if (!row) return logger.info(`Shop customer sync skipped: account ${userId} no longer exists`);
    if (!row.verified) return logger.info(`Shop customer sync skipped: account ${userId} has not confirmed its address`);
    let link: typeof shopCustomers.$inferSelect | undefined = (
      await tx.select().from(shopCustomers).where(eq(shopCustomers.userId, userId))
    )[0];
    const newsletter = row.newsletter ?? false;

    if (link && link.syncedEmail.toLowerCase() !== row.email.toLowerCase()) {
      const data = await adminGraphQl<{ customerUpdate: { userErrors: UserErrors } }>(CUSTOMER_UPDATE, {
        input: { id: link.shopifyCustomerId, email: row.email },
      });
      const errors = data.customerUpdate.userErrors;
      if (isMissingCustomer(errors)) {
        // Removed in the shop meanwhile: start over with a new customer below.
        await tx.delete(shopCustomers).where(eq(shopCustomers.userId, userId));
        link = undefined;
      } else if (errors.length) {
        throw new PermanentJobError(`Shopify could not change the e-mail of ${link.shopifyCustomerId}: ${describe(errors)}`);
      } else {
        await tx.update(shopCustomers).set({ syncedEmail: row.email }).where(eq(shopCustomers.userId, userId));
        link = { ...link, syncedEmail: row.email };
        logger.info(`Shop customer ${link.shopifyCustomerId}: e-mail address updated`);
      }
    }

    if (!link) {
      const input: Record<string, unknown> = { email: row.email };
      if (row.username) input.firstName = row.username;
      if (newsletter) input.emailMarketingConsent = consentOf("SUBSCRIBED");
      const data = await adminGraphQl<{ customerCreate: { customer: { id: string } | null; userErrors: UserErrors } }>(CUSTOMER_CREATE, {
        input,
      });
      const errors = data.customerCreate.userErrors;
      let customerId = data.customerCreate.customer?.id;
      let createdByUs = true;
      let syncedState: MarketingState | null = newsletter ? "SUBSCRIBED" : "NOT_SUBSCRIBED";
      if (errors.length || !customerId) {
        if (!errors.some((error) => /taken|already/i.test(error.message))) {
          throw new PermanentJobError(`Shopify userErrors: ${describe(errors)}`);
        }
        // The confirmed address already has a shop customer: link it (never delete it later),
        // and leave its consent alone unless our double opt-in says otherwise.
        customerId = await findCustomerIdByEmail(row.email);
        if (!customerId) throw new Error("Shopify says the e-mail is taken but finds no customer with it");
        createdByUs = false;
        syncedState = null;
      }
      [link] = await tx
        .insert(shopCustomers)
        .values({ userId, shopifyCustomerId: customerId, createdByUs, syncedEmail: row.email, syncedMarketingState: syncedState })
        .returning();
      logger.info(`Shop customer ${customerId} ${createdByUs ? "created" : "linked (it existed already)"} for account ${userId}`);
    }

    const wanted: MarketingState | null = newsletter ? "SUBSCRIBED" : link.syncedMarketingState === "SUBSCRIBED" ? "UNSUBSCRIBED" : null;
    if (wanted && wanted !== link.syncedMarketingState) {
      const errors = await updateConsent(link.shopifyCustomerId, wanted);
      if (errors.length) throw new PermanentJobError(`Shopify could not update consent of ${link.shopifyCustomerId}: ${describe(errors)}`);
      await tx.update(shopCustomers).set({ syncedMarketingState: wanted }).where(eq(shopCustomers.userId, userId));
      logger.info(`Shop customer ${link.shopifyCustomerId}: e-mail marketing ${wanted}`);
    }
  });
}

/**
 * A deleted account's shop customer, by its stored id: deleted when this site created it;
 * otherwise (it existed before) only the marketing consent we set is withdrawn. A customer
 * with orders cannot be deleted (tax law keeps orders): its consent is withdrawn instead.
 * Jobs from before issue 12 named only an e-mail address: they are refused, never run.
 */
export async function deleteShopCustomer(payload: Record<string, unknown>) {
  if (!shopConfig()) {
    logger.info("Shop customer removal skipped: Shopify is not configured");
    return;
  }
  const customerId = typeof payload.customerId === "string" ? payload.customerId : "";
  if (!customerId) throw new PermanentJobError("no Shopify customer id: a customer is never deleted by e-mail address");
  if (payload.createdByUs === true) {
    const data = await adminGraphQl<{ customerDelete: { userErrors: UserErrors } }>(CUSTOMER_DELETE, { input: { id: customerId } });
    const errors = data.customerDelete.userErrors;
    if (!errors.length || isMissingCustomer(errors)) {
      logger.info(`Shop customer ${customerId} of a deleted account removed`);
      return;
    }
    logger.warn(`Shop customer ${customerId} could not be deleted (${describe(errors)}); withdrawing its marketing consent`);
  }
  if (payload.createdByUs === true || payload.withdrawConsent === true) {
    const errors = await updateConsent(customerId, "UNSUBSCRIBED");
    if (errors.length && !isMissingCustomer(errors)) {
      throw new PermanentJobError(`Shopify could not withdraw consent of ${customerId}: ${describe(errors)}`);
    }
  }
}

registerJobHandler(SHOPIFY_SYNC_JOB, syncShopCustomer);
registerJobHandler(SHOPIFY_CREATE_JOB, syncShopCustomer);
registerJobHandler(SHOPIFY_DELETE_JOB, deleteShopCustomer);
