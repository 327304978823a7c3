import { redirect } from "react-router";
import { answer, type IntentContext } from "~/lib/form-action.server";
import { doneAnswer, invalidAnswer, parseForm, plainSubmission, type FormAnswer } from "~/lib/form-submission";
import { languageFromRequest } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import { StorageUnavailableError } from "~/lib/storage.server";
import { ACTION_LIMITS, getAuth } from "./auth.server";
import { passwordResets } from "./device-trust.server";
import { exportNoticeOf, type PrivacyLoaderData } from "./privacy-actions.server";
import { getProfilePage } from "./profile-page.server";
import { lookUpPassword, requireRecentProof } from "./recent-proof.server";
import { AvatarError, deleteAccount, replaceAvatar, saveProfile } from "./profile.server";
import { assertSameOrigin, authHeaders, cookiesOf, overLimit, RATE_LIMITED, refusalOf, refuse, runAccountIntents } from "./request.server";
import type { Refusal, RefusalMap } from "./request.server";
import {
  AVATAR_MAX_BYTES,
  changeEmailSchema,
  changeEmailWithoutPasswordSchema,
  changePasswordSchema,
  profileSchema,
  resetPasswordSchema,
} from "./schemas";
import { getOptionalUser, requireUser, type SessionUser } from "./session.server";

/**
 * The /profile actions: one small handler per form (intent). The user always comes from the
 * session cookie; nothing in the request body names a user.
 */
export type ProfileAnswer = FormAnswer<{ avatarUrl?: string }>;

const RESET_REFUSED: Refusal = { status: 400, form: "profile.errors.resetInvalid" };
const CHANGE_EMAIL_REFUSALS: RefusalMap = { "429": RATE_LIMITED, default: { status: 400, form: "profile.errors.changeEmailFailed" } };
const CHANGE_PASSWORD_REFUSALS: RefusalMap = { "429": RATE_LIMITED, default: { status: 400, form: "profile.errors.changePasswordFailed" } };

export async function profileLoader(request: Request) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const resetError = url.searchParams.get("error");
  const sessionUser = await getOptionalUser(request);
  if (!sessionUser) {
    if (token || resetError) return { profile: null, resetToken: token, resetError: Boolean(resetError), privacy: undefined };
    throw redirect("/auth");
  }
  // One query for the whole page (ADR 0031), the sessions and the export's notice (issue 12) included.
  const page = await getProfilePage(sessionUser.id, sessionUser.sessionId, request);
  if (!page) throw redirect("/auth");
  const privacy: PrivacyLoaderData = { sessions: page.sessions, exportNotice: exportNoticeOf(url) };
  return { profile: page.profile, resetToken: token, resetError: Boolean(resetError), privacy };
}

