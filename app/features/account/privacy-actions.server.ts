import { redirect } from "react-router";
import { answer, runIntent, type IntentContext } from "~/lib/form-action.server";
import { doneAnswer, failedAnswer, plainSubmission, type FormAnswer } from "~/lib/form-submission";
import { logger } from "~/lib/logger.server";
import { getAuth } from "./auth.server";
import { createDataExport, exportFileName, zipDownload } from "./data-export.server";
import { proofRefusalName, requireRecentProof } from "./recent-proof.server";
import { assertSameOrigin, authHeaders, clientIp, cookiesOf, withinLimits } from "./request.server";
import { endOtherSessions, endSession, listSessions, type ActiveSession } from "./sessions.server";
import { requireUser, type SessionUser } from "./session.server";

/**
 * The profile's privacy doors: POST /profile/data-export (the ZIP) and POST /profile/sessions
 * (end one session or all others). The user always comes from the session cookie; a session id
 * in the body only ever matches the caller's own sessions.
 */
export const EXPORT_LIMITS = { perAccount: 3, perAddress: 10, windowS: 60 * 60 } as const;

export type SessionsAnswer = FormAnswer;

/** Why the last export did not start: a refusal of the proof of presence, the limit or a failure. */
export const EXPORT_NOTICES = ["wrongPassword", "passwordRequired", "signInAgain", "tooManyAttempts", "rateLimited", "failed"] as const;
export type ExportNotice = (typeof EXPORT_NOTICES)[number];

export interface PrivacyLoaderData {
  sessions: ActiveSession[];
  exportNotice: ExportNotice | null;
}

export async function loadPrivacySection(request: Request): Promise<PrivacyLoaderData> {
  const sessionUser = await requireUser(request);
  return { sessions: await listSessions(sessionUser.id, sessionUser.sessionId), exportNotice: exportNoticeOf(new URL(request.url)) };
}

/** The export's failure notice, carried by the redirect back to /profile (`?export=`). */
export function exportNoticeOf(url: URL): PrivacyLoaderData["exportNotice"] {
  const notice = url.searchParams.get("export");
  return EXPORT_NOTICES.find((known) => known === notice) ?? null;
}

/** The export's form (a plain page post: the browser saves the ZIP); an unreadable body is no proof. */
async function exportForm(request: Request) {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

export async function dataExportAction(request: Request) {
  assertSameOrigin(request);
  const sessionUser = await requireUser(request);
  // Everything the account holds leaves with the export: a session cookie alone is not enough (issue 28).
  const unproven = await requireRecentProof(request, sessionUser, await exportForm(request));
  if (unproven) {
    const name = proofRefusalName(unproven);
    // "rateLimited" is the export's own 3-per-hour limit; guessing the password has its own notice.
    throw redirect(`/profile?export=${name === "rateLimited" ? "tooManyAttempts" : name}`);
  }
  const allowed =
    (await withinLimits([`export:acct:${sessionUser.id}`], EXPORT_LIMITS.perAccount, EXPORT_LIMITS.windowS)) &&
    (await withinLimits([`export:ip:${clientIp(request)}`], EXPORT_LIMITS.perAddress, EXPORT_LIMITS.windowS));
  if (!allowed) throw redirect("/profile?export=rateLimited");
  try {
    const zip = await createDataExport(sessionUser.id);
    logger.info(`Data export started for account ${sessionUser.id}`);
    return zipDownload(zip, exportFileName());
  } catch (error) {
    logger.error(`data export failed: ${String(error)}`);
    throw redirect("/profile?export=failed");
  }
}

const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_FORM_BYTES = 4096;

/** A url-encoded form of at most `maxBytes` (chunked bodies too): reading stops past the limit. */
async function readSmallForm(request: Request, maxBytes: number): Promise<URLSearchParams | "tooLarge"> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) return "tooLarge";
  if (!request.body) return new URLSearchParams();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return "tooLarge";
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** Without JavaScript the form is a page navigation: go back to a page instead of showing data. */
export async function sessionsAction(request: Request) {
  const result = await handleSessions(request);
  if (request.headers.get("sec-fetch-mode") === "navigate") {
    const body = (result as { data?: SessionsAnswer }).data;
    const init = (result as { init?: { headers?: HeadersInit } }).init;
    throw redirect(body?.redirectTo ?? "/profile", { headers: init?.headers });
  }
  return result;
}

async function handleSessions(request: Request) {
  assertSameOrigin(request);
  const sessionUser = await requireUser(request);
  const body = await readSmallForm(request, MAX_FORM_BYTES);
  if (body === "tooLarge") {
    return answer(failedAnswer("", plainSubmission(new FormData()), { form: "mydata.sessions.errors.failed" }), 413);
  }
  const form = new FormData();
  for (const [name, value] of body) form.set(name, value);
  return runIntent(
    request,
    {
      end: (context) => endOne(context, sessionUser),
      endOthers: (context) => endOthers(context, sessionUser),
    },
    form,
  );
}

/** Ends one of the user's own sessions; another account's id matches nothing (404, nothing said about it). */
async function endOne({ request, form, intent }: IntentContext, sessionUser: SessionUser) {
  const submission = plainSubmission(form);
  const sessionId = String(form.get("sessionId") ?? "");
  if (!SESSION_ID.test(sessionId) || !(await endSession(sessionUser.id, sessionId))) {
    return answer(failedAnswer(intent, submission, { form: "mydata.sessions.errors.notFound" }), 404);
  }
  const toast = { tone: "success", title: "mydata.sessions.toast.ended" } as const;
  if (sessionId !== sessionUser.sessionId) return answer(doneAnswer(intent, submission, { toast }));
  // This device: the same as logging out (the cookie is cleared too).
  const signOut = await getAuth()
    .api.signOut({ headers: authHeaders(request), asResponse: true })
    .catch(() => undefined);
  return answer(doneAnswer(intent, submission, { toast, redirectTo: "/auth" }), 200, signOut ? cookiesOf(signOut) : undefined);
}

async function endOthers({ form, intent }: IntentContext, sessionUser: SessionUser) {
  const submission = plainSubmission(form);
  if (!sessionUser.sessionId) return answer(failedAnswer(intent, submission, { form: "mydata.sessions.errors.failed" }), 400);
  const count = await endOtherSessions(sessionUser.id, sessionUser.sessionId);
  const title = count ? "mydata.sessions.toast.othersEnded" : "mydata.sessions.toast.noOthers";
  return answer(doneAnswer(intent, submission, { toast: { tone: "success", title } }));
}
