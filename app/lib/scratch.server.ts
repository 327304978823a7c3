import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";

/**
 * Temporary folders (an upload on its way in, a file being read by the probe child) live under
 * `$DATA_DIR/tmp/<purpose>/<pid>-<random>`: the name says which process owns it. A process that
 * was killed (SIGKILL, power loss) cannot clean up, so every start of the server and of
 * `npm run media:import` sweeps the folders whose process is gone (ADR 0041).
 */
export function scratchRoot() {
  return path.join(getEnv().DATA_DIR, "tmp");
}

/** A new private folder for one job; remove it with `removeScratchFolder` when done. */
export async function makeScratchFolder(purpose: "uploads" | "probe" | "restore" | "drill") {
  const folder = path.join(scratchRoot(), purpose, `${process.pid}-${randomUUID()}`);
  await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 });
  return folder;
}

export async function removeScratchFolder(folder: string) {
  await fs.promises.rm(folder, { recursive: true, force: true });
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the folders of processes that no longer run; returns how many went. */
export async function sweepScratchFolders() {
  let removed = 0;
  const root = scratchRoot();
  const purposes = await fs.promises.readdir(root, { withFileTypes: true }).catch(() => []);
  for (const purpose of purposes) {
    if (!purpose.isDirectory()) continue;
    for (const name of await fs.promises.readdir(path.join(root, purpose.name)).catch(() => [])) {
      const pid = Number(/^(\d+)-/.exec(name)?.[1]);
      // Folders without an owner in their name (left by an older version) are always stale.
      if (pid === process.pid || (pid && isRunning(pid))) continue;
      await removeScratchFolder(path.join(root, purpose.name, name));
      removed++;
    }
  }
  return removed;
}
