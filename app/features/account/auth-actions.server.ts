import { eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { user } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { languageFromRequest } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import { ACTION_LIMITS, getAuth, googleConfigured, signupContext } from "./auth.server";
import { rememberLanguage } from "./profile.server";
import { assertSameOrigin, authHeaders, clientIp, cookiesOf, errorCodeOf, withinLimits } from "./request.server";
import { firstError, forgotSchema, formObject, loginSchema, signupSchema } from "./schemas";

/**
 * The /auth page's actions. Every form posts here (with or without JavaScript) and the
 * server calls better-auth itself. Without JavaScript a success redirects to `/` with the
 * session cookie; with JavaScript (hidden field js=1) the answer is data and the page shows
 * the toast, then navigates.
 */
export interface AuthActionData {
  intent: string;
  ok: boolean;
  error?: string;
  /** Set when the address is not confirmed yet: the page offers to resend the mail. */
  unverifiedEmail?: string;
  message?: string;
  redirectTo?: string;
}

function answer(body: AuthActionData, init?: { status?: number; headers?: Headers }) {
  return data(body, init);
}

export async function authAction(request: Request) {
  assertSameOrigin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const js = form.get("js") === "1";
  const values = formObject(form);
  const ip = clientIp(request);
  const auth = getAuth();
  const headers = authHeaders(request);

  const success = (body: AuthActionData, cookies: Headers) => {
    if (js) return answer({ ...body, redirectTo: "/" }, { headers: cookies });
    throw redirect("/", { headers: cookies });
  };

  if (intent === "login") {
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) return answer({ intent, ok: false, error: firstError(parsed) }, { status: 400 });
    const email = parsed.data.email.toLowerCase();
    const { limit, windowS } = ACTION_LIMITS.signIn;
    if (
      !(await withinLimits([`signin:ip:${ip}`], limit, windowS)) ||
      !(await withinLimits([`signin:acct:${email}`], ACTION_LIMITS.signInAccount.limit, ACTION_LIMITS.signInAccount.windowS))
    ) {
      return answer({ intent, ok: false, error: "auth.errors.rateLimited" }, { status: 429 });
    }
    const response = await auth.api.signInEmail({
      body: { email, password: parsed.data.password, callbackURL: "/" },
      headers,
      asResponse: true,
    });
    if (response.ok) {
      const body = (await response.json()) as { user?: { id: string } };
      if (body.user?.id) await rememberLanguage(body.user.id, languageFromRequest(request));
      return success({ intent, ok: true, message: "auth.toast.loginSuccess" }, cookiesOf(response));
    }
    const code = await errorCodeOf(response);
    if (code === "EMAIL_NOT_VERIFIED") {
      return answer({ intent, ok: false, error: "auth.errors.notVerified", unverifiedEmail: email }, { status: 403 });
    }
    if (response.status === 429) return answer({ intent, ok: false, error: "auth.errors.rateLimited" }, { status: 429 });
    if (response.status === 401 || code === "INVALID_EMAIL_OR_PASSWORD") {
      return answer({ intent, ok: false, error: "auth.errors.invalidCredentials" }, { status: 401 });
    }
    logger.warn(`sign-in failed: ${response.status} ${code ?? ""}`);
    return answer({ intent, ok: false, error: "auth.errors.loginFailed" }, { status: 400 });
  }

  if (intent === "signup") {
    const parsed = signupSchema.safeParse(values);
    if (!parsed.success) return answer({ intent, ok: false, error: firstError(parsed) }, { status: 400 });
    const { limit, windowS } = ACTION_LIMITS.signUp;
    if (!(await withinLimits([`signup:ip:${ip}`], limit, windowS))) {
      return answer({ intent, ok: false, error: "auth.errors.rateLimited" }, { status: 429 });
    }
    const email = parsed.data.email.toLowerCase();
    // Spec §8: an address in use is named as such ("Please login instead").
    const [existing] = await db().select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email));
    if (existing) return answer({ intent, ok: false, error: "auth.errors.alreadyRegistered" }, { status: 409 });
    const response = await signupContext.run(
      {
        username: parsed.data.username,
        customerType: parsed.data.customerType,
        newsletterSubscribed: parsed.data.newsletterSubscribed,
        language: languageFromRequest(request),
      },
      () =>
        auth.api.signUpEmail({
          body: { name: parsed.data.username, email, password: parsed.data.password, callbackURL: "/" },
          headers,
          asResponse: true,
        }),
    );
    if (response.ok) {
      const message = getEnv().REQUIRE_EMAIL_CONFIRMATION ? "auth.toast.signupConfirm" : "auth.toast.signupSuccess";
      return success({ intent, ok: true, message }, cookiesOf(response));
    }
    const code = await errorCodeOf(response);
    if (response.status === 429) return answer({ intent, ok: false, error: "auth.errors.rateLimited" }, { status: 429 });
    if (code?.includes("ALREADY_EXISTS")) return answer({ intent, ok: false, error: "auth.errors.alreadyRegistered" }, { status: 409 });
    if (code === "PASSWORD_TOO_SHORT") return answer({ intent, ok: false, error: "auth.errors.passwordMin" }, { status: 400 });
    if (code === "PASSWORD_TOO_LONG") return answer({ intent, ok: false, error: "auth.errors.passwordMax" }, { status: 400 });
    logger.warn(`sign-up failed: ${response.status} ${code ?? ""}`);
    return answer({ intent, ok: false, error: "auth.errors.signupFailed" }, { status: 400 });
  }

  if (intent === "forgot") {
    const parsed = forgotSchema.safeParse(values);
    if (!parsed.success) return answer({ intent, ok: false, error: firstError(parsed) }, { status: 400 });
    const email = parsed.data.email.toLowerCase();
    const { limit, windowS } = ACTION_LIMITS.reset;
    if (!(await withinLimits([`reset:ip:${ip}`, `reset:acct:${email}`], limit, windowS))) {
      return answer({ intent, ok: false, error: "auth.errors.rateLimited" }, { status: 429 });
    }
    const response = await auth.api.requestPasswordReset({
      body: { email, redirectTo: "/profile" },
      headers,
      asResponse: true,
    });
    if (!response.ok) {
      logger.warn(`password reset request failed: ${response.status} ${(await errorCodeOf(response)) ?? ""}`);
      return answer({ intent, ok: false, error: "auth.errors.resetFailed" }, { status: 400 });
    }
    return answer({ intent, ok: true, message: "auth.toast.resetSent" });
  }

  if (intent === "resend") {
    const parsed = forgotSchema.safeParse(values);
    if (!parsed.success) return answer({ intent, ok: false, error: firstError(parsed) }, { status: 400 });
    const email = parsed.data.email.toLowerCase();
    const { limit, windowS } = ACTION_LIMITS.resend;
    if (!(await withinLimits([`resend:ip:${ip}`, `resend:acct:${email}`], limit, windowS))) {
      return answer({ intent, ok: false, error: "auth.errors.rateLimited", unverifiedEmail: email }, { status: 429 });
    }
    const response = await auth.api.sendVerificationEmail({ body: { email, callbackURL: "/" }, headers, asResponse: true });
    if (!response.ok) logger.warn(`resend failed: ${response.status} ${(await errorCodeOf(response)) ?? ""}`);
    return answer({ intent, ok: true, message: "auth.toast.resent" });
  }

  if (intent === "google") {
    if (!googleConfigured()) return answer({ intent, ok: false, error: "auth.errors.googleNotConfigured" }, { status: 503 });
    const response = await auth.api.signInSocial({
      body: { provider: "google", callbackURL: "/", errorCallbackURL: "/auth", newUserCallbackURL: "/" },
      headers,
      asResponse: true,
    });
    const body = (await response.json().catch(() => ({}))) as { url?: string };
    if (!response.ok || !body.url) {
      logger.warn(`Google sign-in could not start: ${response.status}`);
      return answer({ intent, ok: false, error: "auth.errors.googleFailed" }, { status: 502 });
    }
    throw redirect(body.url, { headers: cookiesOf(response) });
  }

  return answer({ intent, ok: false, error: "auth.errors.generic" }, { status: 400 });
}

export async function logoutAction(request: Request) {
  assertSameOrigin(request);
  const response = await getAuth().api.signOut({ headers: authHeaders(request), asResponse: true });
  throw redirect("/", { headers: cookiesOf(response) });
}
