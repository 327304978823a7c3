// The Debian packages the test suite runs (as root, as CI runs, it installs what is missing), and how
// it installs them. Plain JavaScript: scripts/run-tests.mjs runs under Node without a TypeScript loader.
// Ceph's packages are installed by scripts/ceph-rgw.sh, which also runs outside the tests.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";

/** Each package with a file that is there once it is installed. */
export const DEBIAN_PACKAGES = {
  chromium: { name: "chromium-headless-shell", check: "/usr/bin/chromium-headless-shell" },
  java: { name: "default-jre-headless", check: "/usr/bin/java" },
  postgres15: { name: "postgresql-15", check: "/usr/lib/postgresql/15/bin/postgres" },
  nginx: { name: "nginx", check: "/usr/sbin/nginx" },
  haproxy: { name: "haproxy", check: "/usr/sbin/haproxy" },
  dovecot: { name: "dovecot-imapd", check: "/usr/lib/dovecot/imap" },
  spamassassin: { name: "spamassassin", check: "/usr/bin/spamassassin" },
};

const APT = ["-o", "DPkg::Lock::Timeout=600"];
const INSTALL = ["install", "-y", "-qq", "--no-install-recommends"];
const APT_ENV = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };

export function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

function missingOf(packages) {
  return packages.filter((item) => !fs.existsSync(item.check)).map((item) => item.name);
}

/** Installs Debian packages (waiting for another apt to finish); needs root. */
export function aptInstall(packages) {
  if (!isRoot()) throw new Error(`Missing ${packages.join(", ")}: install them with apt-get (needs root).`);
  execFileSync("apt-get", [...APT, "update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", [...APT, ...INSTALL, ...packages], { stdio: "inherit", env: APT_ENV });
}

/** Installs the packages whose `check` file is missing. */
export function ensureDebianPackages(packages) {
  const missing = missingOf(packages);
  if (missing.length > 0) aptInstall(missing);
}

/**
 * Starts installing the missing packages in one apt-get run beside other work (one run instead of one a
 * package: on a fresh machine 24 s instead of 41 s for four of them). Resolves with apt's exit code and
 * output; 0 at once when nothing is missing or when not root (the tests that need a package then say so).
 */
export function installDebianPackagesInBackground(packages) {
  const missing = missingOf(packages);
  if (missing.length === 0 || !isRoot()) return Promise.resolve({ code: 0, missing, output: "" });
  return new Promise((resolve) => {
    const script = `apt-get ${APT.join(" ")} update -qq && apt-get ${APT.join(" ")} ${INSTALL.join(" ")} ${missing.join(" ")}`;
    const child = spawn("sh", ["-c", script], { stdio: ["ignore", "pipe", "pipe"], env: APT_ENV });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => resolve({ code: code ?? 1, missing, output: Buffer.concat(output).toString() }));
  });
}
