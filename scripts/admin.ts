/**
 * `npm run admin -- grant EMAIL [--role admin|editor]`, `revoke EMAIL`, `list`: console roles
 * from the shell (CONTRACT.md). Uses the same configuration as `npm start` (DATABASE_URL, or the
 * embedded database in $DATA_DIR, attached when the server runs). Exit codes: 0 done, 1 unknown
 * account, 2 usage or configuration error.
 */
import { recordAudit } from "~/features/admin/audit.server";
import { grantRole, isConsoleRole, listRoles, revokeRole, UnknownAccountError } from "~/features/admin/roles.server";
import { closeDatabase, openDatabase } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { setLogLevel } from "~/lib/logger.server";
import { setPrivateUmask } from "~/lib/private-files.server";

const USAGE = `Usage:
  npm run admin -- grant EMAIL [--role admin|editor]   give an account a console role (default admin)
  npm run admin -- revoke EMAIL                        take the role away
  npm run admin -- list                                who has which role`;

const SHELL_ACTOR = { id: null, email: "(shell)" } as const;

function parseArgs(argv: string[]) {
  const args = argv.filter((arg) => arg !== "--");
  const [command, ...rest] = args;
  let role = "admin";
  const positional: string[] = [];
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index];
    if (arg === "--role") role = rest[++index] ?? "";
    else if (arg.startsWith("--role=")) role = arg.slice("--role=".length);
    else positional.push(arg);
  }
  return { command, role, positional };
}

async function main(): Promise<number> {
  // What this tool writes into DATA_DIR (media files, the cluster on a first run) is private (ADR 0045).
  setPrivateUmask();
  const { command, role, positional } = parseArgs(process.argv.slice(2));
  if (command === "help" || command === "--help" || !command) {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (!["grant", "revoke", "list"].includes(command)) {
    console.error(`Unknown command "${command}".\n${USAGE}`);
    return 2;
  }
  if (command !== "list" && positional.length !== 1) {
    console.error(`${command} needs exactly one e-mail address.\n${USAGE}`);
    return 2;
  }
  if (command === "grant" && !isConsoleRole(role)) {
    console.error(`Unknown role "${role}": use admin or editor.`);
    return 2;
  }
  const env = getEnv();
  setLogLevel(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  await openDatabase({ poolSize: 2 });
  try {
    if (command === "list") {
      const holders = await listRoles();
      if (holders.length === 0) console.log("Nobody has a console role yet.");
      for (const holder of holders) console.log(`${holder.role.padEnd(7)} ${holder.email}  (since ${holder.grantedAt.toISOString()})`);
      return 0;
    }
    const email = positional[0];
    if (command === "grant" && isConsoleRole(role)) {
      const { user, previous } = await grantRole(email, role);
      await recordAudit(SHELL_ACTOR, {
        action: "role.grant",
        entity: "member",
        entityId: user.id,
        summary: user.email,
        before: { role: previous },
        after: { role },
      });
      console.log(
        previous === role ? `${user.email} already is ${role}.` : `${user.email} is now ${role}${previous ? ` (was ${previous})` : ""}.`,
      );
      return 0;
    }
    const { user, previous } = await revokeRole(email);
    if (previous) {
      await recordAudit(SHELL_ACTOR, {
        action: "role.revoke",
        entity: "member",
        entityId: user.id,
        summary: user.email,
        before: { role: previous },
        after: { role: null },
      });
    }
    console.log(previous ? `${user.email} no longer has a console role (was ${previous}).` : `${user.email} had no console role.`);
    return 0;
  } catch (error) {
    if (error instanceof UnknownAccountError) {
      console.error(`${error.message}. The account must exist first (sign up at /auth).`);
      return 1;
    }
    throw error;
  } finally {
    await closeDatabase();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`admin failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
