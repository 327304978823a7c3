import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { formatSummary, importManifest } from "./import.server";

/** The demo library shipped with the product (CONTRACT: loaded on an empty database). */
export const DEMO_MANIFEST = path.resolve(process.cwd(), "seed/manifest.json");

/**
 * Start-up task: with SEED_DEMO on, an empty media_items table and `seed/manifest.json` present,
 * imports the demo library. An interrupted seeding (no item committed yet) simply runs again.
 */
export async function seedDemoMedia(manifest = DEMO_MANIFEST) {
  if (!getEnv().SEED_DEMO) return;
  if (!fs.existsSync(manifest)) {
    logger.info(`No demo media library at ${manifest}; skipping seeding.`);
    return;
  }
  const { rows } = await db().execute<{ present: boolean }>(sql`select exists (select 1 from media_items) as present`);
  if (rows[0]?.present) return;
  let result;
  try {
    result = await importManifest(manifest);
  } catch (error) {
    // A broken demo manifest must not keep the site from starting.
    logger.error(`Loading the demo media library failed: ${(error as Error).message}`);
    return;
  }
  const summary = formatSummary(result);
  if (result.rejected.length > 0) logger.warn(`Demo media library: ${summary}`);
  else logger.info(`Demo media library loaded. ${summary}`);
}
