import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { account, passkey, session, twoFactor, user } from "~/db/schema";
import { db } from "~/lib/db.server";

/**
 * The second factor (issue 28, ADR 0044). better-auth's plugins own the factors (TOTP with recovery
 * codes, passkeys); this module owns what the product decides with them: whether an account has one
 * (`users.two_factor_enabled`, set by the two-factor plugin for TOTP and by us for a passkey), and
 * when a session last passed one (`sessions.second_factor_at`, written after every successful check:
 * a sign-in with a code or passkey, a "Confirm it's you", setting a factor up).
 */

/** The sign-in's second step, then on to `returnTo`. */
export function twoStepPath(returnTo: string | undefined) {
  return returnTo && returnTo !== "/" ? `/auth/two-step?returnTo=${encodeURIComponent(returnTo)}` : "/auth/two-step";
}

/** A check older than this is asked for again before a sensitive console action. */
export const STEP_UP_MINUTES = 15;

export interface SecondFactorState {
  /** TOTP confirmed or at least one passkey. */
  enabled: boolean;
  totp: boolean;
  passkeys: number;
  /** The account signs in with a password (setting up or turning off TOTP asks for it). */
  hasPassword: boolean;
}

export async function secondFactorOf(userId: string): Promise<SecondFactorState> {
  // The subqueries compare with the parameter, not `${user.id}`: drizzle may render a column without
  // its table, and inside a subquery a bare "id" names the subquery's own table.
  const [row] = await db()
    .select({
      enabled: user.twoFactorEnabled,
      totp: sql<boolean>`exists (select 1 from ${twoFactor} where ${twoFactor.userId} = ${userId} and ${twoFactor.verified} is not false)`,
      passkeys: sql<number>`(select count(*)::int from ${passkey} where ${passkey.userId} = ${userId})`,
      hasPassword: sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${userId} and ${account.password} is not null)`,
    })
    .from(user)
    .where(eq(user.id, userId));
  return {
    enabled: row?.enabled === true,
    totp: row?.totp === true,
    passkeys: Number(row?.passkeys ?? 0),
    hasPassword: row?.hasPassword === true,
  };
}

/** A passkey counts as a second factor: the account's password sign-in then asks for it. */
export async function markEnabledByPasskey(userId: string) {
  await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
}

/** Turning the second factor off removes every factor (the TOTP row goes with the plugin's own call). */
export async function removePasskeys(userId: string) {
  await db().delete(passkey).where(eq(passkey.userId, userId));
}

/** Records that a session passed a second factor now (by its id or its token). */
export async function markSecondFactor(which: { sessionId: string } | { token: string }) {
  const where = "sessionId" in which ? eq(session.id, which.sessionId) : eq(session.token, which.token);
  await db().update(session).set({ secondFactorAt: new Date(), consoleSeenAt: null }).where(where);
}

export interface SessionChecks {
  secondFactorAt: Date | null;
  consoleSeenAt: Date | null;
}

/** The console's question in one query: has the account a second factor, and this session's checks. */
export async function consoleChecksOf(userId: string, sessionId: string): Promise<SessionChecks & { enabled: boolean }> {
  const [row] = await db()
    .select({ enabled: user.twoFactorEnabled, secondFactorAt: session.secondFactorAt, consoleSeenAt: session.consoleSeenAt })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)));
  return { enabled: row?.enabled === true, secondFactorAt: row?.secondFactorAt ?? null, consoleSeenAt: row?.consoleSeenAt ?? null };
}

export async function sessionChecksOf(sessionId: string | undefined): Promise<SessionChecks> {
  if (!sessionId) return { secondFactorAt: null, consoleSeenAt: null };
  const [row] = await db()
    .select({ secondFactorAt: session.secondFactorAt, consoleSeenAt: session.consoleSeenAt })
    .from(session)
    .where(eq(session.id, sessionId));
  return row ?? { secondFactorAt: null, consoleSeenAt: null };
}

function within(at: Date | null, minutes: number, now: number) {
  return at !== null && now - at.getTime() < minutes * 60_000 && at.getTime() <= now + 60_000;
}

/** Whether the checks say a second factor was passed less than `maxAgeMinutes` ago. */
export function isFresh(checks: SessionChecks, maxAgeMinutes = STEP_UP_MINUTES, now = Date.now()) {
  return within(checks.secondFactorAt, maxAgeMinutes, now);
}

/**
 * Whether the session of a signed-in user passed a second factor less than `maxAgeMinutes` ago:
 * the proof for sensitive actions (the console's, and the account's own: requireRecentProof).
 */
export async function hasFreshSecondFactor(signedIn: { sessionId?: string }, maxAgeMinutes = STEP_UP_MINUTES): Promise<boolean> {
  return isFresh(await sessionChecksOf(signedIn.sessionId), maxAgeMinutes);
}

/**
 * Entering the console ("signing in to it"): the session passed a second factor, and either less
 * than STEP_UP_MINUTES ago or it has used the console without a pause that long since.
 */
export function mayEnterConsole(checks: SessionChecks, now = Date.now()) {
  if (checks.secondFactorAt === null) return false;
  return within(checks.secondFactorAt, STEP_UP_MINUTES, now) || within(checks.consoleSeenAt, STEP_UP_MINUTES, now);
}

/** Notes a console request (at most one write a minute per session). */
export async function touchConsole(sessionId: string) {
  const minuteAgo = new Date(Date.now() - 60_000);
  await db()
    .update(session)
    .set({ consoleSeenAt: new Date() })
    .where(
      and(
        eq(session.id, sessionId),
        isNotNull(session.secondFactorAt),
        or(isNull(session.consoleSeenAt), lt(session.consoleSeenAt, minuteAgo)),
      ),
    );
}
