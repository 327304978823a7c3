/**
 * `npm run bench:upload`: console uploads (issue 11, ADR 0020, docs/console.md), in one run against
 * references measured on the same disk and the same server:
 *
 *  - the built product (`node server.js`, tests/helpers/product-server.ts) on a fresh DATA_DIR, an
 *    account signed up over HTTP, made an admin with `npm run admin -- grant EMAIL` (as an operator
 *    would), then signed in over HTTP;
 *  - uploads through POST /admin/media/upload, the request the console's uploader makes (raw bytes,
 *    `X-File-Name`, `Content-Type`, same-origin `Origin`/`Sec-Fetch-Site`), at most two at a time
 *    as the uploader does: per round a 50 MB MP4 alone, three images at once, and the four together;
 *  - references: `fs.copyFile` and a streamed copy of the same bytes on the same disk, and a download
 *    of the uploaded video from the same server (`/files/…`, the signed URL the /media card carries);
 *  - the time to publish: from the start of a file's upload until an anonymous visitor finds it on
 *    /media (the public page is polled), per file and for the batch of three images.
 *
 * Then the same with STORAGE_URL on a real Ceph RGW (scripts/ceph-rgw.sh) unless BENCH_SKIP_S3=1.
 * Knobs: BENCH_ROUNDS (3), BENCH_VIDEO_MB (50), BENCH_SKIP_S3=1. Needs a build (`npx react-router
 * build`). Exit code 1 when an upload fails or an item never shows on /media, 2 on a set-up error.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import sharp from "sharp";
import { createClient, rawRequest } from "../../tests/helpers/http-client";
import { makeDataDir, startProductServer, type ProductServer } from "../../tests/helpers/product-server";
import { startRgw, stopRgw } from "../../tests/helpers/rgw";
import { makePaddedMp4 } from "../../tests/helpers/video-fixture";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VIDEO_BYTES = Number(process.env.BENCH_VIDEO_MB ?? 50) * 1024 * 1024;
/** As the console's uploader (app/features/admin/components/media-uploader.tsx). */
const PARALLEL_UPLOADS = 2;
const PUBLISH_TIMEOUT_MS = 120_000;
const AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const PASSWORD = "bench-password-1";
const MB = 1024 * 1024;

const log = (line = "") => console.log(line);
const loadavg = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
/** The median of the measured values (a failed upload counts as NaN and is left out). */
function median(values: number[]) {
  const measured = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return measured[Math.floor((measured.length - 1) / 2)] ?? NaN;
}
const run = promisify(execFile);
let failures = 0;

interface BenchFile {
  path: string;
  name: string;
  /** The item's title on /media (upload.server.ts titleOf: the name without extension). */
  title: string;
  type: string;
  bytes: number;
}

interface Uploaded {
  file: BenchFile;
  ok: boolean;
  uploadMs: number;
  publishMs: number;
  serverReceivedMs?: number;
  serverPublishedMs?: number;
}

/** The round's files in `dir`: a real MP4 padded to VIDEO_BYTES (distinct bytes each round) and three noisy photos. */
async function makeFiles(dir: string, round: string): Promise<{ video: BenchFile; images: BenchFile[] }> {
  const describe = (name: string, type: string): BenchFile => {
    const file = path.join(dir, name);
    return { path: file, name, title: path.basename(name, path.extname(name)), type, bytes: fs.statSync(file).size };
  };
  const video = makePaddedMp4(VIDEO_BYTES);
  randomBytes(64).copy(video, video.length - 64);
  const videoName = `upbench-${round}-video.mp4`;
  fs.writeFileSync(path.join(dir, videoName), video);
  const images: BenchFile[] = [];
  for (const [index, [width, height]] of [
    [3000, 2000],
    [2400, 1600],
    [1600, 1200],
  ].entries()) {
    const name = `upbench-${round}-photo${index + 1}.jpg`;
    await sharp({ create: { width, height, channels: 3, background: "#3a6ea5", noise: { type: "gaussian", mean: 120, sigma: 40 } } })
      .jpeg({ quality: 85 })
      .toFile(path.join(dir, name));
    images.push(describe(name, "image/jpeg"));
  }
  return { video: describe(videoName, "video/mp4"), images };
}

