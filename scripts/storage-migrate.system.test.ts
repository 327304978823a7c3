import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { importManifest } from "~/features/media/import.server";
import { db } from "~/lib/db.server";
import { getEnv, parseEnv, setEnvForTesting } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { migrateStorage, storagePair } from "~/lib/storage-migrate.server";
import { resetDatabase } from "../tests/helpers/database";
import { useObjectStore, type ObjectStore } from "../tests/helpers/object-store";

/**
 * storage:migrate on the demo library: local disk → Ceph RGW → a fresh local disk, byte for
 * byte; a second run copies nothing; a run after losing some objects copies exactly those.
 */
const run = promisify(execFile);

function hashTree(root: string) {
  const hashes: Record<string, string> = {};
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), key);
      else
        hashes[key] = createHash("sha256")
          .update(fs.readFileSync(path.join(dir, entry.name)))
          .digest("hex");
    }
  };
  if (fs.existsSync(root)) walk(root, "");
  return hashes;
}

function envWith(overrides: Record<string, string>) {
  const source = Object.fromEntries(
    Object.entries(getEnv())
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
  return parseEnv({ ...source, ...overrides });
}

describe("npm run storage:migrate", () => {
  let store: ObjectStore;
  let storageUrl: string;

  beforeAll(async () => {
    store = await useObjectStore();
    storageUrl = store.storageUrl();
    await resetDatabase();
  }, 300_000);

  it("copies the demo library to S3 and back byte-identical, resumably and idempotently", async () => {
    const firstDir = getEnv().DATA_DIR;
    const result = await importManifest(path.resolve("seed/manifest.json"));
    expect(result.rejected).toEqual([]);
    const original = hashTree(path.join(firstDir, "storage"));
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from media_items where file_path is not null`);
    expect(Object.keys(original).length).toBeGreaterThanOrEqual(rows[0].n);

    setEnvForTesting(envWith({ STORAGE_URL: storageUrl }));
    const up = storagePair("s3");
    const first = await migrateStorage(up.source, up.target);
    logger.warn(`storage:migrate demo library to S3: ${first.copied} files, ${first.bytes} bytes in ${first.ms} ms`);
    expect(first).toMatchObject({ copied: Object.keys(original).length, skipped: 0, failed: [] });

    const again = await migrateStorage(up.source, up.target);
    expect(again).toMatchObject({ copied: 0, skipped: Object.keys(original).length, failed: [] });

    // An interrupted run: some objects never arrived. The rerun copies exactly those.
    const lost = Object.keys(original)
      .filter((key) => key.startsWith("items/"))
      .slice(0, 3);
    for (const key of lost) await up.target.remove("media-files", key);
    const resumed = await migrateStorage(up.source, up.target);
    expect(resumed).toMatchObject({ copied: lost.length, skipped: Object.keys(original).length - lost.length, failed: [] });

    // Back to an empty local disk (a second machine, or leaving S3).
    const secondDir = fs.mkdtempSync(path.join(os.tmpdir(), "migrate-back-"));
    setEnvForTesting(envWith({ STORAGE_URL: storageUrl, DATA_DIR: secondDir }));
    const down = storagePair("local");
    const back = await migrateStorage(down.source, down.target);
    logger.warn(`storage:migrate demo library back to local: ${back.copied} files in ${back.ms} ms`);
    expect(back).toMatchObject({ copied: Object.keys(original).length, failed: [] });
    expect(hashTree(path.join(secondDir, "storage"))).toEqual(original);
    expect((await migrateStorage(down.source, down.target)).copied).toBe(0);
    setEnvForTesting(envWith({ STORAGE_URL: "", DATA_DIR: firstDir }));
    fs.rmSync(secondDir, { recursive: true, force: true });
    // The demo library's import (its pictures drawn) and four copies: on a busy machine over the default.
  }, 240_000);

  it("the command explains its use and refuses to run without STORAGE_URL", async () => {
    const tsx = path.resolve("node_modules/.bin/tsx");
    const usage = await run(tsx, ["scripts/storage-migrate.ts", "--to", "mars"], {
      env: { ...process.env, DATA_DIR: getEnv().DATA_DIR },
    }).catch((error) => error);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run storage:migrate -- --to s3|local");
    const noStore = await run(tsx, ["scripts/storage-migrate.ts", "--to", "s3"], {
      env: { ...process.env, DATA_DIR: getEnv().DATA_DIR, STORAGE_URL: "" },
    }).catch((error) => error);
    expect(noStore.code).toBe(2);
    expect(noStore.stderr).toContain("STORAGE_URL is not set");
    const ok = await run(tsx, ["scripts/storage-migrate.ts", "--", "--to", "s3"], {
      env: { ...process.env, ...store.env, DATA_DIR: getEnv().DATA_DIR, STORAGE_URL: storageUrl },
    });
    expect(ok.stdout).toMatch(/local disk → object store: 0 copied \(0\.0 MB\), \d+ already there, 0 failed/);
    // Three processes that each load the app's modules through tsx.
  }, 120_000);
});
