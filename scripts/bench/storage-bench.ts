/**
 * `npm run bench:storage`: download speed of the /files route with each storage set-up (ADR 0024):
 * the local disk (Express sendFile), S3 streamed through the server (`downloads=stream`), and a
 * redirect to a presigned URL fetched from the store (`downloads=redirect`). Also the upload
 * (save) speed of a big file. Needs a running S3 store: BENCH_S3_ENDPOINT (default: starts Ceph
 * RGW with scripts/ceph-rgw.sh in a scratch folder) and the AWS_* keys it prints.
 * Options: BENCH_BIG_MB (default 64), BENCH_ROUNDS (default 5), BENCH_CONNECTIONS (default 4).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import express from "express";
import { parseEnv, setEnvForTesting } from "~/lib/env.server";
import { serveStoredFile } from "~/lib/file-route.server";
import { createSignedUrl, prepareStorage, saveFile } from "~/lib/storage.server";
import { startRgw, stopRgw } from "../../tests/helpers/rgw";

const BIG_BYTES = Number(process.env.BENCH_BIG_MB ?? 64) * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const SMALL_BYTES = 30 * 1024;
const SMALL_REQUESTS = 400;

function pattern(bytes: number) {
  const buffer = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 4096) buffer.writeUInt32LE((i * 2654435761) >>> 0, i);
  return buffer;
}

async function drain(url: string) {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

async function measure(label: string, base: string, bigUrl: () => string, smallUrl: () => string) {
  await drain(base + bigUrl()); // warm-up
  let started = performance.now();
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) bytes += await drain(base + bigUrl());
  const serialMBs = bytes / 1024 / 1024 / ((performance.now() - started) / 1000);
  started = performance.now();
  bytes = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let round = 0; round < ROUNDS; round++) bytes += await drain(base + bigUrl());
    }),
  );
  const parallelMBs = bytes / 1024 / 1024 / ((performance.now() - started) / 1000);
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next++ < SMALL_REQUESTS) {
        const at = performance.now();
        await drain(base + smallUrl());
        latencies.push(performance.now() - at);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.floor(q * (latencies.length - 1))].toFixed(1);
  console.log(
    `${label.padEnd(22)} ${(BIG_BYTES / 1024 / 1024).toFixed(0)} MiB file: ${serialMBs.toFixed(0).padStart(5)} MB/s one at a time, ${parallelMBs.toFixed(0).padStart(5)} MB/s with ${CONNECTIONS} at once; ${SMALL_BYTES / 1024} KiB file ×${SMALL_REQUESTS} (8 at once): p50 ${p(0.5)} ms, p95 ${p(0.95)} ms`,
  );
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-bench-"));
  let rgwDir: string | undefined;
  let endpoint = process.env.BENCH_S3_ENDPOINT;
  if (!endpoint) {
    rgwDir = path.join(dataDir, "rgw");
    const values = await startRgw(rgwDir, 17000 + Math.floor(Math.random() * 1000));
    endpoint = values.S3_ENDPOINT;
    process.env.AWS_ACCESS_KEY_ID = values.AWS_ACCESS_KEY_ID;
    process.env.AWS_SECRET_ACCESS_KEY = values.AWS_SECRET_ACCESS_KEY;
  }
  const base = {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
    LOG_LEVEL: "warn",
  };
  const app = express();
  app.get("/files/{*key}", serveStoredFile);
  const server = http.createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const big = pattern(BIG_BYTES);
  const small = pattern(SMALL_BYTES);
  const prefix = `bench${Date.now().toString(36)}`;
  const setups: Array<[string, Record<string, string>]> = [
    ["local disk (sendFile)", {}],
    ["S3 streamed", { STORAGE_URL: `s3://${prefix}?endpoint=${endpoint}` }],
    ["S3 presigned redirect", { STORAGE_URL: `s3://${prefix}?endpoint=${endpoint}&downloads=redirect` }],
  ];
  try {
    for (const [label, extra] of setups) {
      setEnvForTesting(parseEnv({ ...base, ...extra }));
      await prepareStorage();
      const at = performance.now();
      await saveFile("media-files", "bench/big.bin", Readable.from([big]));
      const uploadMs = performance.now() - at;
      await saveFile("media-files", "bench/small.webp", small);
      if (label !== "S3 presigned redirect")
        console.log(`${label.padEnd(22)} upload of ${(BIG_BYTES / 1024 / 1024).toFixed(0)} MiB (streamed): ${uploadMs.toFixed(0)} ms`);
      await measure(
        label,
        origin,
        () => createSignedUrl("media-files", "bench/big.bin", 600),
        () => createSignedUrl("media-files", "bench/small.webp", 600),
      );
    }
  } finally {
    server.close();
    if (rgwDir) await stopRgw(rgwDir, true);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
