import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useObjectStore } from "../../tests/helpers/object-store";
import { getEnv, parseEnv, setEnvForTesting } from "./env.server";
import { serveStoredFile } from "./file-route.server";
import {
  createSignedUrl,
  deleteFile,
  deleteFolder,
  fileExists,
  getStorage,
  InvalidKeyError,
  prepareStorage,
  publicFileUrl,
  readFile,
  saveFile,
  StorageUnavailableError,
} from "./storage.server";

/**
 * The storage contract, run against both drivers: the local disk and a real S3 server (Ceph RGW).
 * Whatever the driver, a file is stored whole or not at all, reads back byte for byte, is
 * served over /files with Range, ETag and 304, and deletion removes exactly what it names.
 */
function pattern(bytes: number, seed = 1) {
  const buffer = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) buffer[i] = (i * 31 + seed) % 251;
  return buffer;
}

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function readAll(stream: Readable | undefined) {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(bucket: "media-files" | "avatars") {
  const keys: string[] = [];
  for await (const item of getStorage().list(bucket)) keys.push(item.key);
  return keys.sort();
}

/** A stream that sends `good` bytes and then fails, like an upload cut off mid-way. */
function brokenStream(good: number) {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(pattern(good));
        return;
      }
      this.destroy(new Error("client went away"));
    },
  });
}

function request(port: number, rawPath: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each(["local", "s3"] as const)("storage driver %s", (driver) => {
  let server: http.Server;
  let port: number;
  let baseEnv: ReturnType<typeof getEnv>;

  beforeAll(async () => {
    baseEnv = getEnv();
    if (driver === "s3") {
      const store = await useObjectStore();
      setEnvForTesting(parseEnv({ ...envSource(baseEnv), STORAGE_URL: store.storageUrl() }));
    } else {
      setEnvForTesting(baseEnv);
    }
    await prepareStorage();
    expect(getStorage().kind).toBe(driver);
    const app = express();
    app.get("/files/{*key}", serveStoredFile);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  }, 300_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    setEnvForTesting(baseEnv);
  });

  it("stores a buffer and a 20 MiB stream and reads both back byte for byte", async () => {
    const small = pattern(1000);
    expect(await saveFile("media-files", "items/a/small.bin", small)).toEqual({ size: 1000 });
    const big = pattern(20 * 1024 * 1024, 7);
    expect(await saveFile("media-files", "items/a/big.bin", Readable.from(chunks(big, 64 * 1024)))).toEqual({ size: big.length });
    expect((await readAll(await readFile("media-files", "items/a/small.bin")))?.equals(small)).toBe(true);
    expect(sha((await readAll(await readFile("media-files", "items/a/big.bin")))!)).toBe(sha(big));
    expect(await fileExists("media-files", "items/a/big.bin")).toBe(true);
    expect(await readFile("media-files", "items/a/missing.bin")).toBeUndefined();
  });

  it("replaces a file whole, and a broken upload leaves the old file and no half-written one", async () => {
    await saveFile("media-files", "items/b/file.bin", pattern(5000, 1));
    await saveFile("media-files", "items/b/file.bin", pattern(6000, 2));
    expect((await readAll(await readFile("media-files", "items/b/file.bin")))?.equals(pattern(6000, 2))).toBe(true);
    // Bigger than one multipart part on S3, so the cut happens inside a multipart upload.
    await expect(saveFile("media-files", "items/b/file.bin", brokenStream(9 * 1024 * 1024))).rejects.toThrow();
    await expect(saveFile("media-files", "items/b/new.bin", brokenStream(1024))).rejects.toThrow();
    expect((await readAll(await readFile("media-files", "items/b/file.bin")))?.equals(pattern(6000, 2))).toBe(true);
    expect(await fileExists("media-files", "items/b/new.bin")).toBe(false);
    expect((await keysOf("media-files")).filter((key) => key.startsWith("items/b/"))).toEqual(["items/b/file.bin"]);
  });

  it("deletes one file or one folder and nothing else", async () => {
    await saveFile("avatars", "user-1/1.png", Buffer.from("one"));
    await saveFile("avatars", "user-1/2.png", Buffer.from("two"));
    await saveFile("avatars", "user-10/1.png", Buffer.from("other user"));
    await deleteFile("avatars", "user-1/1.png");
    expect(await fileExists("avatars", "user-1/1.png")).toBe(false);
    expect(await fileExists("avatars", "user-1/2.png")).toBe(true);
    await deleteFolder("avatars", "user-1");
    expect(await keysOf("avatars")).toEqual(["user-10/1.png"]);
    await deleteFile("avatars", "user-1/never-there.png");
  });

  it("refuses unsafe keys before touching the store", async () => {
    await expect(saveFile("media-files", "../escape.bin", Buffer.from("x"))).rejects.toThrow(InvalidKeyError);
    await expect(deleteFolder("avatars", "..")).rejects.toThrow(InvalidKeyError);
    await expect(readFile("media-files", "a//b")).rejects.toThrow(InvalidKeyError);
  });

  it("serves files over /files: whole, ranges, HEAD, 304, 404, 416, and the attachment name", async () => {
    const body = pattern(300_000, 3);
    await saveFile("media-files", "items/c/clip.mp4", body);
    const url = createSignedUrl("media-files", "items/c/clip.mp4", 60);
    const whole = await request(port, url);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(body)).toBe(true);
    expect(whole.headers["content-type"]).toBe("video/mp4");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/"/);

    const part = await request(port, url, { range: "bytes=1000-1999" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1000-1999/${body.length}`);
    expect(part.body.equals(body.subarray(1000, 2000))).toBe(true);

    const head = await request(port, url, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(body.length));

    expect((await request(port, url, { "if-none-match": etag })).status).toBe(304);
    const outside = await request(port, url, { range: `bytes=${body.length + 10}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers["content-range"]).toBe(`bytes */${body.length}`);
    expect((await request(port, createSignedUrl("media-files", "items/c/none.mp4", 60))).status).toBe(404);

    const named = await request(port, createSignedUrl("media-files", "items/c/clip.mp4", 60, { downloadName: "Mein Clip.mp4" }));
    expect(named.headers["content-disposition"]).toBe(`attachment; filename="Mein Clip.mp4"; filename*=UTF-8''Mein%20Clip.mp4`);
    expect((await request(port, url.replace(/sig=[^&]+/, "sig=forged"))).status).toBe(403);

    await saveFile("avatars", "user-2/1.png", Buffer.from("avatar bytes"));
    const avatar = await request(port, publicFileUrl("avatars", "user-2/1.png"));
    expect(avatar.status).toBe(200);
    expect(avatar.body.toString()).toBe("avatar bytes");
  });
});

