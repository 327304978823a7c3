import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import type { TestProject } from "vitest/node";
import { stopRgw } from "./rgw";
import { startCluster, type RunningCluster } from "../../app/lib/embedded-postgres.server";

/**
 * One PostgreSQL for the whole run: `TEST_DATABASE_URL` (an external server, e.g. Debian's
 * PostgreSQL 15 in CI) or a throw-away embedded cluster. Each worker makes its own database.
 */
declare module "vitest" {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    /** Where the real S3 server (Ceph RGW) runs when a test asks for it (tests/helpers/object-store.ts). */
    objectStore: { dir: string; port: number };
  }
}

let cluster: RunningCluster | undefined;
let folder: string | undefined;

let objectStoreDir: string | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function setup(project: TestProject) {
  objectStoreDir = path.join(os.tmpdir(), `ipangel-rgw-${process.pid}-${Date.now()}`);
  project.provide("objectStore", { dir: objectStoreDir, port: await freePort() });
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide("databaseAdminUrl", external);
    return;
  }
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-vitest-"));
  fs.chmodSync(folder, 0o711);
  cluster = await startCluster({
    dataDir: path.join(folder, "pg"),
    password: "test-password",
    // Throw-away data: durability settings off for speed.
    settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
  });
  project.provide("databaseAdminUrl", cluster.url("postgres"));
}

export async function teardown() {
  if (objectStoreDir && fs.existsSync(objectStoreDir)) {
    await stopRgw(objectStoreDir, true);
  }
  await cluster?.stop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
}
