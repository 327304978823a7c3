import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Shopify Admin GraphQL API on loopback. It answers
 * `POST /admin/api/2025-01/graphql.json` like the real API: checks the X-Shopify-Access-Token
 * header (401 without the right one) and the operations the product sends (customerCreate,
 * customerUpdate, customerEmailMarketingConsentUpdate, customers(query:), customerDelete), keeps
 * customers in memory (POST /_fake/customers adds one, as if created in the shop itself), and can fail the next N
 * requests with 503. A small HTTP API (GET /_fake/customers, GET /_fake/requests,
 * POST /_fake/fail?n=2, DELETE /_fake) lets tests in other processes look and steer.
 */
export interface FakeCustomer {
  id: string;
  email: string;
  firstName: string | null;
  emailMarketingConsent: { marketingState: string; marketingOptInLevel?: string } | null;
}

export interface FakeShopify {
  port: number;
  token: string;
  customers: FakeCustomer[];
  requests: { operation: string; variables: unknown; status: number }[];
  failNext(n: number): void;
  /** A customer created in the shop itself (not by the product). */
  addCustomer(email: string, firstName?: string): FakeCustomer;
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_SHOPIFY_PATH = "/admin/api/2025-01/graphql.json";

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export async function startFakeShopify(token = "shpat_test_token"): Promise<FakeShopify> {
  const customers: FakeCustomer[] = [];
  const requests: FakeShopify["requests"] = [];
  let failures = 0;
  let nextId = 1;

  const server = http.createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname === "/_fake/customers" && request.method === "POST") {
      const input = JSON.parse((await readBody(request)) || "{}") as Partial<FakeCustomer>;
      const customer: FakeCustomer = {
        id: `gid://shopify/Customer/${nextId++}`,
        email: String(input.email ?? ""),
        firstName: input.firstName ?? null,
        emailMarketingConsent: input.emailMarketingConsent ?? null,
      };
      customers.push(customer);
      return send(200, customer);
    }
    if (url.pathname === "/_fake/customers") return send(200, customers);
    if (url.pathname === "/_fake/requests") return send(200, requests);
    if (url.pathname === "/_fake/fail" && request.method === "POST") {
      failures = Number(url.searchParams.get("n") ?? "1");
      return send(200, { failures });
    }
    if (url.pathname === "/_fake" && request.method === "DELETE") {
      customers.length = 0;
      requests.length = 0;
      failures = 0;
      return send(200, {});
    }
    if (url.pathname !== FAKE_SHOPIFY_PATH || request.method !== "POST") return send(404, { errors: "Not Found" });

