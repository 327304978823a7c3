import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Debian's PostgreSQL 15 as a separate server for multi-process tests (the DATABASE_URL path
 * every production deployment takes). Installs `postgresql-15` when missing (root, as CI runs).
 */
const BIN = "/usr/lib/postgresql/15/bin";

function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

function asPostgres(args: string[]): [string, string[]] {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", ...args]] : [args[0], args.slice(1)];
}

export function ensureDebianPackages(packages: Array<{ name: string; check: string }>) {
  const missing = packages.filter((item) => !fs.existsSync(item.check)).map((item) => item.name);
  if (missing.length === 0) return;
  if (!isRoot()) throw new Error(`Missing ${missing.join(", ")}: install them with apt-get (needs root).`);
  execFileSync("apt-get", ["-o", "DPkg::Lock::Timeout=600", "update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["-o", "DPkg::Lock::Timeout=600", "install", "-y", "-qq", "--no-install-recommends", ...missing], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

export interface Postgres15 {
  url: string;
  stop(): void;
}

export function startPostgres15(port: number): Postgres15 {
  ensureDebianPackages([{ name: "postgresql-15", check: path.join(BIN, "postgres") }]);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-pg15-cluster-"));
  fs.chmodSync(folder, 0o755);
  const dataDir = path.join(folder, "data");
  fs.mkdirSync(dataDir);
  const pwfile = path.join(folder, "pw");
  fs.writeFileSync(pwfile, "cluster-test\n");
  if (isRoot()) execFileSync("chown", ["-R", "postgres:postgres", folder]);
  execFileSync(
    ...asPostgres([
      path.join(BIN, "initdb"),
      "-D",
      dataDir,
      "-U",
      "postgres",
      `--pwfile=${pwfile}`,
      "--auth=scram-sha-256",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
    ]),
    { stdio: "ignore" },
  );
  execFileSync(
    ...asPostgres([
      path.join(BIN, "pg_ctl"),
      "-D",
      dataDir,
      "-l",
      path.join(folder, "log"),
      "-w",
      "-o",
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=200`,
      "start",
    ]),
    { stdio: "ignore" },
  );
  return {
    url: `postgres://postgres:cluster-test@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        execFileSync(...asPostgres([path.join(BIN, "pg_ctl"), "-D", dataDir, "-m", "fast", "-w", "stop"]), { stdio: "ignore" });
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
