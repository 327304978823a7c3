import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv, parseEnv, setEnvForTesting } from "./env.server";
import { deliverMail } from "./mailer.server";
import { protectDataDir, tightenDataDir } from "./private-files.server";
import { readOrCreateSecret } from "./secrets.server";
import { prepareStorage, saveFile } from "./storage.server";

/**
 * Another user of the machine reads nothing the product keeps (ADR 0045): not the outbox's mails
 * with live links, not the media bucket's listing, not the secrets, not an upload in progress.
 * The worst case of issue 28: the folder above DATA_DIR is open to everybody (root's home opened
 * with o+x for PostgreSQL, ADR 0018) and an older version left its files 0644.
 *
 * A second local user is needed to ask the kernel, so this file creates one and must run as root
 * (the CI and the test machines do); as another user it fails and says why.
 */
const PROBE_USER = "ipangel-probe";
const isRoot = process.getuid?.() === 0;
const base = fs.mkdtempSync(path.join(os.tmpdir(), "private-files-"));
const dataDir = path.join(base, "data");
const previousUmask = process.umask();
let previousEnv: ReturnType<typeof getEnv>;

function ensureProbeUser() {
  if (spawnSync("id", ["-u", PROBE_USER]).status === 0) return;
  const made = spawnSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PROBE_USER], { encoding: "utf8" });
  if (made.status !== 0) throw new Error(`useradd ${PROBE_USER} failed: ${made.stderr}`);
}

