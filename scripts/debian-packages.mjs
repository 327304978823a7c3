// The Debian packages the test suite runs (as root, as CI runs, it installs what is missing), and how
// it installs them. Plain JavaScript: scripts/run-tests.mjs runs under Node without a TypeScript loader.
// Ceph's packages are installed by scripts/ceph-rgw.sh, which also runs outside the tests.
import { execFileSync } from "node:child_process";
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

export function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

/** The names of the packages whose `check` file is missing. */
export function missingDebianPackages(packages) {
  return packages.filter((item) => !fs.existsSync(item.check)).map((item) => item.name);
}

/** The shell command that installs `names` (waiting for another apt to finish); needs root. */
export function aptInstallCommand(names) {
  const apt = "DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600";
  return `${apt} update -qq && ${apt} install -y -qq --no-install-recommends ${names.join(" ")}`;
}

/** Installs the packages whose `check` file is missing. */
export function ensureDebianPackages(packages) {
  const missing = missingDebianPackages(packages);
  if (missing.length === 0) return;
  if (!isRoot()) throw new Error(`Missing ${missing.join(", ")}: install them with apt-get (needs root).`);
  execFileSync("sh", ["-c", aptInstallCommand(missing)], { stdio: "inherit" });
}
