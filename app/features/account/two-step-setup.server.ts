import { renderSVG } from "uqr";
import { roleOfUser } from "~/features/admin/roles.server";
import { answer, type IntentContext } from "~/lib/form-action.server";
import { doneAnswer, invalidAnswer, parseForm, plainSubmission, type FormAnswer } from "~/lib/form-submission";
import { safeReturnTo } from "~/lib/return-to";
import { APP_NAME, getAuth } from "./auth.server";
import {
  authHeaders,
  cookiesOf,
  overLimit,
  refusalOf,
  refuse,
  runAccountIntents,
  type Refusal,
  type RefusalMap,
  RATE_LIMITED,
} from "./request.server";
import { hasFreshSecondFactor, markEnabledByPasskey, markSecondFactor, removePasskeys, secondFactorOf } from "./second-factor.server";
import { requireUser, type SessionUser } from "./session.server";
import { parsePasskeyResponse, passkeyResponseSchema, passwordProofSchema, totpCodeSchema } from "./two-step-schemas";
import { confirmPath } from "./two-step-actions.server";
import { CODE_REFUSALS } from "./two-step-verify.server";

/**
 * Setting the second factor up and turning it off (`/profile/two-step`, ADR 0044). The first factor of
 * an account needs its password (TOTP; better-auth asks) or a recent sign-in (a passkey; better-auth's
 * fresh session); once the account has one, adding or removing a factor needs a fresh second factor.
 * A console role cannot turn it off.
 */
export type SetupAnswer = FormAnswer<{
  totp?: { uri: string; secret: string; qrSvg: string };
  recoveryCodes?: string[];
  passkeyOptions?: Record<string, unknown>;
}>;

const LIMIT = { limit: 10, windowS: 300 };
const PASSWORD_WRONG: Refusal = { status: 401, fields: { password: "twostep.errors.passwordWrong" } };
const ENABLE_REFUSALS: RefusalMap = {
  INVALID_PASSWORD: PASSWORD_WRONG,
  TOTP_ALREADY_ENABLED: { status: 409, form: "twostep.errors.totpAlready" },
  "429": RATE_LIMITED,
  default: { status: 400, form: "twostep.errors.setupFailed" },
};
const REGISTER_REFUSALS: RefusalMap = {
  SESSION_NOT_FRESH: { status: 403, form: "twostep.errors.signInAgain" },
  CHALLENGE_NOT_FOUND: { status: 400, form: "twostep.errors.passkeyExpired" },
  "429": RATE_LIMITED,
  default: { status: 400, form: "twostep.errors.passkeyFailed" },
};
const NEEDS_CONFIRMATION: Refusal = { status: 403, form: "twostep.errors.confirmFirst" };
const CONSOLE_NEEDS_IT: Refusal = { status: 403, form: "twostep.errors.consoleNeedsIt" };

/** The new session better-auth hands out when a factor is switched on or off (its cookie's token). */
function sessionTokenOf(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).endsWith("session_token")) {
      const value = decodeURIComponent(pair.slice(at + 1));
      if (value) return value.slice(0, value.lastIndexOf("."));
    }
  }
  return undefined;
}

/** Adding a factor to an account that has one, or removing one, needs a fresh check. */
async function mayChange(user: SessionUser) {
  return !(await secondFactorOf(user.id)).enabled || (await hasFreshSecondFactor(user));
}

