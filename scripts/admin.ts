/**
 * `npm run admin -- grant EMAIL [--role admin|editor]`, `revoke EMAIL`, `list`: console roles
 * from the shell (CONTRACT.md; the commands are in admin-command.ts). Uses the same configuration as
 * `npm start` (DATABASE_URL, or the embedded database in $DATA_DIR, attached when the server runs).
 * Exit codes: 0 done, 1 unknown account, 2 usage or configuration error.
 */
import { closeDatabase, openDatabase } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { setLogLevel } from "~/lib/logger.server";
import { setPrivateUmask } from "~/lib/private-files.server";
import { runAdminCommand } from "./admin-command";

// What this tool writes into DATA_DIR (media files, the cluster on a first run) is private (ADR 0045).
setPrivateUmask();
const terminal = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
runAdminCommand(process.argv.slice(2), terminal, async () => {
  const env = getEnv();
  setLogLevel(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  await openDatabase({ poolSize: 2 });
  return closeDatabase;
}).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`admin failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
