import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { makeScratchFolder, removeScratchFolder } from "./scratch.server";

/**
 * Every uploaded, imported or seeded file is parsed in a child process (server/untrusted-file-child.mjs),
 * never in the server: a hostile PDF or image can use up that child's time and memory, not the
 * event loop that answers requests, and the parsers (PDF.js, @napi-rs/canvas, sharp, music-metadata)
 * never load into the server at all (ADR 0041). The limits are FILE_PROBE_TIMEOUT_S (wall clock,
 * then SIGKILL) and FILE_PROBE_MEMORY_MB (resident memory, watched from here; half of it is the V8
 * heap limit) plus the fixed pixel and page counts below. One job at a time per process; files that
 * come in a row share a child, which ends when no file is waiting.
 */

/** Why a file was not accepted: it could not be read as its type, or it went over a limit. */
export type Refusal = "unreadable" | "time" | "memory" | "pixels" | "pages";

export class FileRefused extends Error {
  override name = "FileRefused";
  constructor(
    public readonly refusal: Refusal,
    detail: string,
  ) {
    super(detail);
  }
}

/** Larger images are refused from their header, before a pixel is decoded (a 100-megapixel photo passes). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Avatars are small pictures: more than this is refused. */
export const MAX_AVATAR_PIXELS = 40_000_000;
export const MAX_PDF_PAGES = 10_000;
/** Images inside a PDF larger than this are left out of its thumbnail (not decoded). */
const MAX_PDF_IMAGE_PIXELS = 25_000_000;
const CHILD = path.resolve("server/untrusted-file-child.mjs");
const WATCH_INTERVAL_MS = 50;

type Job =
  | { kind: "image"; file: string; thumbnail: string; width: number; maxPixels: number; raster?: boolean }
  | { kind: "renditions"; file: string; maxPixels: number; outputs: Array<{ path: string; width: number; format: string }> }
  | { kind: "avatar"; file: string; output: string; size: number; maxPixels: number }
  | { kind: "audio" | "video"; file: string; cover?: string }
  | { kind: "pdf"; file: string; thumbnail: string; width: number; maxPages: number; maxImagePixels: number };

type Answer = { ok: true; result: Record<string, unknown> } | { ok: false; refusal: Refusal; detail: string };

/** Resident memory of a process in bytes (Linux /proc), or undefined where that is not available. */
async function residentBytes(pid: number) {
  const status = await fs.promises.readFile(`/proc/${pid}/status`, "utf8").catch(() => undefined);
  const kilobytes = status && /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kilobytes ? Number(kilobytes) * 1024 : undefined;
}

interface Child {
  process: ChildProcess;
  /** Its scratch folder (`cwd` and `TMPDIR`): the jobs' input and output files; removed when it exits. */
  folder: string;
  stderr: string;
  exited: Promise<void>;
}

