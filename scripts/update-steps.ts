import { execFileSync } from "node:child_process";
import path from "node:path";
import type pg from "pg";
import { refuseDatabaseNewerThan } from "~/lib/db.server";

/**
 * The checks of `npm run update` that may refuse (ADR 0074), apart from the command so that a test
 * can run them on a scratch clone: each refusal happens before the checkout or the database changes.
 */

/** A reason not to update; the message says what to do. */
export class UpdateRefusedError extends Error {
  override name = "UpdateRefusedError";
}

const JOURNAL = "app/db/migrations/meta/_journal.json";

export function git(checkout: string, args: string[]) {
  return execFileSync("git", args, { cwd: checkout, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/**
 * `git status` entries that would make a pull unsafe or lose an edit: tracked files changed and files
 * git does not know. What the site writes itself (DATA_DIR inside the checkout, build/, node_modules/)
 * is either ignored by .gitignore or left out here.
 */
export function localChanges(checkout: string, dataDir: string): string[] {
  const root = path.resolve(checkout);
  const data = path.relative(root, path.resolve(root, dataDir));
  const dataInside = data !== "" && !data.startsWith("..") && !path.isAbsolute(data);
  return git(checkout, ["status", "--porcelain", "--untracked-files=normal"])
    .split("\n")
    .filter(Boolean)
    .filter((line) => {
      const file = line.slice(3).replace(/^"|"$/g, "").replace(/\/$/, "");
      return !(dataInside && (file === data || file.startsWith(`${data}/`)));
    });
}

/** The migration time stamps of the code at `ref` (its journal's `when`), read without checking it out. */
export function migrationStampsAt(checkout: string, ref: string): number[] {
  const journal = JSON.parse(git(checkout, ["show", `${ref}:${JOURNAL}`])) as { entries: Array<{ when: number }> };
  return journal.entries.map((entry) => entry.when);
}

export interface Plan {
  from: string;
  to: string;
}

/**
 * Refuses (UpdateRefusedError) on local edits, on local commits the release does not have, and on a
 * database holding migrations the release does not know; otherwise fast-forwards the checkout to its
 * upstream and returns the two commits (undefined: already up to date). `git fetch` is the one step
 * before a refusal, and it changes nothing in the checkout.
 */
export async function pullRelease(options: {
  checkout: string;
  dataDir: string;
  withDatabase: <T>(work: (client: pg.ClientBase) => Promise<T>) => Promise<T>;
  log: (line: string) => void;
}): Promise<Plan | undefined> {
  const { checkout, log } = options;
  const changes = localChanges(checkout, options.dataDir);
  if (changes.length > 0) {
    throw new UpdateRefusedError(
      `The checkout has local changes, so nothing was updated:\n${changes.map((line) => `  ${line}`).join("\n")}\n` +
        "Move these files elsewhere or undo the edits (git stash --include-untracked keeps them aside), then run npm run update again.",
    );
  }
  let upstream: string;
  try {
    upstream = git(checkout, ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"]);
  } catch {
    throw new UpdateRefusedError(
      "This branch follows no remote branch, so there is nothing to update from (git branch --set-upstream-to=origin/main).",
    );
  }
  log(`Fetching ${upstream} …`);
  git(checkout, ["fetch", "--quiet"]);
  const from = git(checkout, ["rev-parse", "HEAD"]);
  const to = git(checkout, ["rev-parse", "@{upstream}"]);
  if (from === to) return undefined;
  try {
    git(checkout, ["merge-base", "--is-ancestor", from, to]);
  } catch {
    throw new UpdateRefusedError(
      `The checkout has commits that ${upstream} does not have, so it cannot simply move forward; nothing was updated.`,
    );
  }
  const known = migrationStampsAt(checkout, to);
  await options.withDatabase(async (client) => {
    try {
      await refuseDatabaseNewerThan(client, known);
    } catch (error) {
      if ((error as Error).name !== "DatabaseNewerThanCodeError") throw error;
      throw new UpdateRefusedError(
        `The database is newer than the release on ${upstream}: it holds migrations that release does not know. ` +
          "Nothing was updated. Restore a backup made by this version, or wait for a newer release.",
      );
    }
  });
  git(checkout, ["merge", "--ff-only", "--quiet", to]);
  return { from, to };
}
