import { eq } from "drizzle-orm";
import { profiles, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { PermanentJobError, registerJobHandler } from "~/lib/outbox.server";

/**
 * Shop customer sync (spec §3/§7) through the durable outbox: a new account becomes a Shopify
 * customer (email, first name = username, marketing consent = newsletter flag); a deleted
 * account's customer is deleted. Outages and 5xx are retried with back-off by the outbox;
 * 4xx answers and userErrors (other than "email already taken") are final.
 */
export const SHOPIFY_CREATE_JOB = "shopify.createCustomer";
export const SHOPIFY_DELETE_JOB = "shopify.deleteCustomer";
export const SHOPIFY_API_VERSION = "2025-01";

interface GraphQlAnswer<T> {
  data?: T;
  errors?: { message: string }[];
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

export function customerInput(email: string, username: string | null, newsletter: boolean) {
  const input: Record<string, unknown> = { email };
  if (username) input.firstName = username;
  if (newsletter) {
    input.emailMarketingConsent = { marketingState: "SUBSCRIBED", marketingOptInLevel: "SINGLE_OPT_IN" };
  } else {
    input.emailMarketingConsent = { marketingState: "NOT_SUBSCRIBED" };
  }
  return input;
}

export async function createShopCustomer(payload: Record<string, unknown>) {
  if (!shopConfig()) {
    logger.info("Shop customer sync skipped: SHOPIFY_STORE_DOMAIN / SHOPIFY_ADMIN_TOKEN not set");
    return;
  }
  const userId = String(payload.userId ?? "");
  const [row] = await db()
    .select({ email: user.email, username: profiles.username, newsletter: profiles.newsletterSubscribed })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) {
    logger.info(`Shop customer sync skipped: user ${userId} no longer exists`);
    return;
  }
  const data = await adminGraphQl<{
    customerCreate: { customer: { id: string } | null; userErrors: { field?: string[]; message: string }[] };
  }>(CUSTOMER_CREATE, { input: customerInput(row.email, row.username, row.newsletter ?? false) });
  const errors = data.customerCreate.userErrors;
  if (errors.length) {
    if (errors.some((error) => /taken|already/i.test(error.message))) {
      logger.info(`Shop customer for ${row.email} exists already`);
      return;
    }
    throw new PermanentJobError(`Shopify userErrors: ${errors.map((error) => error.message).join("; ")}`);
  }
  logger.info(`Shop customer created for user ${userId}`);
}

export async function deleteShopCustomer(payload: Record<string, unknown>) {
  if (!shopConfig()) {
    logger.info("Shop customer removal skipped: Shopify is not configured");
    return;
  }
  const email = String(payload.email ?? "");
  if (!email) throw new PermanentJobError("no email to remove");
  const found = await adminGraphQl<{ customers: { edges: { node: { id: string; email: string } }[] } }>(
    CUSTOMER_FIND,
    { query: `email:"${email.replace(/["\\]/g, "")}"` },
  );
  const matches = found.customers.edges.filter((edge) => edge.node.email?.toLowerCase() === email.toLowerCase());
  for (const { node } of matches) {
    const data = await adminGraphQl<{ customerDelete: { userErrors: { message: string }[] } }>(CUSTOMER_DELETE, {
      input: { id: node.id },
    });
    if (data.customerDelete.userErrors.length) {
      throw new PermanentJobError(
        `Shopify could not delete ${node.id}: ${data.customerDelete.userErrors.map((error) => error.message).join("; ")}`,
      );
    }
  }
  logger.info(`Shop customer removal for a deleted account: ${matches.length} removed`);
}

registerJobHandler(SHOPIFY_CREATE_JOB, createShopCustomer);
registerJobHandler(SHOPIFY_DELETE_JOB, deleteShopCustomer);
