/**
 * `npm run media:import -- FILE.json`: imports a media manifest (CONTRACT.md) into the configured
 * database (DATABASE_URL, or the embedded one in $DATA_DIR, attached when the server runs) and
 * storage. Prints created/updated/rejected; exits 1 when any item was rejected, 2 on a bad manifest.
 */
import { formatSummary, importManifest, ManifestError } from "~/features/media/import.server";
import { closeDatabase, openDatabase } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { setLogLevel } from "~/lib/logger.server";
import { sweepScratchFolders } from "~/lib/scratch.server";
import { setPrivateUmask } from "~/lib/private-files.server";
import { prepareStorage } from "~/lib/storage.server";

async function main() {
  // What this tool writes into DATA_DIR (media files, the cluster on a first run) is private (ADR 0045).
  setPrivateUmask();
  const file = process.argv.slice(2).find((arg) => arg !== "--");
  if (!file) {
    console.error("Usage: npm run media:import -- FILE.json");
    return 2;
  }
  const env = getEnv();
  setLogLevel(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  await openDatabase({ poolSize: 2 });
  try {
    await prepareStorage();
    // What an earlier import (or server) that was killed left in $DATA_DIR/tmp.
    await sweepScratchFolders();
    const result = await importManifest(file, { log: (line) => console.log(line) });
    console.log(formatSummary(result));
    return result.rejected.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof ManifestError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await closeDatabase();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
