import { data, redirect } from "react-router";
import { getEnv } from "~/lib/env.server";
import { languageFromRequest } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import { StorageUnavailableError } from "~/lib/storage.server";
import { ACTION_LIMITS, getAuth } from "./auth.server";
import { AvatarError, deleteAccount, getProfile, replaceAvatar, saveProfile } from "./profile.server";
import { assertSameOrigin, authHeaders, clientIp, cookiesOf, errorCodeOf, withinLimits } from "./request.server";
import {
  AVATAR_MAX_BYTES,
  changeEmailSchema,
  changePasswordSchema,
  firstError,
  formObject,
  profileSchema,
  resetPasswordSchema,
} from "./schemas";
import { getOptionalUser, requireUser } from "./session.server";

/**
 * The /profile actions. The user id always comes from the session cookie; nothing in the
 * request body names a user.
 */
export interface ProfileActionData {
  intent: string;
  ok: boolean;
  /** Toast title key for errors ('Error' unless stated). */
  title?: string;
  error?: string;
  message?: string;
  avatarUrl?: string;
  redirectTo?: string;
}

function answer(body: ProfileActionData, init?: { status?: number; headers?: Headers }) {
  return data(body, init);
}

export async function profileLoader(request: Request) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const resetError = url.searchParams.get("error");
  const sessionUser = await getOptionalUser(request);
  if (!sessionUser) {
    if (token || resetError) return { profile: null, resetToken: token, resetError: Boolean(resetError) };
    throw redirect("/auth");
  }
  const profile = await getProfile(sessionUser.id);
  if (!profile) throw redirect("/auth");
  return { profile, resetToken: token, resetError: Boolean(resetError) };
}

