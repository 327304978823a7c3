import { eq, sql } from "drizzle-orm";
import { user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { recordAudit } from "./audit.server";
import { roleOfUser } from "./roles.server";

/**
 * Sign-ins of console users in the audit log (issue 28, ADR 0044): each success and failure of a
 * password, a code (TOTP or recovery) or a passkey, by an account that holds a console role. The
 * entry names the account, the method and the outcome, never what was typed.
 */
export type SignInMethod = "password" | "totp" | "recovery-code" | "passkey";
export type SignInOutcome = "success" | "failure";

/** `who`: the account's id, or the e-mail address a failed password sign-in gave. */
export async function recordConsoleSignIn(who: { userId: string } | { email: string }, method: SignInMethod, outcome: SignInOutcome) {
  const [row] = await db()
    .select({ id: user.id, email: user.email })
    .from(user)
    .where("userId" in who ? eq(user.id, who.userId) : sql`lower(${user.email}) = ${who.email.trim().toLowerCase()}`);
  if (!row) return;
  const role = await roleOfUser(row.id);
  if (!role) return;
  await recordAudit(row, {
    action: `sign-in.${outcome}`,
    entity: "sign-in",
    entityId: row.id,
    summary: `${method} (${role})`,
  });
}
