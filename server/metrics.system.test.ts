import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../tests/helpers/http-client";
import { startProductServer, type ProductServer } from "../tests/helpers/product-server";

/**
 * The `/metrics` door (ADR 0065, CONTRACT.md) on the built server listening on every interface: this
 * machine reads it, another host only with `Authorization: Bearer $METRICS_TOKEN`, and a request a proxy
 * passed on (nginx on the same machine) counts as another host's.
 */
const TOKEN = "scrape-token-0123456789abcdef";
let server: ProductServer;
/** The server as another host reaches it: this machine's own address on a network interface. */
let outside: string;

function externalAddress() {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
  if (!address) throw new Error("this test needs a network interface besides loopback (to reach the server as another host)");
  return address;
}

beforeAll(async () => {
  server = await startProductServer({
    env: { HOST: "0.0.0.0", METRICS_TOKEN: TOKEN, SEED_DEMO: "false", TRUST_PROXY: "1" },
    timeoutMs: 90_000,
  });
  outside = `http://${externalAddress()}:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function get(base: string, headers: Record<string, string> = {}) {
  return rawRequest(base, { method: "GET", path: "/metrics", headers });
}

describe("GET /metrics", () => {
  it("answers this machine without a token, in Prometheus' text format, never cached", async () => {
    // A route with a parameter and an unknown path first: both must be counted without their raw path.
    await fetch(`${server.url}/api/media/0b6c0a5e-1111-4222-8333-444455556666/preview`);
    await fetch(`${server.url}/no-such-page-7f3a9c`);
    await fetch(`${server.url}/about`);
    await fetch(`${server.url}/about`);
    const answer = await get(server.url);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["x-page-cache"]).toBeUndefined();
    const text = answer.body;
    expect(text).toMatch(/^ipangel_build_info\{version="\d+\.\d+\.\d+",commit="[0-9a-f]*"\} 1$/m);
    expect(text).toMatch(/^ipangel_http_requests_total\{route="\/api\/media\/:id\/preview",method="GET",status="4xx"\} 1$/m);
    expect(text).toMatch(/^ipangel_http_requests_total\{route="other",method="GET",status="4xx"\} 1$/m);
    expect(text).toMatch(/^ipangel_http_requests_total\{route="\/about",method="GET",status="2xx"\} 2$/m);
    expect(text).toMatch(/^ipangel_http_request_duration_seconds_count\{route="\/about",method="GET"\} 2$/m);
    expect(text).toMatch(/^ipangel_page_cache_requests_total\{result="hit"\} [1-9]/m);
    expect(text).not.toContain("0b6c0a5e");
    expect(text).not.toContain("no-such-page");
    // The shared numbers (the confirmation sweep and retention queues exist from the start) and this process's own.
    expect(text).toMatch(/^ipangel_database_up 1$/m);
    expect(text).toMatch(/^ipangel_jobs_waiting\{kind="mail"\} \d+$/m);
    expect(text).toMatch(/^ipangel_jobs_oldest_waiting_seconds\{kind="mail"\} \d+$/m);
    expect(text).toMatch(/^ipangel_mail_outbox\{state="failed"\} 0$/m);
    expect(text).toMatch(/^ipangel_database_size_bytes \d+$/m);
    expect(text).toMatch(/^ipangel_db_pool_connections\{state="total"\} [1-9]/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it("is counted afresh at every scrape, not served from a cache", async () => {
    const count = (text: string) =>
      Number(/^ipangel_http_requests_total\{route="\/metrics",method="GET",status="2xx"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    const first = count((await get(server.url)).body);
    const second = count((await get(server.url)).body);
    expect(second).toBe(first + 1);
  });

  it("answers another host only with the token", async () => {
    const refused = await get(outside);
    expect(refused.status).toBe(401);
    expect(refused.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.body).not.toContain("ipangel_");
    expect((await get(outside, { authorization: "Bearer wrong-token-0123456789abcdef" })).status).toBe(401);
    const opened = await get(outside, { authorization: `Bearer ${TOKEN}` });
    expect(opened.status).toBe(200);
    expect(opened.body).toContain("ipangel_http_requests_total");
  });

  it("refuses garbage in the Authorization header like no token", async () => {
    for (const authorization of [
      "Bearer",
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}`,
      `Bearer ${TOKEN} ${TOKEN}`,
      `Bearer ${TOKEN}=x`,
      `Token ${TOKEN}`,
      `Bearer ${"x".repeat(8000)}`,
      "Bearer ünïcödé",
    ]) {
      const answer = await get(outside, { authorization });
      expect(answer.status, authorization.slice(0, 30)).toBe(401);
    }
  });

  it("takes a request a proxy on this machine passed on as another host's", async () => {
    // What the bundled nginx sends: from loopback, with the visitor's address forwarded.
    const forwarded = { "x-forwarded-for": "127.0.0.1", "x-forwarded-proto": "http" };
    expect((await get(server.url, forwarded)).status).toBe(401);
    expect((await get(server.url, { forwarded: "for=127.0.0.1" })).status).toBe(401);
    expect((await get(server.url, { ...forwarded, authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it("is no page: not in the sitemap, not in robots.txt, no other method", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/about");
    expect(sitemap).not.toContain("/metrics");
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).not.toContain("/metrics");
    const post = await rawRequest(server.url, { method: "POST", path: "/metrics", headers: { "content-type": "text/plain" }, body: "x" });
    expect(post.status).toBe(405);
  });
});
