/**
 * The commands of `npm run admin` (scripts/admin.ts): console roles from the shell (CONTRACT.md).
 * Apart from the entry so a test runs them on its own database without a process of their own.
 * Exit codes: 0 done, 1 unknown account, 2 usage or configuration error.
 */
import type { ConsoleRole } from "~/db/schema";
import { recordAudit } from "~/features/admin/audit.server";
import { grantRole, isConsoleRole, listRoles, revokeRole, UnknownAccountError } from "~/features/admin/roles.server";

export const USAGE = `Usage:
  npm run admin -- grant EMAIL [--role admin|editor]   give an account a console role (default admin)
  npm run admin -- revoke EMAIL                        take the role away
  npm run admin -- list                                who has which role`;

const SHELL_ACTOR = { id: null, email: "(shell)" } as const;

/** Where a command writes its lines: the terminal's stdout and stderr for `npm run admin`. */
export interface AdminOutput {
  out(line: string): void;
  err(line: string): void;
}

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

/**
 * Runs one command and returns its exit code. `connect` opens the database only once the arguments
 * are valid, and returns how to close it again.
 */
export async function runAdminCommand(argv: string[], output: AdminOutput, connect: () => Promise<() => Promise<void>>): Promise<number> {
  const { command, role, positional } = parseArgs(argv);
  if (command === "help" || command === "--help" || !command) {
    output.out(USAGE);
    return command ? 0 : 2;
  }
  if (!["grant", "revoke", "list"].includes(command)) {
    output.err(`Unknown command "${command}".\n${USAGE}`);
    return 2;
  }
  if (command !== "list" && positional.length !== 1) {
    output.err(`${command} needs exactly one e-mail address.\n${USAGE}`);
    return 2;
  }
  if (command === "grant" && !isConsoleRole(role)) {
    output.err(`Unknown role "${role}": use admin or editor.`);
    return 2;
  }
  const close = await connect();
  try {
    if (command === "list") {
      const holders = await listRoles();
      if (holders.length === 0) output.out("Nobody has a console role yet.");
      for (const holder of holders) output.out(`${holder.role.padEnd(7)} ${holder.email}  (since ${holder.grantedAt.toISOString()})`);
      return 0;
    }
    const email = positional[0];
    if (command === "grant" && isConsoleRole(role)) {
      const { user, previous } = await grantRole(email, role);
      await auditRoleChange("role.grant", user, previous, role);
      output.out(
        previous === role ? `${user.email} already is ${role}.` : `${user.email} is now ${role}${previous ? ` (was ${previous})` : ""}.`,
      );
      return 0;
    }
    const { user, previous } = await revokeRole(email);
    if (previous) await auditRoleChange("role.revoke", user, previous, null);
    output.out(previous ? `${user.email} no longer has a console role (was ${previous}).` : `${user.email} had no console role.`);
    return 0;
  } catch (error) {
    if (error instanceof UnknownAccountError) {
      output.err(`${error.message}. The account must exist first (sign up at /auth).`);
      return 1;
    }
    throw error;
  } finally {
    await close();
  }
}

/** A role change made from the shell, in the console's audit log as the console records its own. */
function auditRoleChange(
  action: "role.grant" | "role.revoke",
  user: { id: string; email: string },
  previous: ConsoleRole | null,
  role: ConsoleRole | null,
) {
  return recordAudit(SHELL_ACTOR, {
    action,
    entity: "member",
    entityId: user.id,
    summary: user.email,
    before: { role: previous },
    after: { role },
  });
}
