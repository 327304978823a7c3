import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makePrivateDir } from "./private-files.server";

/**
 * Running the embedded PostgreSQL when this process is root (ADR 0003, README "Running as root"):
 * PostgreSQL refuses to run as root, so it runs as the system user `postgres` (created when
 * missing), which must be able to reach the cluster folder and the binaries in node_modules.
 */
export const SUPERUSER = "postgres";

export interface RunAs {
  uid?: number;
  gid?: number;
}

function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

export function ensurePostgresUser(): RunAs {
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
export function prepareDataDir(dataDir: string, runAs: RunAs, programs: string[], notice: (line: string) => void) {
  makePrivateDir(dataDir);
  if (runAs.uid === undefined || runAs.gid === undefined) return;
  fs.chownSync(dataDir, runAs.uid, runAs.gid);
  const who = { uid: runAs.uid, gid: runAs.gid };
  const targets = [path.dirname(dataDir), ...programs.map((program) => path.dirname(program))];
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
        'See README, "Running as root".',
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
