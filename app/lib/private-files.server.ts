import fs from "node:fs";
import path from "node:path";
import type { Env } from "./env.server";
import { logger } from "./logger.server";

/**
 * Everything the product keeps in `DATA_DIR` is its own and nobody else's (ADR 0045): folders 0700,
 * files 0600, owned by the user the product runs as. The outbox holds mails with live links, the
 * storage holds private media and avatars, `secrets/` the signing keys. Only `pg/` belongs to the
 * system user `postgres` when the product runs as root (ADR 0018), and PostgreSQL keeps it 0700/0600.
 */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * PostgreSQL's own inside DATA_DIR, never touched here: the cluster's folder, and the password
 * file initdb reads as `postgres` for a moment (0600) while another process starts the cluster.
 */
function belongsToPostgres(name: string) {
  return name === "pg" || name.startsWith(".pg-password-");
}

function isGone(error: unknown) {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

/**
 * Whatever this process creates without a mode of its own (a library's temporary file, a child
 * process's output) is private too. Called first thing by the server's start and by every script.
 */
export function setPrivateUmask() {
  process.umask(PRIVATE_UMASK);
}

/** `mkdir -p` with mode 0700 for every folder it creates. */
export function makePrivateDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export async function makePrivateDirAsync(dir: string) {
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export interface TightenOptions {
  /**
   * The embedded database runs as `postgres` (this process is root): DATA_DIR itself may keep the
   * "search" (x) bits that let `postgres` pass through to `pg/` (ADR 0018: `o+x`, or an ACL whose
   * mask shows as the group's x). Never read or write for anyone else.
   */
  postgresPassesThrough: boolean;
  /** One line per change, for the log. */
  notice?: (line: string) => void;
}

function octal(mode: number) {
  return mode.toString(8).padStart(4, "0");
}

/**
 * Brings an existing DATA_DIR to the rule above: an installation from before it (or files copied
 * in by hand) had folders 0755 and files 0644. Symbolic links are left alone (a chmod would follow
 * them out of DATA_DIR). As root, entries of another owner are given to root. Returns how many
 * entries changed; says so in one line, and in another what it could not change (another owner
 * while not root): the server still starts, the operator reads what to fix.
 */
export function tightenDataDir(dataDir: string, options: TightenOptions): number {
  makePrivateDir(dataDir);
  const uid = process.getuid?.();
  const gid = process.getgid?.();
  const isRoot = uid === 0;
  let changed = 0;
  const refused: string[] = [];

  function tighten(entry: string, stats: fs.Stats, allowed: number) {
    const mode = stats.mode & 0o7777;
    const wanted = stats.isDirectory() ? (mode | PRIVATE_DIR_MODE) & (PRIVATE_DIR_MODE | allowed) : mode & PRIVATE_DIR_MODE;
    let touched = false;
    try {
      if (isRoot && uid !== undefined && gid !== undefined && stats.uid !== uid) {
        fs.lchownSync(entry, uid, gid);
        touched = true;
      }
      if (wanted !== mode) {
        fs.chmodSync(entry, wanted);
        touched = true;
      }
    } catch (error) {
      if (isGone(error)) return; // another process's temporary file, renamed or removed meanwhile
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EPERM" && code !== "EACCES" && code !== "EROFS") throw error;
      refused.push(`${entry} (mode ${octal(mode)}, owner ${stats.uid})`);
    }
    if (touched) changed += 1;
  }

  function walk(dir: string) {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (isGone(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (dir === dataDir && belongsToPostgres(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      const stats = fs.lstatSync(full, { throwIfNoEntry: false });
      if (!stats) continue; // removed meanwhile (another process's temporary file)
      tighten(full, stats, 0);
      if (stats.isDirectory()) walk(full);
    }
  }

  tighten(dataDir, fs.statSync(dataDir), options.postgresPassesThrough ? 0o011 : 0);
  walk(dataDir);

  if (changed > 0) {
    options.notice?.(
      `Made ${changed} ${changed === 1 ? "entry" : "entries"} in ${dataDir} private to this user (folders 0700, files 0600); ` +
        'other users of this machine could read them. See README, "Files and permissions".',
    );
  }
  if (refused.length > 0) {
    options.notice?.(
      `Could not make ${refused.length} ${refused.length === 1 ? "entry" : "entries"} in ${dataDir} private (another owner, ` +
        `or a read-only disk): ${refused.slice(0, 5).join(", ")}${refused.length > 5 ? ", …" : ""}. ` +
        "Give DATA_DIR to the user the server runs as (chown -R).",
    );
  }
  return changed;
}

/**
 * The server's start: the umask first, then the existing DATA_DIR brought to the rule, before
 * anything (secrets, database, outbox, storage) writes into it.
 */
export function protectDataDir(env: Pick<Env, "DATA_DIR" | "DATABASE_URL">) {
  setPrivateUmask();
  tightenDataDir(env.DATA_DIR, {
    postgresPassesThrough: process.getuid?.() === 0 && !env.DATABASE_URL,
    notice: (line) => logger.warn(line),
  });
}
