import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject, vi } from "vitest";
import { closeDatabase, openDatabase } from "../../app/lib/db.server";
import { stopJobs } from "../../app/lib/jobs.server";
import { parseEnv, setEnvForTesting } from "../../app/lib/env.server";

/**
 * The db and system tiers (ADR 0047). Every test file runs with: a database of its worker
 * (`test_<pool id>`, migrated), a temporary DATA_DIR, and a parsed test environment. Files that
 * need other settings call `setEnvForTesting(parseEnv({...}))` themselves.
 *
 * No file sees another's module state (the auth instance built on first use, caches, the job queue, the
 * file probe's child): a system file has a process of its own; the files of a db worker share one process
 * (ADR 0087), and after each one this set-up ends what it started and drops the app's modules, so the next
 * file imports them afresh while packages from node_modules stay loaded (Node's own module cache).
 * This file imports only what every file needs: an isolated file pays for each of its imports.
 */
const adminUrl = inject("databaseAdminUrl");
const databaseName = `test_${process.env.VITEST_POOL_ID ?? "1"}`;

function databaseUrl(name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function ensureDatabase() {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [databaseName]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(databaseName)}`);
  } catch (error) {
    // Another file of this worker created it a moment ago.
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await client.end();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-test-data-"));

beforeAll(async () => {
  await ensureDatabase();
  setEnvForTesting(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(databaseName),
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      JOB_RETRY_DELAY_S: "1",
      LOG_LEVEL: "warn",
    }),
  );
  await openDatabase({ url: databaseUrl(databaseName), poolSize: 4 });
});

afterAll(async () => {
  await stopJobs();
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
  vi.resetModules();
});