/** Plain copies of the same bytes on the same disk: fs.copyFile and a streamed copy (read + write, as an upload writes). */
async function copyReference(file: BenchFile, dir: string) {
  const target = path.join(dir, "copy.bin");
  let at = performance.now();
  await fs.promises.copyFile(file.path, target);
  const copyMs = performance.now() - at;
  fs.rmSync(target);
  at = performance.now();
  await pipeline(fs.createReadStream(file.path), fs.createWriteStream(target));
  const streamMs = performance.now() - at;
  fs.rmSync(target);
  return { copyFile: mbps(file.bytes, copyMs), streamed: mbps(file.bytes, streamMs) };
}

/** An anonymous visitor's /media search for `title` lists it (the public page, as cached for visitors). */
/** An upload is a draft (ADR 0060): it is listed in the console's table, not yet on /media. */
async function isListed(server: ProductServer, cookie: string, title: string) {
  const response = await fetch(`${server.url}/admin/media?q=${encodeURIComponent(title)}`, { headers: { cookie } });
  return response.ok && (await response.text()).includes(title);
}

async function waitUntilListed(server: ProductServer, cookie: string, title: string, since: number) {
  const deadline = since + PUBLISH_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (await isListed(server, cookie, title)) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return NaN;
}

/** One file, as the uploader's XMLHttpRequest sends it; then polls the console's table until the item (a draft) is there. */
async function upload(server: ProductServer, cookie: string, file: BenchFile): Promise<Uploaded> {
  const body = await fs.promises.readFile(file.path);
  const started = performance.now();
  const answer = await rawRequest(server.url, {
    method: "POST",
    path: "/admin/media/upload?lang=en",
    headers: {
      cookie,
      origin: server.url,
      "sec-fetch-site": "same-origin",
      "x-file-name": encodeURIComponent(file.name),
      "content-type": file.type,
      "content-length": String(body.length),
    },
    body,
  });
  const uploadMs = performance.now() - started;
  let parsed: { ok?: boolean; receivedMs?: number; storedMs?: number; error?: string } = {};
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    // not JSON: reported below
  }
  if (answer.status !== 200 || !parsed.ok) {
    failures += 1;
    console.error(`upload of ${file.name} failed: ${answer.status} ${parsed.error ?? answer.body.slice(0, 300)}`);
    return { file, ok: false, uploadMs, publishMs: NaN };
  }
  const publishMs = await waitUntilListed(server, cookie, file.title, started);
  if (Number.isNaN(publishMs)) {
    failures += 1;
    console.error(`${file.name} was uploaded but not listed in the console within ${PUBLISH_TIMEOUT_MS / 1000} s`);
  }
  return { file, ok: true, uploadMs, publishMs, serverReceivedMs: parsed.receivedMs, serverPublishedMs: parsed.storedMs };
}

/** The files through the console's queue: at most PARALLEL_UPLOADS at a time, in order. */
async function uploadAll(server: ProductServer, cookie: string, files: BenchFile[]) {
  const results: Uploaded[] = [];
  const queue = [...files];
  await Promise.all(
    Array.from({ length: PARALLEL_UPLOADS }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) results.push(await upload(server, cookie, file));
    }),
  );
  return results;
}

/** Signs up over HTTP, grants the console with `npm run admin`, and signs in over HTTP; returns the session cookie. */
async function signInAdmin(server: ProductServer, extraEnv: Record<string, string>) {
  const email = `upbench-${Date.now().toString(36)}@example.com`;
  const client = createClient(server.url);
  const origin = { origin: server.url };
  const signUp = await client.postForm(
    "/auth",
    {
      intent: "signup",
      js: "1",
      username: "upbench",
      customerType: "private",
      email,
      password: PASSWORD,
      acceptTerms: "on",
      acceptPrivacy: "on",
    },
    origin,
  );
  if (signUp.status >= 400) throw new Error(`sign-up answered ${signUp.status}`);
  await run("npm", ["run", "-s", "admin", "--", "grant", email], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: server.dataDir, AUTH_SECRET, LOG_LEVEL: "warn", ...extraEnv },
  });
  const signedIn = createClient(server.url);
  const login = await signedIn.postForm("/auth", { intent: "login", email, password: PASSWORD }, origin);
  if (login.status !== 302 || !signedIn.jar.has(/session_token/)) throw new Error(`sign-in answered ${login.status}`);
  if ((await signedIn.request("/admin/media")).status !== 200) throw new Error("the admin does not reach /admin/media");
  return signedIn.jar.header();
}

