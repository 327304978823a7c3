// Debian's PostgreSQL 15 as a separate, throw-away server (the DATABASE_URL path every production
// deployment takes), for `npm test`'s second database run (scripts/run-tests.mjs) and the
// multi-process tests (tests/helpers/postgres15.ts). Installs `postgresql-15` when missing (as root,
// as CI runs; scripts/debian-packages.mjs). Plain JavaScript: run-tests.mjs runs under Node without a TypeScript loader.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEBIAN_PACKAGES, ensureDebianPackages, isRoot } from "./debian-packages.mjs";

const BIN = "/usr/lib/postgresql/15/bin";

function asPostgres(args) {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", ...args]] : [args[0], args.slice(1)];
}

/**
 * Starts a new cluster in a temporary folder on 127.0.0.1:`port` (no Unix socket, scram-sha-256),
 * with extra `-c` settings. Returns its superuser URL and `stop()`, which also removes the folder.
 */
export function startPostgres15({ port, password = "pg15-test", settings = {}, stdio = "ignore" }) {
  ensureDebianPackages([DEBIAN_PACKAGES.postgres15]);
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
