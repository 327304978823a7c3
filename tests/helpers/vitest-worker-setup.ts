import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, openDatabase } from "../../app/lib/db.server";
import { stopJobs } from "../../app/lib/jobs.server";
import { parseEnv, setEnvForTesting } from "../../app/lib/env.server";

/**
 * The db and system tiers (ADR 0047). Every test file runs with: a database of its worker
 * (`test_<pool id>`, migrated), a temporary DATA_DIR, and a parsed test environment. Files that
 * need other settings call `setEnvForTesting(parseEnv({...}))` themselves.
 *
 * Each file runs in a process of its own (`isolate`, vitest's default), so no module state, such as
 * the auth instance built on first use, comes from another file. This file imports only what every file
 * needs: what it imports, every file pays for (better-auth's import alone is seconds on 2 cores).
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
});
