/**
 * better-auth's session cookie in a Cookie header (`__Secure-` on HTTPS), its value captured: the one
 * pattern the request guard, the page cache and the console gate read it by.
 */
export const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/** Whether a Cookie header carries a session cookie, valid or not (even an empty one: a visitor's answer is never cached for it). */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}
