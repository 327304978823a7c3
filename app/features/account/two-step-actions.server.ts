import { redirect } from "react-router";
import { answer, type IntentContext } from "~/lib/form-action.server";
import { doneAnswer, invalidAnswer, parseForm, plainSubmission, type FormAnswer } from "~/lib/form-submission";
import { safeReturnTo } from "~/lib/return-to";
import { overLimit, refuse, runAccountIntents } from "./request.server";
import { markSecondFactor, secondFactorOf } from "./second-factor.server";
import { getOptionalUser, requireUser } from "./session.server";
import { codeSchema, kindOfCode, passkeyResponseSchema } from "./two-step-schemas";
import {
  auditSignIn,
  dropSession,
  passkeyOptions,
  pendingUserId,
  verifyCode,
  verifyPasskey,
  PASSKEY_FAILED,
} from "./two-step-verify.server";

/**
 * The second step of a sign-in (`/auth/two-step`) and "Confirm it's you" (`/auth/confirm`), ADR 0044.
 * Both take a code (authenticator app or recovery code) or a passkey, and then go on to `returnTo`.
 * A code is limited per client address and per account on top of better-auth's own lockout.
 */
export type TwoStepAnswer = FormAnswer<{ passkeyOptions?: Record<string, unknown> }>;

const CODE_LIMIT = { limit: 10, windowS: 300 };

export function confirmPath(returnTo: string) {
  return `/auth/confirm?returnTo=${encodeURIComponent(returnTo)}`;
}

function nextOf(form: FormData) {
  return safeReturnTo(form.get("returnTo")) ?? "/";
}

/** On to `returnTo` by a redirect, with JavaScript too (React Router follows it as one navigation). */
function proceed(context: IntentContext, headers: Headers): never {
  throw redirect(nextOf(context.form), { headers });
}

async function startPasskey(context: IntentContext) {
  const submission = plainSubmission(context.form);
  const started = await passkeyOptions(context.request);
  if (!started) return refuse(context.intent, submission, PASSKEY_FAILED);
  const done = doneAnswer(context.intent, submission, { keepValues: true, extra: { passkeyOptions: started.options } });
  return answer(done, 200, started.headers);
}

// The sign-in's second step: the pending sign-in is better-auth's `two_factor` cookie.

async function signInCode(context: IntentContext) {
  const { request, form, intent } = context;
  const submission = parseForm(form, codeSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const userId = await pendingUserId(request);
  const limited = await overLimit(context, submission, "twostep", CODE_LIMIT, { ip: true, account: userId });
  if (limited) return limited;
  const kind = kindOfCode(submission.value.code) ?? "totp";
  const result = await verifyCode(request, submission.value.code, kind);
  await auditSignIn(result.ok ? result.userId : userId, kind, result.ok);
  if (!result.ok) return refuse(intent, submission, result.refusal);
  await markSecondFactor({ token: result.token });
  return proceed(context, result.headers);
}

async function signInPasskey(context: IntentContext) {
  const { request, form, intent } = context;
  const submission = parseForm(form, passkeyResponseSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const limited = await overLimit(context, submission, "passkey", CODE_LIMIT);
  if (limited) return limited;
  const result = await verifyPasskey(request, submission.value.response);
  await auditSignIn(result.userId, "passkey", result.ok);
  if (!result.ok) return refuse(intent, submission, result.refusal);
  await markSecondFactor({ token: result.token });
  return proceed(context, result.headers);
}

/** /auth/two-step: signed in already → on; the form works only with the pending sign-in's cookie. */
export async function twoStepLoader(request: Request) {
  const next = safeReturnTo(new URL(request.url).searchParams.get("returnTo")) ?? "/";
  if (await getOptionalUser(request)) throw redirect(next);
  return { pending: (await pendingUserId(request)) !== undefined };
}

export function twoStepAction(request: Request) {
  return runAccountIntents(request, { code: signInCode, passkeyOptions: startPasskey, passkey: signInPasskey });
}

// "Confirm it's you": the request's own session passes a factor again (no new session is handed out).

async function confirmCode(context: IntentContext) {
  const { request, form, intent } = context;
  const user = await requireUser(request);
  const submission = parseForm(form, codeSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const limited = await overLimit(context, submission, "twostep", CODE_LIMIT, { ip: true, account: user.id });
  if (limited) return limited;
  const kind = kindOfCode(submission.value.code) ?? "totp";
  const result = await verifyCode(request, submission.value.code, kind);
  await auditSignIn(user.id, kind, result.ok && result.userId === user.id);
  if (!result.ok) return refuse(intent, submission, result.refusal);
  await markSecondFactor({ sessionId: user.sessionId! });
  return proceed(context, new Headers());
}

async function confirmPasskey(context: IntentContext) {
  const { request, form, intent } = context;
  const user = await requireUser(request);
  const submission = parseForm(form, passkeyResponseSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const limited = await overLimit(context, submission, "passkey", CODE_LIMIT, { ip: true, account: user.id });
  if (limited) return limited;
  const result = await verifyPasskey(request, submission.value.response);
  // better-auth signed the passkey's owner in anew: that session is not needed (and not sent).
  if (result.ok) await dropSession(result.token);
  const mine = result.ok && result.userId === user.id;
  await auditSignIn(user.id, "passkey", mine);
  if (!mine) return refuse(intent, submission, result.ok ? PASSKEY_FAILED : result.refusal);
  await markSecondFactor({ sessionId: user.sessionId! });
  return proceed(context, new Headers());
}

/** /auth/confirm: for a signed-in account with a second factor; without one, its set-up. */
export async function confirmLoader(request: Request) {
  const user = await requireUser(request);
  const state = await secondFactorOf(user.id);
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo")) ?? "/";
  if (!state.enabled) throw redirect(`/profile/two-step?returnTo=${encodeURIComponent(returnTo)}`);
  return { totp: state.totp, passkeys: state.passkeys > 0 };
}

export function confirmAction(request: Request) {
  return runAccountIntents(request, { code: confirmCode, passkeyOptions: startPasskey, passkey: confirmPasskey });
}
