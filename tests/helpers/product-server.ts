import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";

/**
 * Starts the built product (`node server.js`) as an operator would, on a free port with its
 * own DATA_DIR, and waits until /healthz answers. Used by the end-to-end set-up and by the
 * lifecycle tests (crash, restart, SIGTERM).
 */
export interface ProductServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** SIGTERM and wait for exit; returns the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function makeDataDir(prefix = "ipangel-e2e-") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o711);
  return dir;
}

export async function waitForHealthy(url: string, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server at ${url} was not healthy within ${timeoutMs} ms`);
}

export async function startProductServer(
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    port?: number;
    timeoutMs?: number;
    /** Start it with `npm start` (the README's command) instead of `node server.js`; `process` is then npm's. */
    viaNpm?: boolean;
  } = {},
): Promise<ProductServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? makeDataDir();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const [command, args] = options.viaNpm ? ["npm", ["start"]] : [process.execPath, ["server.js"]];
  const child = spawn(command, args, {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForHealthy(url, options.timeoutMs ?? 60_000, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    stop(signal = "SIGTERM") {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
}
