import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { getEnv } from "../../app/lib/env.server";

/**
 * Starts tests/helpers/cluster-worker.ts as a separate OS process (its own PostgreSQL pool, its
 * own job workers) on this test worker's database, and follows its output lines.
 */
export interface ChildWorker {
  pid: number;
  process: ChildProcess;
  lines: string[];
  /** Resolves with the first output line matching `pattern` (seen already or still to come). */
  waitFor(pattern: RegExp): Promise<string>;
  output(): string;
  /** Sends the signal and waits until the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

let bundle: Promise<string> | undefined;

/**
 * cluster-worker.ts built once per test process the way Vite builds the server (path aliases,
 * `import.meta.glob` of the locales; packages stay imports), so each child only loads one file
 * instead of transforming the app again. Under node_modules/ so the bundle's imports resolve.
 */
function buildWorker() {
  bundle ??= (async () => {
    // One folder per vitest worker slot: rebuilt by the next file of that slot, never piling up.
    const outDir = path.join(ROOT, "node_modules/.cache", `ipangel-child-worker-${process.env.VITEST_POOL_ID ?? "1"}`);
    await build({
      root: ROOT,
      configFile: false,
      publicDir: false,
      logLevel: "error",
      resolve: { tsconfigPaths: true },
      build: { ssr: path.join(ROOT, "tests/helpers/cluster-worker.ts"), outDir, emptyOutDir: true, minify: false, target: "node20" },
    });
    return path.join(outDir, "cluster-worker.js");
  })();
  return bundle;
}

export async function startChildWorker(
  mode: "periodic" | "mail" | "newsletter" | "signup" | "ratelimit" | "redirects",
  env: Record<string, string> = {},
): Promise<ChildWorker> {
  const file = await buildWorker();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-child-"));
  const base = getEnv();
  const child = spawn(process.execPath, [file, mode], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      NODE_NO_WARNINGS: "1",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: base.DATABASE_URL,
      AUTH_SECRET: base.AUTH_SECRET,
      PUBLIC_URL: base.PUBLIC_URL,
      ...env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let output = "";
  let waiting: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  let partial = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    partial += chunk.toString();
    const complete = partial.split("\n");
    partial = complete.pop() ?? "";
    for (const line of complete) {
      lines.push(line);
      const [matched, rest] = [waiting.filter((w) => w.pattern.test(line)), waiting.filter((w) => !w.pattern.test(line))];
      waiting = rest;
      for (const waiter of matched) waiter.resolve(line);
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const worker: ChildWorker = {
    pid: child.pid!,
    process: child,
    lines,
    output: () => output,
    waitFor(pattern) {
      const seen = lines.find((line) => pattern.test(line));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiting.push({ pattern, resolve });
        void exited.then(() => reject(new Error(`worker ${child.pid} exited before printing ${pattern}:\n${output}`)));
      });
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  await worker.waitFor(/^READY$/);
  return worker;
}
