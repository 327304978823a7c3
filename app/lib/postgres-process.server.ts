import fs from "node:fs";
import path from "node:path";

/**
 * The embedded cluster's server process seen from outside, through /proc and `postmaster.pid`:
 * whether a pid is our postgres, a zombie, gone or reused by another program; recovering the
 * server of a killed run; finding the server another live process manages (DESIGN: "recover a
 * postmaster.pid left by a killed process"). Linux only, like the embedded binaries we ship.
 */

const ORPHAN_STOP_TIMEOUT_MS = 15_000;

type ProcessState = "gone" | "zombie" | "ours" | "foreign";

function inspectProcess(pid: number, dataDir: string): ProcessState {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return "gone";
  }
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  if (state === "Z" || state === "X") return "zombie";
  try {
    const cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    if (path.resolve(cwd) === path.resolve(dataDir)) return "ours";
  } catch {
    // cwd unreadable: decide by the command line
  }
  try {
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (commandLine.some((part) => path.basename(part) === "postgres") && commandLine.includes(dataDir)) {
      return "ours";
    }
  } catch {
    // process vanished meanwhile
    return "gone";
  }
  return "foreign";
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[1]);
  } catch {
    return undefined;
  }
}

async function waitUntilGone(pid: number, dataDir: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const state = inspectProcess(pid, dataDir);
    if (state === "gone" || state === "zombie" || state === "foreign") return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * Handles a `postmaster.pid` that exists before we start: the server of a killed process
 * (stopped, then started anew by us), a dead pid (file removed), or a pid reused by another
 * program (file removed). A server still owned by a living process is in use: we refuse.
 */
export async function recoverStaleServer(dataDir: string, log: (line: string) => void) {
  const lockFile = path.join(dataDir, "postmaster.pid");
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lockFile, "utf8").split("\n")[0]);
  } catch {
    return;
  }
  const state = Number.isInteger(pid) && pid > 0 ? inspectProcess(pid, dataDir) : "gone";
  if (state === "ours") {
    const parent = parentOf(pid);
    const parentAlive = parent !== undefined && parent > 1 && inspectProcess(parent, dataDir) !== "gone";
    const parentIsNode =
      parentAlive && fs.readFileSync(`/proc/${parent}/cmdline`, "utf8").includes("node");
    if (parentIsNode && parent !== process.pid) {
      throw new Error(
        `The database in ${dataDir} is in use by another running process (pid ${parent}). Stop it first.`,
      );
    }
    log(`Stopping an orphaned PostgreSQL server (pid ${pid}) left by an earlier run.`);
    process.kill(pid, "SIGINT");
    if (!(await waitUntilGone(pid, dataDir, ORPHAN_STOP_TIMEOUT_MS))) {
      process.kill(pid, "SIGQUIT");
      await waitUntilGone(pid, dataDir, ORPHAN_STOP_TIMEOUT_MS);
    }
  }
  // PostgreSQL itself removes a lock whose pid is dead, but not one whose pid was reused.
  if (state === "foreign" || state === "zombie") fs.rmSync(lockFile, { force: true });
}

/** Waits until `postmaster.pid` says "ready" (line 8), so a tool attaching right after our start finds the server. */
export async function waitForPidFileReady(dataDir: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const status = fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[7];
      if (status?.includes("ready")) return;
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A running server of this cluster folder that another live process manages (the web server
 * while `media:import` runs): its port from line 4 of `postmaster.pid`. Undefined when there is
 * none, when it is an orphan (its parent died) or when we ourselves own it.
 */
export function findManagedServer(dataDir: string): { pid: number; port: number } | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  if (inspectProcess(pid, dataDir) !== "ours") return undefined;
  const parent = parentOf(pid);
  if (parent === undefined || parent <= 1 || parent === process.pid) return undefined;
  const parentState = inspectProcess(parent, dataDir);
  if (parentState === "gone" || parentState === "zombie") return undefined;
  // Line 8 is the server's status; "ready" once it accepts connections.
  if (lines[7] !== undefined && lines[7].trim() !== "" && !lines[7].includes("ready")) return undefined;
  return { pid, port };
}
