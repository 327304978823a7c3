/**
 * `npm run update`: brings the checkout to its upstream's newest release and the database to its
 * schema, while the server keeps running (ADR 0074). Refuses, changing nothing, when the checkout
 * has local edits or commits, or the database is newer than that release. Then `npm install`,
 * `npm run build`, and the new code's migrations (`npm run update -- migrate`, the same migrator as a
 * start); the operator restarts the server last. Same configuration as `npm start`.
 * Exit codes: 0 updated or up to date, 1 refused or failed (the message says why), 2 usage.
 */
import { spawnSync } from "node:child_process";
import { appliedMigrationStamps, closeDatabase, DatabaseNewerThanCodeError, db, openDatabase, runMigrations } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { setLogLevel } from "~/lib/logger.server";
import { setPrivateUmask } from "~/lib/private-files.server";
import { git, pullRelease, UpdateRefusedError } from "./update-steps";

const USAGE = `Usage:
  npm run update              update the code to the newest release, install, build and migrate (the server keeps running)
  npm run update -- migrate   only apply this code's migrations to the database (the last step of an update)`;

function run(command: string, args: string[]) {
  console.log(`$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit code ${result.status ?? result.signal}).`);
}

async function migrateOnly() {
  await openDatabase({ poolSize: 2, migrate: false });
  try {
    const before = (await appliedMigrationStamps(db().$client)).length;
    await runMigrations(db());
    const after = (await appliedMigrationStamps(db().$client)).length;
    console.log(after > before ? `Applied ${after - before} migration${after - before === 1 ? "" : "s"}.` : "The database is up to date.");
  } finally {
    await closeDatabase();
  }
}

async function update() {
  const checkout = git(process.cwd(), ["rev-parse", "--show-toplevel"]);
  const plan = await pullRelease({
    checkout,
    dataDir: getEnv().DATA_DIR,
    log: (line) => console.log(line),
    withDatabase: async (work) => {
      await openDatabase({ poolSize: 1, migrate: false });
      const client = await db().$client.connect();
      try {
        return await work(client);
      } finally {
        client.release();
        await closeDatabase();
      }
    },
  });
  if (!plan) {
    console.log("Already up to date: nothing changed.");
    return;
  }
  console.log(`Code updated: ${plan.from.slice(0, 10)} → ${plan.to.slice(0, 10)}.`);
  try {
    run("npm", ["install", "--no-audit", "--no-fund"]);
    run("npm", ["run", "build"]);
    // The new code's own migrator (a new process: this one still runs the code from before the pull).
    run("npm", ["run", "update", "--", "migrate"]);
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\nThe code is updated but not yet ready: fix the cause, then run ` +
        "npm install && npm run build && npm run update -- migrate. The running server is untouched.",
    );
  }
  console.log(
    "Done. Restart the server now to run the new version: stop it (SIGTERM or Ctrl+C lets requests in flight finish,\n" +
      "e.g. systemctl restart for a systemd unit) and start it again with npm start. With several processes, one after another.",
  );
}

async function main(): Promise<number> {
  setPrivateUmask();
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  const env = getEnv();
  setLogLevel(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  if (args[0] === "help" || args[0] === "--help") {
    console.log(USAGE);
    return 0;
  }
  if (args.length > 1 || (args[0] !== undefined && args[0] !== "migrate")) {
    console.error(USAGE);
    return 2;
  }
  if (args[0] === "migrate") await migrateOnly();
  else await update();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    const clear = error instanceof UpdateRefusedError || error instanceof DatabaseNewerThanCodeError;
    console.error(clear ? error.message : `update failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
