import { eq, sql } from "drizzle-orm";
import { user } from "~/db/schema";
import { readCookie } from "~/lib/cookies.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";

/**
 * The lasting notices about the visitor's own account, shown by the shell on whatever page the
 * visitor lands on (`/` as the spec says, or the item of a gated download they came from): "check
 * your inbox" with a resend button until the address is confirmed or the notice is dismissed,
 * then "your address is confirmed" on the page the confirmation link returns to. Kept in a small
 * httpOnly cookie, which also keeps the visitor's pages out of the page cache (server/page-cache.ts).
 */
export const NOTICE_COOKIE = "account_notice";
const PENDING_MAX_AGE_S = 7 * 24 * 60 * 60;
const CONFIRMED_MAX_AGE_S = 10 * 60;

/** What the notice's resend did when it was posted without JavaScript: said once, on the page it came back to. */
export type ResendOutcome = "sent" | "limited";

export type AccountNotice = { kind: "pending"; email: string; resent?: ResendOutcome } | { kind: "confirmed" };

function cookie(value: string, maxAgeS: number) {
  const secure = getEnv().PUBLIC_URL.startsWith("https:") ? "; Secure" : "";
  return `${NOTICE_COOKIE}=${value}; Path=/; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure}`;
}

/** Set after an e-mail sign-up that waits for confirmation; `resent` after the notice's resend without JavaScript. */
export function pendingNoticeCookie(email: string, resent?: ResendOutcome) {
  return cookie(`${resent ? `pending-${resent}` : "pending"}:${encodeURIComponent(email)}`, PENDING_MAX_AGE_S);
}

/** Set when the confirmation link signed the visitor in. */
export function confirmedNoticeCookie() {
  return cookie("confirmed", CONFIRMED_MAX_AGE_S);
}

export function clearNoticeCookie() {
  return cookie("", 0);
}

function noticeOf(request: Request): AccountNotice | null {
  // Read as the page cache reads it (one parser, app/lib/cookies.server.ts): the value comes URL-decoded.
  const value = readCookie(request.headers.get("cookie"), NOTICE_COOKIE) ?? "";
  if (value === "confirmed") return { kind: "confirmed" };
  const pending = /^pending(?:-(sent|limited))?:(.*)$/s.exec(value);
  if (!pending) return null;
  const [, resent, email] = pending;
  if (!email.includes("@") || email.length > 255) return null;
  return resent ? { kind: "pending", email, resent: resent as ResendOutcome } : { kind: "pending", email };
}

async function isConfirmed(email: string) {
  const [row] = await db()
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  // No such account (deleted, or the cookie was made up): nothing to wait for.
  return !row || row.verified;
}

/**
 * The notice to show (root loader), and the Set-Cookie header that goes with it: "confirmed" is
 * sent once (the page keeps it on screen until the visitor moves on or dismisses it); "pending"
 * until the address is confirmed (in any browser), the visitor signs in or dismisses it.
 */
export async function loadAccountNotice(request: Request): Promise<{ notice: AccountNotice | null; headers: Headers }> {
  const headers = new Headers();
  const notice = noticeOf(request);
  if (notice?.kind === "confirmed") headers.append("Set-Cookie", clearNoticeCookie());
  if (notice?.kind === "pending" && (await isConfirmed(notice.email))) {
    headers.append("Set-Cookie", clearNoticeCookie());
    return { notice: null, headers };
  }
  // The resend's outcome is said once: the next page shows the plain notice again.
  if (notice?.kind === "pending" && notice.resent) headers.append("Set-Cookie", pendingNoticeCookie(notice.email));
  return { notice, headers };
}
