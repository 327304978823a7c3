import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { getEnv } from "~/lib/env.server";
import { pdfContentBomb } from "../tests/helpers/malformed-files";

const run = promisify(execFile);

/** `npm run media:import` as one Node process (tsx as a loader, so SIGKILL hits the importer itself). */
const IMPORT = ["--import", "tsx", "scripts/media-import.ts"];

function importEnv(extra: Record<string, string> = {}) {
  const env = getEnv();
  return { ...process.env, DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL!, LOG_LEVEL: "warn", ...extra };
}

function writeManifest(dir: string, items: unknown[]) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "manifest.json");
  fs.writeFileSync(file, JSON.stringify({ items }));
  return file;
}

/** The processes whose working directory is inside `folder` (the probe child runs in its scratch folder). */
function processesIn(folder: string) {
  return fs.readdirSync("/proc").filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      return fs.readlinkSync(`/proc/${pid}/cwd`).startsWith(folder);
    } catch {
      return false;
    }
  });
}

describe("npm run media:import", () => {
  it("a killed import leaves its temporary folder only until the next import, and its probe child goes with it", async () => {
    const dataDir = getEnv().DATA_DIR;
    const probeRoot = path.join(dataDir, "tmp", "probe");
    const work = fs.mkdtempSync(path.join(dataDir, "import-kill-"));
    fs.writeFileSync(path.join(work, "bomb.pdf"), pdfContentBomb(5_200_000));
    const manifest = writeManifest(work, [{ title: "Bomb", file_type: "pdf", file: "bomb.pdf", language: "en" }]);

    // A deadline far away: the import is busy with the file when it is killed.
    const importer = spawn(process.execPath, [...IMPORT, manifest], { env: importEnv({ FILE_PROBE_TIMEOUT_S: "300" }), stdio: "ignore" });
    const exited = new Promise((resolve) => importer.on("exit", resolve));
    const folder = await vi.waitFor(
      () => {
        const name = fs.existsSync(probeRoot) && fs.readdirSync(probeRoot).find((entry) => entry.startsWith(`${importer.pid}-`));
        if (!name || processesIn(path.join(probeRoot, name)).length === 0) throw new Error("the import is not reading the file yet");
        return path.join(probeRoot, name);
      },
      { timeout: 60_000, interval: 50 },
    );
    importer.kill("SIGKILL");
    await exited;

    // What SIGKILL leaves: the folder. The child notices that its parent is gone and ends.
    expect(fs.existsSync(folder)).toBe(true);
    await vi.waitFor(() => expect(processesIn(folder)).toEqual([]), { timeout: 30_000, interval: 50 });

    // The next import sweeps it before it starts.
    fs.writeFileSync(path.join(work, "prices.csv"), "product,price\nlamp,12.50\n");
    const next = writeManifest(path.join(work, "next"), [{ title: "Prices", file_type: "sheet", file: "../prices.csv", language: "en" }]);
    await run(process.execPath, [...IMPORT, next], { env: importEnv() });
    expect(fs.existsSync(folder)).toBe(false);
    expect(fs.readdirSync(probeRoot)).toEqual([]);
    fs.rmSync(work, { recursive: true, force: true });
  }, 180_000);
});
