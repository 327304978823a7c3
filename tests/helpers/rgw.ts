import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

/** Ceph RGW (scripts/ceph-rgw.sh) for tests: start prints the endpoint and keys, stop ends it. */
const run = promisify(execFile);
export const RGW_SCRIPT = path.resolve(import.meta.dirname, "../../scripts/ceph-rgw.sh");

export function parseRgwLines(text: string) {
  const values: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) values[match[1]] = match[2];
  }
  return values;
}

/** Starts (or restarts with its data) the cluster in `dir` on `port`; installs Ceph when missing. */
export async function startRgw(dir: string, port: number) {
  const { stdout } = await run(RGW_SCRIPT, ["start", dir, String(port)], { timeout: 300_000, maxBuffer: 1 << 20 });
  return parseRgwLines(stdout);
}

export async function stopRgw(dir: string, purge = false) {
  await run(RGW_SCRIPT, ["stop", dir, ...(purge ? ["--purge"] : [])], { timeout: 120_000 });
}
