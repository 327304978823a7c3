import { eq } from "drizzle-orm";
import { passkey } from "~/db/schema";
import { recordConsoleSignIn, type SignInMethod } from "~/features/admin/sign-in-audit.server";
import { verifiedSignedCookie } from "~/lib/cookies.server";
import { db } from "~/lib/db.server";
import { getAuth } from "./auth.server";
import { authHeaders, cookiesOf, refusalOf, type Refusal, type RefusalMap, RATE_LIMITED } from "./request.server";
import { parsePasskeyResponse } from "./two-step-schemas";

/**
 * The second factor's checks through better-auth (ADR 0044), shared by the sign-in's second step
 * (a pending sign-in: better-auth's signed `two_factor` cookie) and "Confirm it's you" (a session).
 * Each call is better-auth's own endpoint through auth.api; none of them is reachable over HTTP.
 */

export const CODE_INVALID: Refusal = { status: 401, fields: { code: "twostep.errors.codeWrong" } };
export const PASSKEY_FAILED: Refusal = { status: 401, form: "twostep.errors.passkeyFailed" };
const EXPIRED: Refusal = { status: 401, form: "twostep.errors.expired" };

export const CODE_REFUSALS: RefusalMap = {
  INVALID_CODE: CODE_INVALID,
  INVALID_BACKUP_CODE: CODE_INVALID,
  TOTP_NOT_ENABLED: CODE_INVALID,
  BACKUP_CODES_NOT_ENABLED: CODE_INVALID,
  INVALID_TWO_FACTOR_COOKIE: EXPIRED,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: EXPIRED,
  ACCOUNT_TEMPORARILY_LOCKED: { status: 429, form: "twostep.errors.locked" },
  "429": RATE_LIMITED,
  default: CODE_INVALID,
};

export const PASSKEY_REFUSALS: RefusalMap = {
  CHALLENGE_NOT_FOUND: { status: 400, form: "twostep.errors.passkeyExpired" },
  "429": RATE_LIMITED,
  default: PASSKEY_FAILED,
};

/** The account a pending sign-in belongs to (the `two_factor` cookie's verification row), for the audit log. */
export async function pendingUserId(request: Request): Promise<string | undefined> {
  const context = await getAuth().$context;
  const name = context.createAuthCookie("two_factor").name;
  const identifier = verifiedSignedCookie(request.headers.get("cookie"), name, context.secret);
  if (!identifier) return undefined;
  const row = await context.internalAdapter.findVerificationValue(identifier);
  return row && row.expiresAt > new Date() ? row.value : undefined;
}

export type CodeResult = { ok: true; token: string; userId: string; headers: Headers } | { ok: false; refusal: Refusal };

/** A TOTP or recovery code, for a pending sign-in (a new session) or the request's session (nothing new). */
export async function verifyCode(request: Request, code: string, kind: "totp" | "recovery-code"): Promise<CodeResult> {
  const api = getAuth().api;
  const init = { body: { code }, headers: authHeaders(request), asResponse: true } as const;
  const response = kind === "totp" ? await api.verifyTOTP(init) : await api.verifyBackupCode(init);
  if (!response.ok) return { ok: false, refusal: await refusalOf(response, CODE_REFUSALS, "second factor code") };
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { ok: true, token: body.token, userId: body.user.id, headers: cookiesOf(response) };
}

/** Starts a passkey ceremony: WebAuthn options, and better-auth's challenge cookie to send along. */
export async function passkeyOptions(request: Request) {
  const response = await getAuth().api.generatePasskeyAuthenticationOptions({ headers: authHeaders(request), asResponse: true });
  if (!response.ok) return undefined;
  return { options: (await response.json()) as Record<string, unknown>, headers: cookiesOf(response) };
}

type PasskeyAnswer = NonNullable<Parameters<ReturnType<typeof getAuth>["api"]["verifyPasskeyAuthentication"]>[0]>["body"]["response"];

export type PasskeyResult =
  { ok: true; token: string; userId: string; headers: Headers } | { ok: false; refusal: Refusal; userId?: string };

/**
 * Ends a passkey ceremony: better-auth verifies the answer against its challenge and signs the
 * passkey's owner in (a new session with its cookie in `headers`).
 */
export async function verifyPasskey(request: Request, text: string): Promise<PasskeyResult> {
  const parsed = parsePasskeyResponse(text);
  if (!parsed) return { ok: false, refusal: PASSKEY_FAILED };
  const response = await getAuth().api.verifyPasskeyAuthentication({
    // better-auth and SimpleWebAuthn check the answer's fields; ours checked only that it is an object.
    body: { response: parsed as unknown as PasskeyAnswer },
    headers: authHeaders(request),
    asResponse: true,
  });
  if (!response.ok) {
    const [owner] = await db().select({ userId: passkey.userId }).from(passkey).where(eq(passkey.credentialID, parsed.id));
    return { ok: false, refusal: await refusalOf(response, PASSKEY_REFUSALS, "passkey"), userId: owner?.userId };
  }
  const body = (await response.json()) as { session: { token: string }; user: { id: string } };
  return { ok: true, token: body.session.token, userId: body.user.id, headers: cookiesOf(response) };
}

/** Ends a session better-auth created that the product does not hand out (a step-up's passkey). */
export async function dropSession(token: string) {
  const context = await getAuth().$context;
  await context.internalAdapter.deleteSession(token);
}

/** The audit log's entry for a console user's sign-in step (nothing for other accounts). */
export async function auditSignIn(userId: string | undefined, method: SignInMethod, ok: boolean) {
  if (userId) await recordConsoleSignIn({ userId }, method, ok ? "success" : "failure");
}