async function startTotp(context: IntentContext) {
  const { request, form, intent } = context;
  const user = await requireUser(request);
  const submission = parseForm(form, passwordProofSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  if (!(await mayChange(user))) return refuse(intent, submission, NEEDS_CONFIRMATION);
  const limited = await overLimit(context, submission, "twostep-setup", LIMIT, { ip: true, account: user.id });
  if (limited) return limited;
  const response = await getAuth().api.enableTwoFactor({
    body: { password: submission.value.password || undefined, issuer: APP_NAME },
    headers: authHeaders(request),
    asResponse: true,
  });
  if (!response.ok) return refuse(intent, submission, await refusalOf(response, ENABLE_REFUSALS, "TOTP set-up"));
  const { totpURI } = (await response.json()) as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const totp = { uri: totpURI, secret, qrSvg: renderSVG(totpURI) };
  return answer(doneAnswer(intent, submission, { extra: { totp } }), 200, cookiesOf(response));
}

async function confirmTotp(context: IntentContext) {
  const { request, form, intent } = context;
  const user = await requireUser(request);
  const submission = parseForm(form, totpCodeSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const limited = await overLimit(context, submission, "twostep-setup", LIMIT, { ip: true, account: user.id });
  if (limited) return limited;
  const response = await getAuth().api.verifyTOTP({
    body: { code: submission.value.code },
    headers: authHeaders(request),
    asResponse: true,
  });
  if (!response.ok) return refuse(intent, submission, await refusalOf(response, CODE_REFUSALS, "TOTP confirmation"));
  const headers = cookiesOf(response);
  // Switching TOTP on replaces the session (better-auth); the check just passed counts for the new one.
  const token = sessionTokenOf(headers);
  await markSecondFactor(token ? { token } : { sessionId: user.sessionId! });
  const codes = (await getAuth().api.viewBackupCodes({ body: { userId: user.id } })) as { backupCodes: string[] };
  return answer(doneAnswer(intent, submission, { extra: { recoveryCodes: codes.backupCodes } }), 200, headers);
}

async function startPasskeyRegistration(context: IntentContext) {
  const { request, form, intent } = context;
  const user = await requireUser(request);
  const submission = plainSubmission(form);
  if (!(await mayChange(user))) return refuse(intent, submission, NEEDS_CONFIRMATION);
  const response = await getAuth().api.generatePasskeyRegistrationOptions({ headers: authHeaders(request), asResponse: true });
  if (!response.ok) return refuse(intent, submission, await refusalOf(response, REGISTER_REFUSALS, "passkey options"));
  const passkeyOptions = (await response.json()) as Record<string, unknown>;
  return answer(doneAnswer(intent, submission, { keepValues: true, extra: { passkeyOptions } }), 200, cookiesOf(response));
}

async function registerPasskey(context: IntentContext) {
  const { request, form, intent } = context;
  const user = await requireUser(request);
  const submission = parseForm(form, passkeyResponseSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const limited = await overLimit(context, submission, "twostep-setup", LIMIT, { ip: true, account: user.id });
  if (limited) return limited;
  const parsed = parsePasskeyResponse(submission.value.response);
  if (!parsed) return refuse(intent, submission, REGISTER_REFUSALS.default);
  const response = await getAuth().api.verifyPasskeyRegistration({
    body: { response: parsed },
    headers: authHeaders(request),
    asResponse: true,
  });
  if (!response.ok) return refuse(intent, submission, await refusalOf(response, REGISTER_REFUSALS, "passkey registration"));
  await markEnabledByPasskey(user.id);
  await markSecondFactor({ sessionId: user.sessionId! });
  return answer(doneAnswer(intent, submission, { message: "twostep.setup.passkeyAdded" }), 200, cookiesOf(response));
}

async function disable(context: IntentContext) {
  const { request, form, intent } = context;
  const user = await requireUser(request);
  const submission = parseForm(form, passwordProofSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  if (await roleOfUser(user.id)) return refuse(intent, submission, CONSOLE_NEEDS_IT);
  if (!(await hasFreshSecondFactor(user))) return refuse(intent, submission, NEEDS_CONFIRMATION);
  const limited = await overLimit(context, submission, "twostep-setup", LIMIT, { ip: true, account: user.id });
  if (limited) return limited;
  const response = await getAuth().api.disableTwoFactor({
    body: { password: submission.value.password || undefined },
    headers: authHeaders(request),
    asResponse: true,
  });
  if (!response.ok) return refuse(intent, submission, await refusalOf(response, ENABLE_REFUSALS, "two-step sign-in off"));
  await removePasskeys(user.id);
  return answer(doneAnswer(intent, submission, { message: "twostep.setup.turnedOff" }), 200, cookiesOf(response));
}

/** /profile/two-step: the account's factors, whether its console role needs them, where to go next. */
export async function setupLoader(request: Request) {
  const user = await requireUser(request);
  const state = await secondFactorOf(user.id);
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo")) ?? null;
  const fresh = await hasFreshSecondFactor(user);
  return {
    ...state,
    consoleRole: (await roleOfUser(user.id)) !== null,
    returnTo,
    // Changing the factors of an account that has one starts with "Confirm it's you".
    confirmUrl: state.enabled && !fresh ? confirmPath("/profile/two-step") : null,
  };
}

export function setupAction(request: Request) {
  return runAccountIntents(request, {
    startTotp,
    confirmTotp,
    passkeyOptions: startPasskeyRegistration,
    passkey: registerPasskey,
    disable,
  });
}
