// Debian's PostgreSQL 15 as a separate, throw-away server (the DATABASE_URL path every production
// deployment takes), for `npm test`'s second database run (scripts/run-tests.mjs) and the
// multi-process tests (tests/helpers/postgres15.ts). Installs `postgresql-15` when missing (as root,
// as CI runs). Plain JavaScript: run-tests.mjs runs under Node without a TypeScript loader.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const BIN = "/usr/lib/postgresql/15/bin";

export function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

/** Installs Debian packages (waiting for another apt to finish); needs root. */
export function aptInstall(packages) {
  if (!isRoot()) throw new Error(`Missing ${packages.join(", ")}: install them with apt-get (needs root).`);
  execFileSync("apt-get", ["-o", "DPkg::Lock::Timeout=600", "update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["-o", "DPkg::Lock::Timeout=600", "install", "-y", "-qq", "--no-install-recommends", ...packages], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** Installs the packages whose `check` file is missing. */
export function ensureDebianPackages(packages) {
  const missing = packages.filter((item) => !fs.existsSync(item.check)).map((item) => item.name);
  if (missing.length > 0) aptInstall(missing);
}

function asPostgres(args) {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", ...args]] : [args[0], args.slice(1)];
}

/**
 * Starts a new cluster in a temporary folder on 127.0.0.1:`port` (no Unix socket, scram-sha-256),
 * with extra `-c` settings. Returns its superuser URL and `stop()`, which also removes the folder.
 */
export function startPostgres15({ port, password = "pg15-test", settings = {}, stdio = "ignore" }) {
  ensureDebianPackages([{ name: "postgresql-15", check: path.join(BIN, "postgres") }]);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-pg15-"));
  fs.chmodSync(folder, 0o755);
  const dataDir = path.join(folder, "data");
  fs.mkdirSync(dataDir);
  const pwfile = path.join(folder, "pw");
  fs.writeFileSync(pwfile, `${password}\n`);
  if (isRoot()) execFileSync("chown", ["-R", "postgres:postgres", folder]);
  const initdb = [`--pwfile=${pwfile}`, "--auth=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8"];
  execFileSync(...asPostgres([path.join(BIN, "initdb"), "-D", dataDir, "-U", "postgres", ...initdb]), { stdio: "ignore" });
  const options = [`-p ${port}`, "-c listen_addresses=127.0.0.1", "-c unix_socket_directories=''"];
  for (const [name, value] of Object.entries(settings)) options.push(`-c ${name}=${value}`);
  const log = path.join(folder, "log");
  execFileSync(...asPostgres([path.join(BIN, "pg_ctl"), "-D", dataDir, "-l", log, "-w", "-o", options.join(" "), "start"]), { stdio });
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        execFileSync(...asPostgres([path.join(BIN, "pg_ctl"), "-D", dataDir, "-m", "fast", "-w", "stop"]), { stdio });
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
