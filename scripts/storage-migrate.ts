/**
 * `npm run storage:migrate -- --to s3` copies the library ($DATA_DIR/storage: media files and
 * avatars) into the object store named by STORAGE_URL; `--to local` copies it back. Resumable
 * and idempotent: run it again after an interruption. Exits 1 when a file failed, 2 on bad use.
 */
import { setLogLevel } from "~/lib/logger.server";
import { setPrivateUmask } from "~/lib/private-files.server";
import { formatMigrateSummary, migrateStorage, storagePair } from "~/lib/storage-migrate.server";

async function main() {
  // What this tool writes into DATA_DIR (media files, the cluster on a first run) is private (ADR 0045).
  setPrivateUmask();
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  const index = args.indexOf("--to");
  const to = index >= 0 ? args[index + 1] : undefined;
  if (to !== "s3" && to !== "local") {
    console.error("Usage: npm run storage:migrate -- --to s3|local   (STORAGE_URL names the object store)");
    return 2;
  }
  setLogLevel("warn");
  let pair;
  try {
    pair = storagePair(to);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const verbose = args.includes("--verbose");
  const summary = await migrateStorage(pair.source, pair.target, {
    log: (line) => (verbose || line.startsWith("FAILED")) && console.log(line),
  });
  console.log(`${to === "s3" ? "local disk → object store" : "object store → local disk"}: ${formatMigrateSummary(summary)}`);
  if (summary.failed.length > 0) console.log("Run the same command again to copy what is missing.");
  return summary.failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