/** The reset link's form: the token names the account, so no session is needed. */
async function resetPassword(context: IntentContext) {
  const { request, form, intent } = context;
  const submission = parseForm(form, resetPasswordSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const limited = await overLimit(context, submission, "resetpw", ACTION_LIMITS.changePassword);
  if (limited) return limited;
  const headers = authHeaders(request);
  // The browser that sets the new password becomes a known browser of the account (device cookie,
  // ADR 0043): its sign-in is not held up by a stranger's guesses.
  const response = await passwordResets.run({}, () =>
    getAuth().api.resetPassword({
      body: { newPassword: submission.value.newPassword, token: submission.value.token },
      headers,
      asResponse: true,
    }),
  );
  if (!response.ok) return refuse(intent, submission, await refusalOf(response, { default: RESET_REFUSED }, "password reset"));
  // Every session ended with the reset (revokeSessionsOnPasswordReset); sign in again.
  const signOut = await getAuth()
    .api.signOut({ headers, asResponse: true })
    .catch(() => undefined);
  const toast = { tone: "success", title: "profile.toast.passwordReset" } as const;
  const cookies = cookiesOf(response);
  if (signOut) for (const cookie of signOut.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return answer(doneAnswer(intent, submission, { toast, redirectTo: "/auth" }), 200, cookies);
}

type SignedInHandler = (context: IntentContext, user: SessionUser) => Promise<unknown>;

/** A handler for signed-in users only (visitors are sent to /auth). */
function signedIn(handler: SignedInHandler) {
  return async (context: IntentContext) => handler(context, await requireUser(context.request));
}

async function save(context: IntentContext, user: SessionUser) {
  const { request, form, intent } = context;
  const submission = parseForm(form, profileSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  // The newsletter switch mails a confirmation: per client address and account as well as per recipient.
  const limited = await overLimit(context, submission, "profile", ACTION_LIMITS.saveProfile, { ip: true, account: user.id });
  if (limited) return limited;
  let newsletterRequested = false;
  try {
    ({ newsletterRequested } = await saveProfile(user.id, submission.value, languageFromRequest(request)));
  } catch (error) {
    logger.error(`profile save failed: ${String(error)}`);
    return refuse(intent, submission, { status: 500, form: "profile.errors.updateFailed" });
  }
  // Double opt-in: the newsletter starts only with the link just mailed (mydata namespace).
  const toast = { tone: "success", title: newsletterRequested ? "mydata.newsletter.checkMail" : "profile.toast.updated" } as const;
  return answer(doneAnswer(intent, submission, { toast, keepValues: true }));
}

async function avatar({ form, intent }: IntentContext, user: SessionUser) {
  // The file itself is never sent back: the answer is built from an empty submission.
  const submission = plainSubmission(new FormData());
  const file = form.get("avatar");
  if (!(file instanceof File) || file.size === 0)
    return refuse(intent, submission, { status: 400, fields: { avatar: "profile.errors.notImage" } });
  if (file.size > AVATAR_MAX_BYTES) return refuse(intent, submission, { status: 413, fields: { avatar: "profile.errors.tooLarge" } });
  try {
    const avatarUrl = await replaceAvatar(user.id, Buffer.from(await file.arrayBuffer()));
    const toast = { tone: "success", title: "profile.toast.avatarUpdated" } as const;
    return answer(doneAnswer(intent, submission, { toast, extra: { avatarUrl } }));
  } catch (error) {
    if (error instanceof AvatarError) return refuse(intent, submission, { status: 400, fields: { avatar: error.key } });
    if (error instanceof StorageUnavailableError) {
      logger.warn(`avatar upload: ${error.message}`);
      return refuse(intent, submission, { status: 503, fields: { avatar: "profile.errors.storageUnavailable" } });
    }
    logger.error(`avatar upload failed: ${String(error)}`);
    return refuse(intent, submission, { status: 500, fields: { avatar: "profile.errors.uploadFailed" } });
  }
}

async function changeEmail(context: IntentContext, user: SessionUser) {
  const { request, form, intent } = context;
  const password = await lookUpPassword(user.id);
  const schema = password.hash ? changeEmailSchema : changeEmailWithoutPasswordSchema;
  const submission = parseForm(form, schema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const limited = await overLimit(context, submission, "email", ACTION_LIMITS.changeEmail, { ip: true, account: user.id });
  if (limited) return limited;
  // Spec §5: the current password is verified first (proof of presence, recent-proof.server.ts).
  const unproven = await requireRecentProof(request, user, form, password);
  if (unproven) return refuse(intent, submission, unproven);
  const newEmail = submission.value.newEmail.toLowerCase();
  if (newEmail === user.email.toLowerCase())
    return refuse(intent, submission, { status: 400, fields: { newEmail: "profile.errors.sameEmail" } });
  const response = await getAuth().api.changeEmail({
    body: { newEmail, callbackURL: "/profile" },
    headers: authHeaders(request),
    asResponse: true,
  });
  if (!response.ok) return refuse(intent, submission, await refusalOf(response, CHANGE_EMAIL_REFUSALS, "change email"));
  return answer(doneAnswer(intent, submission, { toast: { tone: "success", title: "profile.toast.emailSent" } }));
}

async function changePassword(context: IntentContext, user: SessionUser) {
  const { request, form, intent } = context;
  const submission = parseForm(form, changePasswordSchema);
  if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
  const limited = await overLimit(context, submission, "password", ACTION_LIMITS.changePassword, { ip: true, account: user.id });
  if (limited) return limited;
  const { currentPassword, newPassword } = submission.value;
  const unproven = await requireRecentProof(request, user, form);
  if (unproven) return refuse(intent, submission, unproven);
  const response = await getAuth().api.changePassword({
    body: { currentPassword, newPassword, revokeOtherSessions: true },
    headers: authHeaders(request),
    asResponse: true,
  });
  if (!response.ok) return refuse(intent, submission, await refusalOf(response, CHANGE_PASSWORD_REFUSALS, "change password"));
  const toast = { tone: "success", title: "profile.toast.passwordUpdated" } as const;
  return answer(doneAnswer(intent, submission, { toast }), 200, cookiesOf(response));
}

async function remove({ request, form, intent }: IntentContext, user: SessionUser) {
  const submission = plainSubmission(form);
  // A stolen session cookie alone does not delete the account (issue 28).
  const unproven = await requireRecentProof(request, user, form);
  if (unproven) return refuse(intent, submission, unproven);
  try {
    const signOut = await getAuth().api.signOut({ headers: authHeaders(request), asResponse: true });
    await deleteAccount(user.id);
    const toast = { tone: "success", title: "profile.toast.deletedTitle", description: "profile.toast.deleted" } as const;
    return answer(doneAnswer(intent, submission, { toast, redirectTo: "/" }), 200, cookiesOf(signOut));
  } catch (error) {
    logger.error(`account deletion failed: ${String(error)}`);
    return refuse(intent, submission, { status: 500, form: "profile.errors.deleteFailed" });
  }
}

const PROFILE_INTENTS = {
  resetPassword,
  save: signedIn(save),
  avatar: signedIn(avatar),
  changeEmail: signedIn(changeEmail),
  changePassword: signedIn(changePassword),
  delete: signedIn(remove),
};

export async function profileAction(request: Request) {
  const contentLength = Number(request.headers.get("content-length") ?? "0");
  // A body far above the avatar limit is refused before it is read.
  if (contentLength > AVATAR_MAX_BYTES + 256 * 1024) {
    assertSameOrigin(request);
    await requireUser(request);
    return refuse("avatar", plainSubmission(new FormData()), { status: 413, fields: { avatar: "profile.errors.tooLarge" } });
  }
  return runAccountIntents(request, PROFILE_INTENTS);
}
