import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { attachCluster, findManagedServer } from "./embedded-postgres.server";

/**
 * The attach path: `media:import` runs while the web server owns `$DATA_DIR/pg`. A second process
 * finds the running server through postmaster.pid and connects to it instead of refusing.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "attach-test-"));
fs.chmodSync(root, 0o711);
const dataDir = path.join(root, "pg");
const password = "attach-test-password";
let owner: ChildProcess | undefined;

function startOwner(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/helpers/run-cluster.ts"), dataDir, password], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    owner = child;
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`cluster owner exited with ${code}: ${output}`)));
  });
}

afterAll(async () => {
  if (owner && owner.exitCode === null) {
    await new Promise((resolve) => {
      owner!.once("exit", resolve);
      owner!.kill("SIGTERM");
    });
  }
  fs.rmSync(root, { recursive: true, force: true });
});

describe("attaching to a running embedded cluster", () => {
  it("finds the server another live process runs and connects with the stored password", async () => {
    expect(findManagedServer(dataDir)).toBeUndefined();
    const port = await startOwner();
    const found = findManagedServer(dataDir);
    expect(found?.port).toBe(port);
    const client = new pg.Client({ connectionString: attachCluster(found!.port, password).url("postgres") });
    await client.connect();
    const { rows } = await client.query("select 1 as one");
    expect(rows).toEqual([{ one: 1 }]);
    await client.end();
    // Stopping an attached cluster is a no-op: the owner's server keeps running.
    await attachCluster(found!.port, password).stop();
    expect(findManagedServer(dataDir)?.port).toBe(port);
  }, 60_000);

  it("does not attach once the owner has stopped its server", async () => {
    await new Promise((resolve) => {
      owner!.once("exit", resolve);
      owner!.kill("SIGTERM");
    });
    expect(findManagedServer(dataDir)).toBeUndefined();
  }, 30_000);
});
