import { asc, eq, sql } from "drizzle-orm";
import { CONSOLE_ROLES, user, userRoles, type ConsoleRole } from "~/db/schema";
import { db } from "~/lib/db.server";

/**
 * Console roles (`user_roles`): given from the shell (`npm run admin`) or by an admin in the
 * console, looked up on every console request. One role per account.
 */

export class UnknownAccountError extends Error {
  override name = "UnknownAccountError";
  constructor(public readonly email: string) {
    super(`No account with the e-mail address ${email}`);
  }
}

export function isConsoleRole(value: unknown): value is ConsoleRole {
  return typeof value === "string" && (CONSOLE_ROLES as readonly string[]).includes(value);
}

async function findUserByEmail(email: string) {
  const [row] = await db()
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`);
  if (!row) throw new UnknownAccountError(email.trim());
  return row;
}

export async function roleOfUser(userId: string): Promise<ConsoleRole | null> {
  const [row] = await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return row?.role ?? null;
}

/** Gives (or changes) a role; returns the account and its previous role. */
export async function grantRole(email: string, role: ConsoleRole, grantedBy: string | null = null) {
  const target = await findUserByEmail(email);
  const previous = await roleOfUser(target.id);
  await db()
    .insert(userRoles)
    .values({ userId: target.id, role, grantedBy })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role, grantedBy, grantedAt: new Date() } });
  return { user: target, previous };
}

/** Takes the role away; returns the account and the role it had (null: it had none). */
export async function revokeRole(email: string) {
  const target = await findUserByEmail(email);
  const previous = await roleOfUser(target.id);
  await db().delete(userRoles).where(eq(userRoles.userId, target.id));
  return { user: target, previous };
}

export interface RoleHolder {
  userId: string;
  email: string;
  role: ConsoleRole;
  grantedAt: Date;
}

export async function listRoles(): Promise<RoleHolder[]> {
  return db()
    .select({ userId: userRoles.userId, email: user.email, role: userRoles.role, grantedAt: userRoles.grantedAt })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .orderBy(asc(userRoles.role), asc(user.email));
}

/**
 * The role behind a better-auth session token (the part of the cookie before the signature), and
 * whether its account has a second factor (ADR 0044: without one the role opens nothing).
 * Used by the server gate to choose which route table a request sees; loaders and actions
 * still check the full session through better-auth (requireConsole).
 */
export async function roleOfSessionToken(token: string): Promise<{ role: ConsoleRole; secondFactor: boolean } | null> {
  const { rows } = await db().execute<{ role: ConsoleRole; second_factor: boolean | null }>(sql`
    select r.role, u.two_factor_enabled as second_factor
    from sessions s join user_roles r on r.user_id = s.user_id join users u on u.id = s.user_id
    where s.token = ${token} and s.expires_at > now()`);
  const row = rows[0];
  return row ? { role: row.role, secondFactor: row.second_factor === true } : null;
}
