import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startCluster, type RunningCluster } from "../../app/lib/embedded-postgres.server";

/**
 * One PostgreSQL for the whole run: `TEST_DATABASE_URL` (an external server, e.g. Debian's
 * PostgreSQL 15 in CI) or a throw-away embedded cluster. Each worker makes its own database.
 */
declare module "vitest" {
  export interface ProvidedContext {
    databaseAdminUrl: string;
  }
}

let cluster: RunningCluster | undefined;
let folder: string | undefined;

export async function setup(project: TestProject) {
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
  await cluster?.stop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
}
