import { and, eq } from "drizzle-orm";
import { session } from "~/db/schema";
import { db } from "~/lib/db.server";
import { PASSWORD_MAX } from "~/lib/field-limits";
import { getAuth } from "./auth.server";
import { clientIp, RATE_LIMITED, withinLimits, type Refusal } from "./request.server";
import { hasFreshSecondFactor } from "./second-factor.server";
import type { SessionUser } from "./session.server";

/**
 * Proof of presence (ADR 0014, "Proof of presence for account changes"): a session cookie alone
 * may use the account but not take it over. Changing the e-mail address or the password,
 * deleting the account and the data export each call `requireRecentProof` first, and it is the
 * only place that decides what counts as proof:
 * - an account with a password: the current password, typed into the form (`currentPassword`);
 * - an account without one (Google sign-in only): a sign-in within the last RECENT_SIGN_IN_S
 *   seconds (the session's own age); an older session is asked to sign in again.
 * - either kind: a second factor (code or passkey) passed by this session within RECENT_SIGN_IN_S.
 */
export const PROOF_FIELD = "currentPassword";
export const RECENT_SIGN_IN_S = 5 * 60;
/** Password guesses through these forms, per account and per client address (hitRateLimit). */
export const PROOF_LIMITS = { perAccount: 10, perAddress: 30, windowS: 15 * 60 } as const;

export const WRONG_PASSWORD: Refusal = {
  status: 401,
  title: "profile.toast.authFailed",
  fields: { [PROOF_FIELD]: "profile.errors.wrongPassword" },
};
const PASSWORD_REQUIRED: Refusal = { status: 400, fields: { [PROOF_FIELD]: "profile.errors.currentPasswordRequired" } };
const SIGN_IN_AGAIN: Refusal = { status: 401, form: "profile.errors.signInAgain" };

/** Every answer `requireRecentProof` refuses with, by name (a page that cannot show a form answer names it instead). */
export const PROOF_REFUSALS = {
  wrongPassword: WRONG_PASSWORD,
  passwordRequired: PASSWORD_REQUIRED,
  signInAgain: SIGN_IN_AGAIN,
  rateLimited: RATE_LIMITED,
} as const;
export type ProofRefusal = keyof typeof PROOF_REFUSALS;

/** The name of one of `requireRecentProof`'s refusals. */
export function proofRefusalName(refusal: Refusal): ProofRefusal {
  const names = Object.keys(PROOF_REFUSALS) as ProofRefusal[];
  return names.find((name) => PROOF_REFUSALS[name] === refusal) ?? "wrongPassword";
}

async function passwordHashOf(userId: string) {
  const context = await getAuth().$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  return accounts.find((entry) => entry.providerId === "credential")?.password ?? undefined;
}

/** The account's password hash, undefined when it signs in without one (its forms then ask for no password). */
export type PasswordLookup = { hash: string | undefined };

/** Looked up once by a caller that also needs it (the change-email form picks its schema by it). */
export async function lookUpPassword(userId: string): Promise<PasswordLookup> {
  return { hash: await passwordHashOf(userId) };
}

async function signedInRecently(user: SessionUser) {
  if (!user.sessionId) return false;
  const [row] = await db()
    .select({ createdAt: session.createdAt })
    .from(session)
    .where(and(eq(session.id, user.sessionId), eq(session.userId, user.id)));
  return row !== undefined && Date.now() - row.createdAt.getTime() <= RECENT_SIGN_IN_S * 1000;
}

/**
 * Whether this request proves that the account's owner is present: undefined when it does, else the
 * refusal to answer with (nothing is changed). `form` is the request's form; only `currentPassword`
 * is read from it. `password` is the account's hash when the caller has looked it up already.
 */
export async function requireRecentProof(
  request: Request,
  user: SessionUser,
  form: FormData,
  password?: PasswordLookup,
): Promise<Refusal | undefined> {
  if (await hasFreshSecondFactor(user, RECENT_SIGN_IN_S / 60)) return undefined;
  const hash = password ? password.hash : await passwordHashOf(user.id);
  if (!hash) return (await signedInRecently(user)) ? undefined : SIGN_IN_AGAIN;
  const typed = form.get(PROOF_FIELD);
  if (typeof typed !== "string" || typed === "") return PASSWORD_REQUIRED;
  const accountAllowed = await withinLimits([`proof:acct:${user.id}`], PROOF_LIMITS.perAccount, PROOF_LIMITS.windowS);
  const addressAllowed = await withinLimits([`proof:ip:${clientIp(request)}`], PROOF_LIMITS.perAddress, PROOF_LIMITS.windowS);
  if (!accountAllowed || !addressAllowed) return RATE_LIMITED;
  if (typed.length > PASSWORD_MAX) return WRONG_PASSWORD;
  const context = await getAuth().$context;
  return (await context.password.verify({ hash, password: typed })) ? undefined : WRONG_PASSWORD;
}
