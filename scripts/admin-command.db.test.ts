import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createAccount, useAuthTestEnv } from "../tests/helpers/accounts.server";
import { runAdminCommand } from "./admin-command";

/**
 * `npm run admin` as an operator uses it (CONTRACT.md), its commands run on this worker's database: what
 * they print and the exit code scripts/admin.ts ends with. The entry itself runs under npm in the
 * console-access and cluster tests.
 */
async function admin(args: string[]) {
  const lines = { stdout: "", stderr: "" };
  const output = { out: (line: string) => (lines.stdout += `${line}\n`), err: (line: string) => (lines.stderr += `${line}\n`) };
  // The worker's database is already open; the command does not close it.
  const code = await runAdminCommand(args, output, async () => async () => {});
  return { code, ...lines };
}

describe("npm run admin", () => {
  useAuthTestEnv({ requireEmailConfirmation: true });

  it("grant, list and revoke; an unknown account exits non-zero with a message", async () => {
    const email = "console-cli@example.com";
    await createAccount(email, { confirmed: true });
    const granted = await admin(["grant", email, "--role", "editor"]);
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain(`${email} is now editor`);
    expect((await admin(["list"])).stdout).toMatch(new RegExp(`editor\\s+${email.replace(/[.+]/g, "\\$&")}`));
    const promoted = await admin(["grant", email]);
    expect(promoted.stdout).toContain(`${email} is now admin (was editor)`);
    const revoked = await admin(["revoke", email]);
    expect(revoked.code).toBe(0);
    expect((await admin(["list"])).stdout).not.toContain(email);

    const unknown = await admin(["grant", "nobody-at-all@example.com"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("No account with the e-mail address nobody-at-all@example.com");
    const badRole = await admin(["grant", email, "--role", "owner"]);
    expect(badRole.code).not.toBe(0);
    expect(badRole.stderr).toContain('Unknown role "owner"');
    // The shell's changes are in the audit log too.
    const { rows } = await db().execute<{ action: string }>(sql`select action from audit_log where summary = ${email} order by id`);
    expect(rows.map((row) => row.action)).toEqual(["role.grant", "role.grant", "role.revoke"]);
  });
});