/** The video's signed /files URL from its card on /media (the preview a visitor's browser loads). */
async function downloadReference(server: ProductServer, video: BenchFile) {
  const html = await (await fetch(`${server.url}/media?q=${encodeURIComponent(video.title)}`)).text();
  const match = /(\/files\/media-files\/[^"'\s]+\.mp4\?[^"'\s]+)/.exec(html);
  if (!match) return NaN;
  const url = `${server.url}${match[1]!.replace(/&amp;/g, "&")}`;
  const drain = async () => {
    const response = await fetch(url);
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    return response.ok ? bytes : 0;
  };
  await drain(); // warm-up
  const at = performance.now();
  const bytes = await drain();
  return bytes === video.bytes ? mbps(bytes, performance.now() - at) : NaN;
}

function fmt(value: number, digits = 0) {
  return Number.isNaN(value) ? "n/a" : value.toFixed(digits);
}

async function benchSetup(label: string, env: Record<string, string>) {
  const dataDir = makeDataDir("ipangel-bench-upload-");
  // The generated files and the copies live next to DATA_DIR: the same disk as the uploads' temporary files and the stored media.
  const scratch = fs.mkdtempSync(path.join(path.dirname(dataDir), "ipangel-bench-upload-files-"));
  const server = await startProductServer({
    dataDir,
    env: { SEED_DEMO: "0", AUTH_SECRET, LOG_LEVEL: "warn", REQUIRE_EMAIL_CONFIRMATION: "false", RATE_LIMIT_FACTOR: "100000", ...env },
    timeoutMs: 120_000,
  });
  const rows: Array<{ name: string; bytes: number; uploadMs: number; publishMs: number; server?: string }> = [];
  const copies: number[] = [];
  const streamedCopies: number[] = [];
  const downloads: number[] = [];
  const videoAlone: number[] = [];
  const videoReceived: number[] = [];
  const videoWithImages: number[] = [];
  const batchPublish: number[] = [];
  const videoPublish: number[] = [];
  const imagePublish: number[] = [];
  try {
    const cookie = await signInAdmin(server, env);
    log(`\n${label}: ${server.url}, DATA_DIR ${dataDir}; load average ${loadavg()}`);
    for (let round = 1; round <= ROUNDS; round++) {
      const tag = `r${round}${randomBytes(3).toString("hex")}`;
      const files = await makeFiles(scratch, tag);
      const reference = await copyReference(files.video, scratch);
      copies.push(reference.copyFile);
      streamedCopies.push(reference.streamed);

      const [alone] = await uploadAll(server, cookie, [files.video]);
      videoAlone.push(alone!.ok ? mbps(alone!.file.bytes, alone!.uploadMs) : NaN);
      videoPublish.push(alone!.publishMs);
      videoReceived.push(alone!.serverReceivedMs === undefined ? NaN : mbps(alone!.file.bytes, alone!.serverReceivedMs));
      downloads.push(await downloadReference(server, files.video));

      // Three images at once (two on the wire at a time, as the uploader queues them).
      const batchStart = performance.now();
      const images = await uploadAll(server, cookie, files.images);
      for (const image of images) imagePublish.push(image.publishMs);
      batchPublish.push(performance.now() - batchStart);

      // What an operator drops at once: the video and the three images (new names, same bytes).
      const again = (file: BenchFile): BenchFile => {
        const name = file.name.replace(tag, `${tag}b`);
        fs.copyFileSync(file.path, path.join(scratch, name));
        return { ...file, path: path.join(scratch, name), name, title: path.basename(name, path.extname(name)) };
      };
      const together = await uploadAll(server, cookie, [files.video, ...files.images].map(again));
      const video = together.find((result) => result.file.type === "video/mp4")!;
      videoWithImages.push(video.ok ? mbps(video.file.bytes, video.uploadMs) : NaN);

      for (const result of [alone!, ...images, ...together])
        rows.push({
          name: result.file.name,
          bytes: result.file.bytes,
          uploadMs: result.uploadMs,
          publishMs: result.publishMs,
          server: result.serverReceivedMs === undefined ? undefined : `${result.serverReceivedMs}/${result.serverPublishedMs}`,
        });
      for (const file of fs.readdirSync(scratch)) fs.rmSync(path.join(scratch, file));
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  }

  log(
    `${"file".padEnd(34)} ${"MB".padStart(6)} ${"upload ms".padStart(10)} ${"MB/s".padStart(7)} ${"listed ms".padStart(10)}  server received/published ms`,
  );
  for (const row of rows)
    log(
      `${row.name.padEnd(34)} ${(row.bytes / MB).toFixed(1).padStart(6)} ${fmt(row.uploadMs).padStart(10)} ${fmt(mbps(row.bytes, row.uploadMs), 1).padStart(7)} ${fmt(row.publishMs).padStart(10)}  ${row.server ?? "failed"}`,
    );
  const copy = median(copies);
  const upload = median(videoAlone);
  log(`\n${label}, medians of ${ROUNDS} rounds (${(VIDEO_BYTES / MB).toFixed(0)} MB video); load average ${loadavg()}`);
  log(`  fs.copyFile on the same disk              ${fmt(copy).padStart(6)} MB/s`);
  log(`  streamed copy (read + write)              ${fmt(median(streamedCopies)).padStart(6)} MB/s`);
  log(`  download of the video from /files         ${fmt(median(downloads)).padStart(6)} MB/s`);
  log(
    `  console upload, video alone                ${fmt(upload).padStart(6)} MB/s = ${fmt(upload / copy, 2)}x copyFile, ${fmt(upload / median(streamedCopies), 2)}x streamed copy, ${fmt(upload / median(downloads), 2)}x download`,
  );
  log(`  of which the server receiving the body    ${fmt(median(videoReceived)).padStart(6)} MB/s (streamed to its temporary file)`);
  log(`  console upload, video with 3 images       ${fmt(median(videoWithImages)).padStart(6)} MB/s`);
  log(`  time to publish (upload start -> on /media for a visitor):`);
  log(`    video alone                             ${fmt(median(videoPublish)).padStart(6)} ms`);
  log(`    one image (of three at once)            ${fmt(median(imagePublish)).padStart(6)} ms`);
  log(`    batch of three images                   ${fmt(median(batchPublish)).padStart(6)} ms`);
}

async function main() {
  if (!fs.existsSync("build/server/index.js")) throw new Error("No production build: run `npx react-router build` first");
  log(`bench:upload, load average at start: ${loadavg()}`);
  await benchSetup("Local disk (DATA_DIR)", {});
  if (process.env.BENCH_SKIP_S3 === "1") log("\nCeph RGW: skipped (BENCH_SKIP_S3=1)");
  else {
    const rgwDir = makeDataDir("ipangel-bench-upload-rgw-");
    try {
      const values = await startRgw(rgwDir, 17000 + Math.floor(Math.random() * 1000));
      const endpoint = values.S3_ENDPOINT!;
      await benchSetup(`Ceph RGW (STORAGE_URL s3://… ${endpoint})`, {
        STORAGE_URL: `s3://upbench${Date.now().toString(36)}?endpoint=${encodeURIComponent(endpoint)}&region=${values.AWS_REGION ?? "us-east-1"}`,
        // The keys, the region and the checksum settings RGW needs, as the script prints them.
        ...Object.fromEntries(Object.entries(values).filter(([name]) => name.startsWith("AWS_"))),
      });
    } finally {
      await stopRgw(rgwDir, true).catch(() => {});
    }
  }
  if (failures) console.error(`\n${failures} upload(s) failed or never showed on /media`);
  return failures ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