    const raw = await readBody(request);
    let body: { query?: string; variables?: Record<string, unknown> };
    try {
      body = JSON.parse(raw);
    } catch {
      return send(400, { errors: "Bad JSON" });
    }
    const query = body.query ?? "";
    const operation = /customerEmailMarketingConsentUpdate\s*\(/.test(query)
      ? "customerEmailMarketingConsentUpdate"
      : /customerUpdate\s*\(/.test(query)
        ? "customerUpdate"
        : /customerCreate\s*\(/.test(query)
          ? "customerCreate"
          : /customerDelete\s*\(/.test(query)
            ? "customerDelete"
            : /customers\s*\(/.test(query)
              ? "customers"
              : "unknown";
    const record = (status: number) => requests.push({ operation, variables: body.variables, status });

    if (request.headers["x-shopify-access-token"] !== token) {
      record(401);
      return send(401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
    }
    if (request.headers["content-type"]?.split(";")[0] !== "application/json") {
      record(415);
      return send(415, { errors: "Content-Type must be application/json" });
    }
    if (failures > 0) {
      failures -= 1;
      record(503);
      return send(503, { errors: "Service Unavailable" });
    }
    record(200);

    if (operation === "customerCreate") {
      const input = (body.variables?.input ?? {}) as Partial<FakeCustomer> & { email?: string };
      if (!input.email || !/^[^@\s]+@[^@\s]+$/.test(input.email)) {
        return send(200, { data: { customerCreate: { customer: null, userErrors: [{ field: ["email"], message: "Email is invalid" }] } } });
      }
      if (customers.some((customer) => customer.email === input.email)) {
        return send(200, {
          data: { customerCreate: { customer: null, userErrors: [{ field: ["email"], message: "Email has already been taken" }] } },
        });
      }
      const customer: FakeCustomer = {
        id: `gid://shopify/Customer/${nextId++}`,
        email: input.email,
        firstName: input.firstName ?? null,
        emailMarketingConsent: input.emailMarketingConsent ?? null,
      };
      customers.push(customer);
      return send(200, { data: { customerCreate: { customer: { id: customer.id, email: customer.email }, userErrors: [] } } });
    }
    if (operation === "customers") {
      const match = /email:"?([^"\s]+)"?/.exec(String(body.variables?.query ?? ""));
      const found = customers.filter((customer) => customer.email === match?.[1]);
      return send(200, { data: { customers: { edges: found.map((node) => ({ node: { id: node.id, email: node.email } })) } } });
    }
    if (operation === "customerUpdate") {
      const input = (body.variables?.input ?? {}) as Partial<FakeCustomer>;
      const customer = customers.find((entry) => entry.id === input.id);
      if (!customer) {
        return send(200, { data: { customerUpdate: { customer: null, userErrors: [{ field: ["id"], message: "Customer does not exist" }] } } });
      }
      if (input.email && customers.some((entry) => entry !== customer && entry.email === input.email)) {
        return send(200, { data: { customerUpdate: { customer: null, userErrors: [{ field: ["email"], message: "Email has already been taken" }] } } });
      }
      if (input.email) customer.email = input.email;
      if (input.firstName !== undefined) customer.firstName = input.firstName;
      return send(200, { data: { customerUpdate: { customer: { id: customer.id, email: customer.email }, userErrors: [] } } });
    }
    if (operation === "customerEmailMarketingConsentUpdate") {
      const input = (body.variables?.input ?? {}) as {
        customerId?: string;
        emailMarketingConsent?: { marketingState: string; marketingOptInLevel?: string };
      };
      const customer = customers.find((entry) => entry.id === input.customerId);
      if (!customer) {
        return send(200, {
          data: { customerEmailMarketingConsentUpdate: { customer: null, userErrors: [{ field: ["customerId"], message: "Customer not found" }] } },
        });
      }
      if (!input.emailMarketingConsent?.marketingState) {
        return send(200, { errors: [{ message: "Variable $input of type CustomerEmailMarketingConsentUpdateInput! was provided invalid value" }] });
      }
      customer.emailMarketingConsent = input.emailMarketingConsent;
      return send(200, { data: { customerEmailMarketingConsentUpdate: { customer: { id: customer.id }, userErrors: [] } } });
    }
    if (operation === "customerDelete") {
      const id = (body.variables?.input as { id?: string } | undefined)?.id;
      const index = customers.findIndex((customer) => customer.id === id);
      if (index < 0) {
        return send(200, { data: { customerDelete: { deletedCustomerId: null, userErrors: [{ field: ["id"], message: "Customer does not exist" }] } } });
      }
      customers.splice(index, 1);
      return send(200, { data: { customerDelete: { deletedCustomerId: id, userErrors: [] } } });
    }
    return send(200, { errors: [{ message: "Unknown operation" }] });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    token,
    customers,
    requests,
    addCustomer: (email, firstName) => {
      const customer: FakeCustomer = { id: `gid://shopify/Customer/${nextId++}`, email, firstName: firstName ?? null, emailMarketingConsent: null };
      customers.push(customer);
      return customer;
    },
    failNext: (n) => {
      failures = n;
    },
    reset: () => {
      customers.length = 0;
      requests.length = 0;
      failures = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