describe("S3 driver, other modes", () => {
  let baseEnv: ReturnType<typeof getEnv>;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    baseEnv = getEnv();
    const app = express();
    app.get("/files/{*key}", serveStoredFile);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    setEnvForTesting(baseEnv);
  });

  it("downloads=redirect answers with a short-lived presigned URL of the store that keeps the name", async () => {
    const store = await useObjectStore();
    setEnvForTesting(parseEnv({ ...envSource(baseEnv), STORAGE_URL: store.storageUrl("&downloads=redirect") }));
    await prepareStorage();
    const body = pattern(50_000, 9);
    await saveFile("media-files", "items/r/report.pdf", body);
    const answer = await request(port, createSignedUrl("media-files", "items/r/report.pdf", 60, { downloadName: "Report 2026.pdf" }));
    expect(answer.status).toBe(302);
    const location = new URL(String(answer.headers.location));
    expect(location.origin).toBe(store.endpoint);
    expect(Number(location.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(60);
    const fromStore = await fetch(location);
    expect(fromStore.status).toBe(200);
    expect(fromStore.headers.get("content-type")).toBe("application/pdf");
    expect(fromStore.headers.get("content-disposition")).toBe(`attachment; filename="Report 2026.pdf"; filename*=UTF-8''Report%202026.pdf`);
    expect(Buffer.from(await fromStore.arrayBuffer()).equals(body)).toBe(true);
    // The product's own signature is still checked before any presigning.
    expect((await request(port, "/files/media-files/items/r/report.pdf?expires=1&sig=x")).status).toBe(403);
  });

  it("a store that does not answer: uploads fail with StorageUnavailableError, downloads with a clear 503", async () => {
    await useObjectStore();
    setEnvForTesting(parseEnv({ ...envSource(baseEnv), STORAGE_URL: "s3://nowhere?endpoint=http://127.0.0.1:9&region=us-east-1" }));
    await expect(saveFile("avatars", "user-3/1.png", Buffer.from("x"))).rejects.toThrow(StorageUnavailableError);
    await expect(saveFile("media-files", "items/x/a.bin", Readable.from([pattern(1000)]))).rejects.toThrow(StorageUnavailableError);
    const answer = await request(port, createSignedUrl("media-files", "items/x/a.bin", 60));
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("30");
    expect(answer.body.toString()).toBe("The file store is unavailable right now. Please try again in a minute.");
  });
});

function* chunks(buffer: Buffer, size: number) {
  for (let offset = 0; offset < buffer.length; offset += size) yield buffer.subarray(offset, offset + size);
}

/** Turns a parsed env back into variables, so one setting can be changed and parsed again. */
function envSource(env: ReturnType<typeof getEnv>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}
