/**
 * `npm run backup -- create [--to DIR | --to s3://BUCKET/PREFIX]` and `npm run backup -- restore FILE`
 * (CONTRACT.md, ADR 0064). Same configuration as `npm start`. `create` works while the server runs
 * and prints the path of the file it wrote; `restore` refuses while a server uses the database.
 * Exit codes: 0 done, 1 failed (the message says why), 2 usage or configuration error.
 */
import { createBackup } from "~/features/backup/backup.server";
import { BackupFileError } from "~/features/backup/format.server";
import { restoreBackup } from "~/features/backup/restore.server";
import { assertNoEmbeddedServer, ServerRunningError } from "~/features/backup/restore-steps.server";
import { closeDatabase, openDatabase } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { setLogLevel } from "~/lib/logger.server";
import { setPrivateUmask } from "~/lib/private-files.server";

const USAGE = `Usage:
  npm run backup -- create [--to DIR | --to s3://BUCKET/PREFIX]   back up database and stored files (default folder $DATA_DIR/backups)
  npm run backup -- restore FILE                                 restore a backup into the configured database and storage (server stopped)
With BACKUP_PASSPHRASE set, new backups are encrypted with it, and restore opens encrypted ones with it.`;

function parseArgs(argv: string[]) {
  const args = argv.filter((arg) => arg !== "--");
  const [command, ...rest] = args;
  let to: string | undefined;
  // A restore drill (ADR 0071) reads the summary as one JSON line on stdout.
  let reportJson = false;
  const positional: string[] = [];
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index];
    if (arg === "--report-json") reportJson = true;
    else if (arg === "--to") to = rest[++index] ?? "";
    else if (arg.startsWith("--to=")) to = arg.slice("--to=".length);
    else positional.push(arg);
  }
  return { command, to, positional, reportJson };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  // The backup file and the restored files are private (ADR 0045).
  setPrivateUmask();
  const { command, to, positional, reportJson } = parseArgs(process.argv.slice(2));
  if (command === "help" || command === "--help" || !command) {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (command === "create" && (positional.length || to === "")) {
    console.error(`create takes no file name, only --to DIR or --to s3://BUCKET/PREFIX.\n${USAGE}`);
    return 2;
  }
  if (command === "restore" && (positional.length !== 1 || to !== undefined)) {
    console.error(`restore needs exactly one backup file.\n${USAGE}`);
    return 2;
  }
  if (command !== "create" && command !== "restore") {
    console.error(`Unknown command "${command}".\n${USAGE}`);
    return 2;
  }
  const env = getEnv();
  setLogLevel(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  if (command === "restore") assertNoEmbeddedServer();
  // One connection more than a restore needs would count as "another session" to it.
  await openDatabase({ poolSize: command === "restore" ? 1 : 3 });
  try {
    if (command === "create") {
      const result = await createBackup({ to });
      console.error(
        `Backed up ${result.tables} tables (${result.rows} rows) and ${result.files} stored files (${megabytes(result.fileBytes)}) ` +
          `in ${(result.ms / 1000).toFixed(1)} s: ${megabytes(result.bytes)}${result.encrypted ? ", encrypted" : ", not encrypted (BACKUP_PASSPHRASE is not set)"}.`,
      );
      if (result.missing.length) {
        console.error(
          `Warning: ${result.missing.length} stored files that rows name were already missing: ${result.missing.slice(0, 10).join(", ")}`,
        );
      }
      // stdout holds only the path, for scripts.
      console.log(result.location);
    } else {
      const result = await restoreBackup(positional[0], { log: (line) => console.error(line) });
      if (reportJson) console.log(JSON.stringify(result));
      console.error(
        `Restored ${result.file} in ${(result.ms / 1000).toFixed(1)} s: ${result.tables} tables, ${result.rows} rows, ` +
          `${result.files} stored files (${megabytes(result.fileBytes)}), all checked.` +
          (result.failedMails
            ? ` ${result.failedMails} mails that were still queued are marked failed (the queue is not in a backup).`
            : ""),
      );
    }
    return 0;
  } finally {
    await closeDatabase();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof BackupFileError || error instanceof ServerRunningError)
      console.error(`Restore refused: ${message}. Nothing was changed.`);
    else console.error(`${process.argv.includes("restore") ? "Restore" : "Backup"} failed: ${message}`);
    process.exit(1);
  },
);