async function startChild(): Promise<Child> {
  const folder = await makeScratchFolder("probe");
  const child = fork(CHILD, [], {
    cwd: folder,
    execArgv: [`--max-old-space-size=${Math.floor(getEnv().FILE_PROBE_MEMORY_MB / 2)}`],
    // Nothing of the server's environment (database URL, secrets); temporary files of the libraries land in the scratch folder.
    env: { PATH: process.env.PATH, TMPDIR: folder, NODE_ENV: "production", MALLOC_ARENA_MAX: "2" },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  // The server's requests come first on a small machine; the child takes what CPU is left.
  try {
    os.setPriority(child.pid!, 10);
  } catch {
    // Not permitted here (or the child is already gone): it runs at the server's priority.
  }
  const entry: Child = {
    process: child,
    folder,
    stderr: "",
    exited: new Promise((resolve) => child.once("exit", () => void removeScratchFolder(folder).then(resolve, resolve))),
  };
  child.stderr!.on("data", (chunk: Buffer) => void (entry.stderr = (entry.stderr + chunk.toString()).slice(-2000)));
  return entry;
}

let current: Child | undefined;
/** Ends an idle child: the next file of an import or seeding usually comes within this time. */
let idleTimer: NodeJS.Timeout | undefined;
const IDLE_MS = 2000;

/** Lets the child end (it exits when its channel closes) and waits until its folder is gone. */
async function retire(entry: Child) {
  if (current === entry) current = undefined;
  if (entry.process.connected) entry.process.disconnect();
  await entry.exited;
}

/**
 * The child for the next job: files that come in a row (an import, the demo seeding) share one, so the
 * parsers load once; a child that died, or holds more than half the memory limit, is replaced.
 */
async function childForNextJob() {
  clearTimeout(idleTimer);
  if (current && current.process.connected) {
    const bytes = await residentBytes(current.process.pid!);
    if (bytes !== undefined && bytes < (getEnv().FILE_PROBE_MEMORY_MB * 1024 * 1024) / 2) return current;
    await retire(current);
  }
  current = await startChild();
  return current;
}

/** Sends one job and waits for its answer, within the deadline and the memory limit (else SIGKILL). */
function runInChild(entry: Child, job: Job): Promise<Answer> {
  const { FILE_PROBE_TIMEOUT_S, FILE_PROBE_MEMORY_MB } = getEnv();
  const child = entry.process;
  return new Promise((resolve, reject) => {
    let stopped: Refusal | undefined;
    const kill = (refusal: Refusal) => {
      stopped ??= refusal;
      child.kill("SIGKILL");
    };
    const deadline = setTimeout(() => kill("time"), FILE_PROBE_TIMEOUT_S * 1000);
    const watch = setInterval(() => {
      void residentBytes(child.pid!).then((bytes) => {
        if (bytes !== undefined && bytes > FILE_PROBE_MEMORY_MB * 1024 * 1024) kill("memory");
      });
    }, WATCH_INTERVAL_MS);
    const done = () => {
      clearTimeout(deadline);
      clearInterval(watch);
      child.off("message", onMessage).off("exit", onExit).off("error", onError);
    };
    const onMessage = (message: Answer) => {
      done();
      resolve(message);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      done();
      // V8 aborts when the heap limit is reached.
      const outOfHeap = /heap limit|out of memory/i.test(entry.stderr);
      const refusal = stopped ?? (outOfHeap ? "memory" : "unreadable");
      const detail = `stopped (${signal ?? `exit ${code}`}): ${entry.stderr.trim().split("\n").pop() ?? ""}`;
      void retire(entry).then(() => resolve({ ok: false, refusal, detail }));
    };
    // The child could not be started at all: a fault of this installation, not of the file.
    const onError = (error: Error) => {
      if (child.pid !== undefined) return;
      done();
      void retire(entry).then(() => reject(error));
    };
    child.on("message", onMessage).on("exit", onExit).on("error", onError);
    child.send(job);
  });
}

let queue: Promise<unknown> = Promise.resolve();
/** Jobs asked for and not finished yet. */
let waiting = 0;
let jobNumber = 0;

/** Runs one job in the child after the ones already waiting; throws FileRefused when it does not succeed. */
async function runJob<T>(
  prepare: (prefix: string) => Promise<Job>,
  collect: (result: Record<string, unknown>, prefix: string) => Promise<T>,
) {
  waiting++;
  const turn = queue.then(async () => {
    const entry = await childForNextJob();
    // This job's files in the child's folder (made again if someone cleared $DATA_DIR/tmp meanwhile).
    await fs.promises.mkdir(entry.folder, { recursive: true, mode: 0o700 });
    const prefix = path.join(entry.folder, `job-${++jobNumber}-`);
    try {
      const job = await prepare(prefix);
      const answer = await runInChild(entry, job);
      if (!answer.ok) {
        if (answer.refusal !== "unreadable")
          logger.warn(`File refused (${answer.refusal} limit): ${path.basename(job.file)}: ${answer.detail}`);
        throw new FileRefused(answer.refusal, answer.detail);
      }
      return await collect(answer.result, prefix);
    } finally {
      waiting--;
      const files = await fs.promises.readdir(entry.folder).catch(() => []);
      await Promise.all(files.map((name) => fs.promises.rm(path.join(entry.folder, name), { force: true })));
      // Nobody else waiting: the child and its memory go unless another file comes soon.
      if (waiting === 0) idleTimer = setTimeout(() => void retire(entry), IDLE_MS).unref();
    }
  });
  queue = turn.catch(() => {});
  return turn;
}

const numberOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** `source` as a file for the child: a file as it is, bytes written to the job's scratch folder. */
async function fileOf(source: string | Buffer, prefix: string) {
  if (typeof source === "string") return source;
  const file = `${prefix}picture`;
  await fs.promises.writeFile(file, source, { mode: 0o600 });
  return file;
}

/**
 * Dimensions of an image (after its EXIF orientation) and a WebP thumbnail `width` px wide. `source`: a file, or a
 * picture's bytes; `raster` refuses all but raster images (a poster or cover, ADR 0093: no SVG or PDF).
 */
export function probeImage(source: string | Buffer, width: number, options: { raster?: boolean } = {}) {
  return runJob(
    async (prefix) => ({
      kind: "image",
      file: await fileOf(source, prefix),
      width,
      thumbnail: `${prefix}thumbnail.webp`,
      maxPixels: MAX_IMAGE_PIXELS,
      raster: options.raster,
    }),
    async (result, prefix) => ({
      widthPx: numberOrNull(result.width),
      heightPx: numberOrNull(result.height),
      thumbnail: await fs.promises.readFile(`${prefix}thumbnail.webp`),
    }),
  );
}

/**
 * An image drawn at each of `wanted` (width and format, ADR 0091), as files' bytes in the same order.
 * `source` is the image's file, or a stream of it (an item's original in the object store).
 */
export function drawRenditions<T extends { width: number; format: string }>(source: string | Buffer | NodeJS.ReadableStream, wanted: T[]) {
  return runJob(
    async (prefix) => {
      let file: string;
      if (typeof source === "string" || Buffer.isBuffer(source)) file = await fileOf(source, prefix);
      else {
        file = `${prefix}original`;
        await pipeline(source, fs.createWriteStream(file, { mode: 0o600 }));
      }
      const outputs = wanted.map(({ width, format }, index) => ({ path: `${prefix}rendition-${index}`, width, format }));
      return { kind: "renditions", file, maxPixels: MAX_IMAGE_PIXELS, outputs };
    },
    async (_result, prefix) =>
      Promise.all(
        wanted.map(async (rendition, index) => ({ ...rendition, data: await fs.promises.readFile(`${prefix}rendition-${index}`) })),
      ),
  );
}

/** Duration, a video's frame size where its container tells it, an audio file's embedded cover (bytes, not read yet). */
export function probeAudioOrVideo(file: string, kind: "audio" | "video") {
  return runJob(
    async (prefix) => ({ kind, file, ...(kind === "audio" ? { cover: `${prefix}cover` } : {}) }),
    async (result, prefix) => ({
      durationMs: numberOrNull(result.durationMs),
      widthPx: numberOrNull(result.width),
      heightPx: numberOrNull(result.height),
      cover: result.cover === true ? await fs.promises.readFile(`${prefix}cover`) : null,
    }),
  );
}

/** Page count, and the first page as a WebP picture `width` px wide (null when the page cannot be drawn). */
export function probePdf(file: string, width: number) {
  return runJob(
    async (prefix) => ({
      kind: "pdf",
      file,
      width,
      thumbnail: `${prefix}thumbnail.webp`,
      maxPages: MAX_PDF_PAGES,
      maxImagePixels: MAX_PDF_IMAGE_PIXELS,
    }),
    async (result, prefix) => ({
      pages: numberOrNull(result.pages),
      thumbnail: result.thumbnail === true ? await fs.promises.readFile(`${prefix}thumbnail.webp`) : null,
    }),
  );
}

/** A raster image re-encoded to at most size × size (cover), without its metadata; refuses anything else. */
export function reencodeAvatar(bytes: Buffer, size: number) {
  return runJob(
    async (prefix) => {
      const file = `${prefix}upload`;
      await fs.promises.writeFile(file, bytes, { mode: 0o600 });
      return { kind: "avatar", file, output: `${prefix}avatar`, size, maxPixels: MAX_AVATAR_PIXELS };
    },
    async (result, prefix) => ({
      data: await fs.promises.readFile(`${prefix}avatar`),
      ext: result.ext as "png" | "jpg" | "webp",
    }),
  );
}
