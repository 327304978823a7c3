import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStoredFile } from "./file-route.server";
import { createSignedUrl, saveFile } from "./storage.server";

/**
 * The /files route over real HTTP. Raw paths are sent with node:http, because fetch and browsers
 * normalise `..` before sending and so would never test the server.
 */
let server: http.Server;
let port: number;
const KEY = "items/test/clip.bin";
const body = Buffer.alloc(100_000, 0);
for (let i = 0; i < body.length; i++) body[i] = i % 251;

function request(rawPath: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: rawPath, method: options.method ?? "GET", headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  await saveFile("media-files", KEY, body);
  await saveFile("avatars", "user-1/1.png", Buffer.from("png"));
  const app = express();
  app.get("/files/{*key}", serveStoredFile);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("GET/HEAD /files", () => {
  it("serves a signed file whole, with ETag, nosniff, a sandbox CSP and an inline disposition", async () => {
    const response = await request(createSignedUrl("media-files", KEY, 60));
    expect(response.status).toBe(200);
    expect(createHash("sha256").update(response.body).digest("hex")).toBe(createHash("sha256").update(body).digest("hex"));
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("sandbox");
    expect(response.headers["content-disposition"]).toMatch(/^inline; filename="clip.bin"/);
    expect(response.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
  });

  it("answers Range requests with 206 and the exact bytes, and 416 outside the file", async () => {
    const url = createSignedUrl("media-files", KEY, 60);
    const partial = await request(url, { headers: { Range: "bytes=1000-1999" } });
    expect(partial.status).toBe(206);
    expect(partial.headers["content-range"]).toBe(`bytes 1000-1999/${body.length}`);
    expect(partial.body.equals(body.subarray(1000, 2000))).toBe(true);
    const tail = await request(url, { headers: { Range: "bytes=-10" } });
    expect(tail.body.equals(body.subarray(body.length - 10))).toBe(true);
    const outside = await request(url, { headers: { Range: `bytes=${body.length + 10}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers["content-range"]).toBe(`bytes */${body.length}`);
  });

  it("answers If-None-Match with 304 and HEAD with headers only", async () => {
    const url = createSignedUrl("media-files", KEY, 60);
    const first = await request(url);
    const again = await request(url, { headers: { "If-None-Match": String(first.headers.etag) } });
    expect(again.status).toBe(304);
    const head = await request(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(body.length));
    expect(head.body.length).toBe(0);
  });

  it("sends a download as an attachment under the signed name, safely encoded", async () => {
    const response = await request(createSignedUrl("media-files", KEY, 60, { downloadName: 'Mein "Häuschen"; v2.bin' }));
    expect(response.status).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="Mein _H_uschen__ v2.bin"; filename*=UTF-8''Mein%20%22H%C3%A4uschen%22%3B%20v2.bin`,
    );
  });

  it("refuses altered, missing and expired signatures with 403", async () => {
    const url = new URL(createSignedUrl("media-files", KEY, 60), "http://x");
    const altered = new URL(url);
    altered.searchParams.set("sig", `${url.searchParams.get("sig")!.slice(0, -2)}AA`);
    expect((await request(altered.pathname + altered.search)).status).toBe(403);
    const longer = new URL(url);
    longer.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    expect((await request(longer.pathname + longer.search)).status).toBe(403);
    const renamed = new URL(url);
    renamed.searchParams.set("name", "other.exe");
    expect((await request(renamed.pathname + renamed.search)).status).toBe(403);
    expect((await request(url.pathname)).status).toBe(403);
    // The signature of one file does not open another.
    const otherFile = url.pathname.replace("clip.bin", "other.bin") + url.search;
    expect((await request(otherFile)).status).toBe(403);
    const expired = await request(createSignedUrl("media-files", KEY, 60, { now: Date.now() - 120_000 }));
    expect(expired.status).toBe(403);
    expect(expired.body.toString()).toBe("This link has expired");
  });

  it.each([
    "/files/media-files/../secrets/auth-secret",
    "/files/media-files/items/../../secrets/auth-secret",
    "/files/media-files/%2e%2e/secrets/auth-secret",
    "/files/media-files/%2E%2E%2Fsecrets%2Fauth-secret",
    "/files/media-files/..%2fsecrets%2fauth-secret",
    "/files/media-files/..%5csecrets%5cauth-secret",
    "/files/media-files/%252e%252e/secrets/auth-secret",
    "/files/media-files/items%2f..%2f..%2fsecrets",
    "/files/media-files/.%2e/secrets/auth-secret",
    "/files/avatars/../media-files/items/test/clip.bin",
    "/files/avatars/%2e%2e%2fmedia-files%2fitems%2ftest%2fclip.bin",
    "/files/avatars/user-1/%00.png",
    "/files/%2e%2e/secrets/auth-secret",
    "/files/nope/user-1/1.png",
  ])("refuses the traversal %s with 403, signed or not", async (rawPath) => {
    expect((await request(rawPath)).status).toBe(403);
    expect((await request(`${rawPath}?expires=9999999999&sig=x`)).status).toBe(403);
  });

  it("serves the public avatars bucket without a signature, and 404s a missing file", async () => {
    const avatar = await request("/files/avatars/user-1/1.png?name=invoice.html");
    expect(avatar.status).toBe(200);
    expect(avatar.headers["content-disposition"]).toMatch(/^inline; filename="1.png"/);
    expect((await request("/files/avatars/user-1/2.png")).status).toBe(404);
    expect((await request(createSignedUrl("media-files", "items/test/missing.bin", 60))).status).toBe(404);
  });
});