export async function profileAction(request: Request) {
  assertSameOrigin(request);
  const contentLength = Number(request.headers.get("content-length") ?? "0");
  // A body far above the avatar limit is refused before it is read.
  if (contentLength > AVATAR_MAX_BYTES + 256 * 1024) {
    await requireUser(request);
    return answer({ intent: "avatar", ok: false, error: "profile.errors.tooLarge" }, { status: 413 });
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = formObject(form);
  const auth = getAuth();
  const headers = authHeaders(request);
  const ip = clientIp(request);

  if (intent === "resetPassword") {
    const parsed = resetPasswordSchema.safeParse(values);
    if (!parsed.success) return answer({ intent, ok: false, error: firstError(parsed) }, { status: 400 });
    if (!(await withinLimits([`resetpw:ip:${ip}`], ACTION_LIMITS.changePassword.limit, ACTION_LIMITS.changePassword.windowS))) {
      return answer({ intent, ok: false, error: "auth.errors.rateLimited" }, { status: 429 });
    }
    const response = await auth.api.resetPassword({
      body: { newPassword: parsed.data.newPassword, token: parsed.data.token },
      headers,
      asResponse: true,
    });
    if (!response.ok) {
      const code = await errorCodeOf(response);
      logger.info(`password reset refused: ${response.status} ${code ?? ""}`);
      return answer({ intent, ok: false, error: "profile.errors.resetInvalid" }, { status: 400 });
    }
    // Every session ended with the reset (revokeSessionsOnPasswordReset); sign in again.
    const signOut = await auth.api.signOut({ headers, asResponse: true }).catch(() => undefined);
    return answer(
      { intent, ok: true, message: "profile.toast.passwordReset", redirectTo: "/auth" },
      { headers: signOut ? cookiesOf(signOut) : undefined },
    );
  }

  const sessionUser = await requireUser(request);

  if (intent === "save") {
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) return answer({ intent, ok: false, error: firstError(parsed) }, { status: 400 });
    try {
      await saveProfile(sessionUser.id, parsed.data, languageFromRequest(request));
    } catch (error) {
      logger.error(`profile save failed: ${String(error)}`);
      return answer({ intent, ok: false, error: "profile.errors.updateFailed" }, { status: 500 });
    }
    return answer({ intent, ok: true, message: "profile.toast.updated" });
  }

  if (intent === "avatar") {
    const file = form.get("avatar");
    if (!(file instanceof File) || file.size === 0) {
      return answer({ intent, ok: false, error: "profile.errors.notImage" }, { status: 400 });
    }
    if (file.size > AVATAR_MAX_BYTES) return answer({ intent, ok: false, error: "profile.errors.tooLarge" }, { status: 413 });
    try {
      const avatarUrl = await replaceAvatar(sessionUser.id, Buffer.from(await file.arrayBuffer()));
      return answer({ intent, ok: true, message: "profile.toast.avatarUpdated", avatarUrl });
    } catch (error) {
      if (error instanceof AvatarError) return answer({ intent, ok: false, error: error.key }, { status: 400 });
      if (error instanceof StorageUnavailableError) {
        logger.warn(`avatar upload: ${error.message}`);
        return answer({ intent, ok: false, error: "profile.errors.storageUnavailable" }, { status: 503 });
      }
      logger.error(`avatar upload failed: ${String(error)}`);
      return answer({ intent, ok: false, error: "profile.errors.uploadFailed" }, { status: 500 });
    }
  }

  if (intent === "changeEmail") {
    const parsed = changeEmailSchema.safeParse(values);
    if (!parsed.success) return answer({ intent, ok: false, error: firstError(parsed) }, { status: 400 });
    const { limit, windowS } = ACTION_LIMITS.changeEmail;
    if (!(await withinLimits([`email:ip:${ip}`, `email:acct:${sessionUser.id}`], limit, windowS))) {
      return answer({ intent, ok: false, error: "auth.errors.rateLimited" }, { status: 429 });
    }
    if (!(await verifyPassword(sessionUser.id, parsed.data.currentPassword))) {
      return answer({ intent, ok: false, title: "profile.toast.authFailed", error: "profile.errors.wrongPassword" }, { status: 401 });
    }
    const newEmail = parsed.data.newEmail.toLowerCase();
    if (newEmail === sessionUser.email.toLowerCase()) {
      return answer({ intent, ok: false, error: "profile.errors.sameEmail" }, { status: 400 });
    }
    const response = await auth.api.changeEmail({
      body: { newEmail, callbackURL: "/profile" },
      headers,
      asResponse: true,
    });
    if (!response.ok) {
      logger.warn(`change email failed: ${response.status} ${(await errorCodeOf(response)) ?? ""}`);
      return answer({ intent, ok: false, error: "profile.errors.changeEmailFailed" }, { status: 400 });
    }
    return answer({ intent, ok: true, message: "profile.toast.emailSent" });
  }

  if (intent === "changePassword") {
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) return answer({ intent, ok: false, error: firstError(parsed) }, { status: 400 });
    const { limit, windowS } = ACTION_LIMITS.changePassword;
    if (!(await withinLimits([`password:ip:${ip}`, `password:acct:${sessionUser.id}`], limit, windowS))) {
      return answer({ intent, ok: false, error: "auth.errors.rateLimited" }, { status: 429 });
    }
    if (!(await verifyPassword(sessionUser.id, parsed.data.currentPassword))) {
      return answer({ intent, ok: false, title: "profile.toast.authFailed", error: "profile.errors.wrongPassword" }, { status: 401 });
    }
    const response = await auth.api.changePassword({
      body: {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      asResponse: true,
    });
    if (!response.ok) {
      logger.warn(`change password failed: ${response.status} ${(await errorCodeOf(response)) ?? ""}`);
      return answer({ intent, ok: false, error: "profile.errors.changePasswordFailed" }, { status: 400 });
    }
    return answer({ intent, ok: true, message: "profile.toast.passwordUpdated" }, { headers: cookiesOf(response) });
  }

  if (intent === "delete") {
    try {
      const signOut = await auth.api.signOut({ headers, asResponse: true });
      await deleteAccount(sessionUser.id);
      return answer({ intent, ok: true, message: "profile.toast.deleted", redirectTo: "/" }, { headers: cookiesOf(signOut) });
    } catch (error) {
      logger.error(`account deletion failed: ${String(error)}`);
      return answer({ intent, ok: false, error: "profile.errors.deleteFailed" }, { status: 500 });
    }
  }

  return answer({ intent, ok: false, error: "profile.errors.updateFailed" }, { status: 400 });
}

/** Verifies the current password against the credential account (spec §5: "signing in again"). */
async function verifyPassword(userId: string, password: string) {
  const context = await getAuth().$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  const credential = accounts.find((entry) => entry.providerId === "credential");
  if (!credential?.password) return false;
  return context.password.verify({ hash: credential.password, password });
}

export function isHttps() {
  return getEnv().PUBLIC_URL.startsWith("https:");
}