/** Runs a command as the second user; its exit status and what it printed. */
function asProbe(...command: string[]) {
  const run = spawnSync("runuser", ["-u", PROBE_USER, "--", ...command], { encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Every folder and file under `dir` (symbolic links left out) with its mode. */
function modesUnder(dir: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.push([path.relative(dataDir, full), (fs.statSync(full).mode & 0o777).toString(8)]);
  }
  return found.sort();
}

/** What an older version left behind: folders 0755, files 0644. */
function writeOldInstallation() {
  const files: Record<string, string> = {
    "outbox/2026-11-01T10-00-00-000Z-old.eml": "Subject: Confirm\n\nhttp://localhost/api/auth/verify-email?token=old-live-token\n",
    "storage/media-files/old/report.pdf": "%PDF-1.4 private\n",
    "storage/avatars/old.webp": "RIFF",
    "secrets/auth-secret": "an-old-secret-an-old-secret-0123",
    "tmp/uploads/abc/draft.mp4": "half an upload",
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dataDir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
    fs.writeFileSync(file, content, { mode: 0o644 });
  }
  for (let dir = path.join(dataDir, "storage/media-files/old"); dir.startsWith(dataDir); dir = path.dirname(dir)) fs.chmodSync(dir, 0o755);
  for (const name of Object.keys(files)) fs.chmodSync(path.join(dataDir, name), 0o644);
  // Not ours to change: the database's folder (PostgreSQL keeps its own modes) and a link out of DATA_DIR.
  fs.mkdirSync(path.join(dataDir, "pg"), { mode: 0o700 });
  fs.writeFileSync(path.join(base, "outside.txt"), "not DATA_DIR's", { mode: 0o644 });
  fs.chmodSync(path.join(base, "outside.txt"), 0o644);
  fs.symlinkSync(path.join(base, "outside.txt"), path.join(dataDir, "link-out"));
}

beforeAll(() => {
  previousEnv = getEnv();
  if (!isRoot) return;
  ensureProbeUser();
  // Everybody may pass through the folders above DATA_DIR (the worst case: /root opened with o+x).
  fs.chmodSync(base, 0o755);
  writeOldInstallation();
  // An external database (the test's): DATA_DIR needs no way through for `postgres`.
  setEnvForTesting(
    parseEnv({ ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: previousEnv.DATABASE_URL, LOG_LEVEL: "error" }),
  );
});

afterAll(() => {
  process.umask(previousUmask);
  setEnvForTesting(previousEnv);
  fs.rmSync(base, { recursive: true, force: true });
});

describe("files private by default", () => {
  it("runs as root, the only user that can create a second local user to check with", () => {
    expect(isRoot, "run this test as root: it creates a local user to prove nothing in DATA_DIR is readable").toBe(true);
  });

  it("makes an older installation private at start, and everything written afterwards too", async () => {
    // The probe can read what is open to everybody: a denial below is the modes', not a broken probe.
    expect(asProbe("cat", path.join(base, "outside.txt"))).toEqual({ status: 0, output: "not DATA_DIR's" });
    expect(asProbe("cat", path.join(dataDir, "outbox/2026-11-01T10-00-00-000Z-old.eml")).status).toBe(0);

    protectDataDir(getEnv());
    readOrCreateSecret(dataDir, "pg-password");
    await prepareStorage();
    await saveFile("media-files", "new-item/manual.pdf", Buffer.from("%PDF-1.4 new"));
    await saveFile("avatars", "member.webp", Buffer.from("RIFF new"));
    await deliverMail({
      to: "member@example.com",
      subject: "Reset",
      text: "http://localhost/api/auth/reset-password/live-token",
      html: "<p>link</p>",
    });
    fs.mkdirSync(path.join(dataDir, "tmp", "scratch")); // a folder a library creates with its own default mode
    fs.writeFileSync(path.join(dataDir, "tmp", "scratch", "part"), "x");

    const modes = modesUnder(dataDir).filter(([name]) => name !== "pg");
    const wrong = modes.filter(([name, mode]) => mode !== (fs.statSync(path.join(dataDir, name)).isDirectory() ? "700" : "600"));
    expect(wrong).toEqual([]);
    expect(modes.length).toBeGreaterThan(15);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    // The link's target outside DATA_DIR is not touched.
    expect(fs.statSync(path.join(base, "outside.txt")).mode & 0o777).toBe(0o644);

    const newMail = fs.readdirSync(path.join(dataDir, "outbox")).find((name) => !name.includes("old"));
    expect(newMail).toBeDefined();
    for (const target of [
      `outbox/${newMail}`,
      "outbox/2026-11-01T10-00-00-000Z-old.eml",
      "secrets/auth-secret",
      "secrets/pg-password",
      "storage/media-files/new-item/manual.pdf",
      "storage/media-files/old/report.pdf",
      "storage/avatars/member.webp",
      "tmp/uploads/abc/draft.mp4",
      "tmp/scratch/part",
    ]) {
      const read = asProbe("cat", path.join(dataDir, target));
      expect(read.status, `${target} is readable: ${read.output}`).not.toBe(0);
      expect(read.output).toContain("Permission denied");
    }
    for (const folder of ["", "outbox", "storage", "storage/media-files", "storage/avatars", "secrets", "tmp/uploads"]) {
      const list = asProbe("ls", path.join(dataDir, folder));
      expect(list.status, `${folder || "DATA_DIR"} can be listed: ${list.output}`).not.toBe(0);
      expect(list.output).toContain("Permission denied");
    }
    // Nothing at all below DATA_DIR shows up for the probe.
    expect(asProbe("find", dataDir).output.trim().split("\n")[0]).toBe(dataDir);
    expect(asProbe("find", dataDir).output).not.toContain("outbox/");
  });

  it("leaves PostgreSQL its way through DATA_DIR as root, and nothing more", () => {
    // ADR 0018 without setfacl: DATA_DIR gets o+x so `postgres` reaches pg/. It stays; read and write do not.
    fs.chmodSync(dataDir, 0o755);
    tightenDataDir(dataDir, { postgresPassesThrough: true });
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o711);
    expect(asProbe("ls", dataDir).output).toContain("Permission denied");
    expect(asProbe("cat", path.join(dataDir, "secrets/auth-secret")).output).toContain("Permission denied");
    // A second start finds nothing to change.
    const notices: string[] = [];
    expect(tightenDataDir(dataDir, { postgresPassesThrough: true, notice: (line) => notices.push(line) })).toBe(0);
    expect(notices).toEqual([]);
  });
});
