import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Shopify Storefront GraphQL API on loopback (tests only). It answers the two operations
 * the shop sends (products, cartCreate) like the real API and records every request, so tests
 * can check what the real API would receive (path, token header, query, variables).
 */
export interface FakeProduct {
  handle: string;
  title: string;
  productType: string;
  tags: string[];
  variantId: string;
  price: string;
  currencyCode: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  query: string;
  variables: Record<string, unknown>;
}

export interface FakeStorefront {
  url: string;
  host: string;
  token: string;
  requests: RecordedRequest[];
  /** Checkout URLs handed out by cartCreate, with their lines. */
  carts: Array<{ checkoutUrl: string; lines: unknown }>;
  close(): Promise<void>;
}

const cursorOf = (index: number) => Buffer.from(`cursor:${index}`).toString("base64");
const indexOf = (cursor: string) => Number(Buffer.from(cursor, "base64").toString().split(":")[1]);

function filterProducts(products: FakeProduct[], query: string | null) {
  if (!query) return products;
  const type = /^product_type:'([^']+)'$/.exec(query);
  if (type) return products.filter((product) => product.productType === type[1]);
  const tag = /^tag:(\S+)$/.exec(query);
  if (tag) return products.filter((product) => product.tags.includes(tag[1]!));
  return [];
}

export async function startFakeStorefront({
  products,
  token = "storefront-test-token",
  apiVersion = "2025-01",
}: {
  products: FakeProduct[];
  token?: string;
  apiVersion?: string;
}): Promise<FakeStorefront> {
  const requests: RecordedRequest[] = [];
  const carts: FakeStorefront["carts"] = [];
  let origin = "";

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      let body: { query?: string; variables?: Record<string, unknown> } = {};
      try {
        body = JSON.parse(raw || "{}");
      } catch {
        return send(400, { errors: [{ message: "Bad JSON" }] });
      }
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        query: body.query ?? "",
        variables: body.variables ?? {},
      });
      if (req.method !== "POST" || req.url !== `/api/${apiVersion}/graphql.json`) return send(404, { errors: [{ message: "Not Found" }] });
      if (req.headers["x-shopify-storefront-access-token"] !== token) {
        return send(401, { errors: [{ message: "Unauthorized" }] });
      }
      const query = body.query ?? "";
      const variables = body.variables ?? {};
      if (/^\s*query\b[\s\S]*\bproducts\(/.test(query)) {
        const first = Number(variables.first);
        if (!Number.isInteger(first) || first < 1 || first > 250) {
          return send(200, { errors: [{ message: "first must be between 1 and 250" }] });
        }
        const matching = filterProducts(products, (variables.query as string | null) ?? null);
        const start = typeof variables.after === "string" ? indexOf(variables.after) + 1 : 0;
        const slice = matching.slice(start, start + first);
        const last = start + slice.length - 1;
        return send(200, {
          data: {
            products: {
              pageInfo: { hasNextPage: last < matching.length - 1, endCursor: slice.length ? cursorOf(last) : null },
              nodes: slice.map((product) => ({
                handle: product.handle,
                title: product.title,
                description: `${product.title} from the fake store`,
                productType: product.productType,
                tags: product.tags,
                featuredImage: { url: `${origin}/images/${product.handle}.png`, altText: null, width: 600, height: 600 },
                variants: {
                  nodes: [
                    { id: product.variantId, availableForSale: true, price: { amount: product.price, currencyCode: product.currencyCode } },
                  ],
                },
              })),
            },
          },
        });
      }
      if (/^\s*mutation\b[\s\S]*\bcartCreate\(/.test(query)) {
        const lines = (variables.input as { lines?: Array<{ merchandiseId: string; quantity: number }> } | undefined)?.lines ?? [];
        const unknown = lines.filter((line) => !products.some((product) => product.variantId === line.merchandiseId));
        if (unknown.length) {
          return send(200, {
            data: { cartCreate: { cart: null, userErrors: [{ field: ["input", "lines"], message: "The merchandise does not exist." }] } },
          });
        }
        const id = `c${carts.length + 1}`;
        const checkoutUrl = `${origin}/cart/c/${id}?key=test`;
        carts.push({ checkoutUrl, lines });
        return send(200, {
          data: { cartCreate: { cart: { id: `gid://shopify/Cart/${id}`, checkoutUrl }, userErrors: [] } },
        });
      }
      return send(200, { errors: [{ message: "Unsupported operation" }] });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    host: `127.0.0.1:${port}`,
    token,
    requests,
    carts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
