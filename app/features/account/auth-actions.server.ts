import { isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { answer, type IntentContext } from "~/lib/form-action.server";
import { doneAnswer, invalidAnswer, parseForm, plainSubmission, type FormAnswer } from "~/lib/form-submission";
import { languageFromRequest } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import { clearNoticeCookie, confirmedNoticeCookie, pendingNoticeCookie, type ResendOutcome } from "./account-notice.server";
import { ACTION_LIMITS, getAuth, googleConfigured, signupContext } from "./auth.server";
import { rememberLanguage } from "./profile.server";
import {
  assertSameOrigin,
  authHeaders,
  clientIp,
  cookiesOf,
  overLimit,
  RATE_LIMITED,
  refusalOf,
  refuse,
  runAccountIntents,
  withinLimits,
} from "./request.server";
import type { Refusal, RefusalMap } from "./request.server";
import { emailOnlySchema, loginSchema, signupSchema } from "./schemas";
import { getOptionalUser } from "./session.server";
import { twoStepPath } from "./second-factor.server";
import { recordConsoleSignIn } from "~/features/admin/sign-in-audit.server";
import { safeReturnTo } from "~/lib/return-to";

/**
 * The /auth page's actions: one small handler per form (intent), each parsing with its form
 * schema, limiting, calling better-auth and mapping its refusals once. With JavaScript (hidden
 * js=1) a success answers data and the page navigates; without it the action redirects to `/`
 * with the session cookie.
 */
export type AuthAnswer = FormAnswer<{ unverifiedEmail?: string }>;

/** Where the confirmation link lands: /auth turns it into the "address confirmed" notice on `/` or on `returnTo`. */
export const CONFIRMED_CALLBACK = "/auth?confirmed=1";

/** Back to where the visitor came from (a gated download), checked to stay on this site; else `/`. */
function nextOf(form: FormData) {
  return safeReturnTo(form.get("returnTo")) ?? "/";
}

function confirmedCallbackOf(form: FormData) {
  const returnTo = safeReturnTo(form.get("returnTo"));
  return returnTo ? `${CONFIRMED_CALLBACK}&returnTo=${encodeURIComponent(returnTo)}` : CONFIRMED_CALLBACK;
}

const NOT_VERIFIED: Refusal = { status: 403, form: "auth.errors.notVerified" };
const INVALID_CREDENTIALS: Refusal = { status: 401, form: "auth.errors.invalidCredentials" };
const ALREADY_REGISTERED: Refusal = { status: 409, fields: { email: "auth.errors.alreadyRegistered" } };

const SIGN_IN_REFUSALS: RefusalMap = {
  EMAIL_NOT_VERIFIED: NOT_VERIFIED,
  INVALID_EMAIL_OR_PASSWORD: INVALID_CREDENTIALS,
  "401": INVALID_CREDENTIALS,
  "429": RATE_LIMITED,
  default: { status: 400, form: "auth.errors.loginFailed" },
};
const SIGN_UP_REFUSALS: RefusalMap = {
  USER_ALREADY_EXISTS: ALREADY_REGISTERED,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ALREADY_REGISTERED,
  PASSWORD_TOO_SHORT: { status: 400, fields: { password: "auth.errors.passwordMin" } },
  PASSWORD_TOO_LONG: { status: 400, fields: { password: "auth.errors.passwordMax" } },
  "429": RATE_LIMITED,
  default: { status: 400, form: "auth.errors.signupFailed" },
};
const RESET_REFUSALS: RefusalMap = { "429": RATE_LIMITED, default: { status: 400, form: "auth.errors.resetFailed" } };
const GOOGLE_FAILED: Refusal = { status: 502, form: "auth.errors.googleFailed" };

/** A success: data for the page with JavaScript, a redirect to `redirectTo` without. */
function succeed(context: IntentContext, body: FormAnswer<object>, headers: Headers) {
  if (context.form.get("js") === "1") return answer(body, 200, headers);
  throw redirect(body.redirectTo ?? nextOf(context.form), { headers });
}

async function login(context: IntentContext) {
  const { request, form, intent } = context;
  const submission = parseForm(form, loginSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const email = submission.value.email.toLowerCase();
  // Per client address here; per account in better-auth's hook, where a browser the account signed
  // in from before has its own count (device-trust.server.ts, ADR 0043).
  const limited = await overLimit(context, submission, "signin", ACTION_LIMITS.signIn);
  if (limited) return limited;
  let response: Response;
  try {
    response = await getAuth().api.signInEmail({
      body: { email, password: submission.value.password, callbackURL: nextOf(form) },
      headers: authHeaders(request),
      asResponse: true,
    });
  } catch (error) {
    // The per-account limit refuses in better-auth's before hook, which throws (device-trust.server.ts).
    if (isAPIError(error) && error.statusCode === 429) return refuse(intent, submission, RATE_LIMITED);
    throw error;
  }
  if (!response.ok) {
    const refusal = await refusalOf(response, SIGN_IN_REFUSALS, "sign-in");
    if (refusal === INVALID_CREDENTIALS) await recordConsoleSignIn({ email }, "password", "failure");
    return refuse(intent, submission, refusal, refusal === NOT_VERIFIED ? { unverifiedEmail: email } : undefined);
  }
  const body = (await response.json()) as { user?: { id: string }; twoFactorRedirect?: boolean };
  const headers = cookiesOf(response);
  // The account has a second factor: better-auth holds the sign-in (its `two_factor` cookie) until it is
  // given (ADR 0044). A redirect also with JavaScript: React Router follows it as one navigation (an answer
  // the page navigated from raced the fetcher's reload of the page's data, and the next page never showed).
  if (body.twoFactorRedirect) throw redirect(twoStepPath(nextOf(form)), { headers });
  if (body.user?.id) {
    await rememberLanguage(body.user.id, languageFromRequest(request));
    await recordConsoleSignIn({ userId: body.user.id }, "password", "success");
  }
  headers.append("Set-Cookie", clearNoticeCookie());
  const toast = { tone: "success", title: "auth.toast.loginSuccess" } as const;
  return succeed(context, doneAnswer(intent, submission, { toast, redirectTo: nextOf(form) }), headers);
}

async function isRegistered(email: string) {
  const [existing] = await db()
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  return Boolean(existing);
}

async function signup(context: IntentContext) {
  const { request, form, intent } = context;
  const submission = parseForm(form, signupSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const limited = await overLimit(context, submission, "signup", ACTION_LIMITS.signUp);
  if (limited) return limited;
  const { username, customerType, newsletterSubscribed, password } = submission.value;
  const email = submission.value.email.toLowerCase();
  // Spec §8: an address in use is named as such ("Please login instead").
  if (await isRegistered(email)) return refuse(intent, submission, ALREADY_REGISTERED);
  const response = await signupContext.run({ username, customerType, newsletterSubscribed, language: languageFromRequest(request) }, () =>
    getAuth().api.signUpEmail({
      body: { name: username, email, password, callbackURL: confirmedCallbackOf(form) },
      headers: authHeaders(request),
      asResponse: true,
    }),
  );
  if (!response.ok) return refuse(intent, submission, await refusalOf(response, SIGN_UP_REFUSALS, "sign-up"));
  const headers = cookiesOf(response);
  if (getEnv().REQUIRE_EMAIL_CONFIRMATION) {
    // Spec §8's toast as the page changes, and a lasting "check your inbox" notice with a resend
    // button on the page the visitor is returned to (`/`, or the item of a gated download).
    headers.append("Set-Cookie", pendingNoticeCookie(email));
    const toast = { tone: "success", title: "auth.toast.signupSuccess", description: "auth.toast.signupConfirm" } as const;
    return succeed(context, doneAnswer(intent, submission, { toast, redirectTo: nextOf(form) }), headers);
  }
  const toast = { tone: "success", title: "auth.toast.signupSuccess" } as const;
  return succeed(context, doneAnswer(intent, submission, { toast, redirectTo: nextOf(form) }), headers);
}

async function forgot(context: IntentContext) {
  const { request, form, intent } = context;
  const submission = parseForm(form, emailOnlySchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const email = submission.value.email.toLowerCase();
  // Per client address only: the recipient's side is the mail's own rule (reset-mail.server.ts),
  // which a stranger's requests cannot turn into "no reset for the owner" (ADR 0043).
  const limited = await overLimit(context, submission, "reset", ACTION_LIMITS.reset);
  if (limited) return limited;
  const response = await getAuth().api.requestPasswordReset({
    body: { email, redirectTo: "/profile" },
    headers: authHeaders(request),
    asResponse: true,
  });
  if (!response.ok) return refuse(intent, submission, await refusalOf(response, RESET_REFUSALS, "password reset request"));
  return answer(doneAnswer(intent, submission, { toast: { tone: "success", title: "auth.toast.resetSent" } }));
}

/**
 * The notice's resend posted without JavaScript (its hidden `back`, the page it is on): back to that
 * page, its query intact, where the notice says once what happened. Under the login form (no `back`)
 * the /auth page shows the answer itself.
 */
function backToNotice({ form }: IntentContext, email: string, outcome: ResendOutcome) {
  const back = form.get("js") === "1" ? undefined : safeReturnTo(form.get("back"));
  if (back) throw redirect(back, { headers: { "Set-Cookie": pendingNoticeCookie(email, outcome) } });
}

async function resend(context: IntentContext) {
  const { request, form, intent } = context;
  const submission = parseForm(form, emailOnlySchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const email = submission.value.email.toLowerCase();
  // Per client address; per recipient, the confirmation mail's daily quota (ADR 0043).
  const { limit, windowS } = ACTION_LIMITS.resend;
  if (!(await withinLimits([`resend:ip:${clientIp(request)}`], limit, windowS))) {
    backToNotice(context, email, "limited");
    return refuse(intent, submission, RATE_LIMITED, { unverifiedEmail: email });
  }
  const response = await getAuth().api.sendVerificationEmail({
    body: { email, callbackURL: confirmedCallbackOf(form) },
    headers: authHeaders(request),
    asResponse: true,
  });
  // The same answer whether or not the address has an account (no probing of addresses).
  if (!response.ok) logger.warn(`resend failed: ${response.status}`);
  backToNotice(context, email, "sent");
  return answer(doneAnswer(intent, submission, { keepValues: true, extra: { unverifiedEmail: email } }));
}

/** The notice's close button: the cookie goes; without JavaScript, back to the page it was on. */
async function dismissNotice(context: IntentContext) {
  const headers = new Headers({ "Set-Cookie": clearNoticeCookie() });
  return succeed(context, doneAnswer(context.intent, plainSubmission(context.form)), headers);
}

async function google({ request, form, intent }: IntentContext) {
  const submission = plainSubmission(form);
  if (!googleConfigured()) return refuse(intent, submission, { status: 404, form: "auth.errors.googleNotConfigured" });
  const response = await getAuth().api.signInSocial({
    body: { provider: "google", callbackURL: nextOf(form), errorCallbackURL: "/auth", newUserCallbackURL: nextOf(form) },
    headers: authHeaders(request),
    asResponse: true,
  });
  const body = (await response.json().catch(() => ({}))) as { url?: string };
  if (!response.ok || !body.url) {
    logger.warn(`Google sign-in could not start: ${response.status}`);
    return refuse(intent, submission, GOOGLE_FAILED);
  }
  throw redirect(body.url, { headers: cookiesOf(response) });
}

/** `/auth?error=<code>`: a bad confirmation link, or better-auth's answer to a failed Google sign-in (ADR 0014). */
function linkErrorKey(code: string | null, fromConfirmation: boolean) {
  if (!code) return null;
  if (fromConfirmation) return "auth.errors.confirmLinkInvalid";
  return code === "account_not_linked" ? "auth.errors.googleUnverified" : "auth.errors.googleFailed";
}

/**
 * /auth: a visitor with a session goes to `/` (spec §2). The confirmation link lands here first
 * (CONFIRMED_CALLBACK): confirmed, it goes on to `/` (or `returnTo`) with the "address confirmed" notice; a bad or
 * expired link stays here and says so.
 */
export async function authLoader(request: Request) {
  const url = new URL(request.url);
  const linkError = url.searchParams.get("error");
  const next = safeReturnTo(url.searchParams.get("returnTo")) ?? "/";
  if (url.searchParams.get("confirmed") === "1" && !linkError) {
    throw redirect(next, { headers: { "Set-Cookie": confirmedNoticeCookie() } });
  }
  // A visitor with a session goes to / (spec §2), or back where they came from.
  if (await getOptionalUser(request)) throw redirect(next);
  return { googleEnabled: googleConfigured(), linkError: linkErrorKey(linkError, url.searchParams.has("confirmed")) };
}

const AUTH_INTENTS = { login, signup, forgot, resend, dismissNotice, google };

export async function authAction(request: Request) {
  return runAccountIntents(request, AUTH_INTENTS);
}

export async function logoutAction(request: Request) {
  assertSameOrigin(request);
  const response = await getAuth().api.signOut({ headers: authHeaders(request), asResponse: true });
  throw redirect("/", { headers: cookiesOf(response) });
}
