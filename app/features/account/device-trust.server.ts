import { randomBytes } from "node:crypto";
import { AsyncLocalStorage } from "node:async_hooks";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { hitRateLimit } from "~/lib/rate-limit.server";

/**
 * Password guessing is limited per account, but a stranger's guesses must not lock the owner out
 * (ADR 0043, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies"). A browser
 * in which an account signed in with its password (or set a new one with a reset link) gets a
 * signed device cookie naming that account with a random nonce. A sign-in attempt that carries a
 * valid entry for the account counts in that entry's own bucket; every other attempt counts in
 * the account's bucket for unknown browsers, which a stranger can fill without touching the
 * owner's known browsers. The reset mail (reset-mail.server.ts) is the way in from a new browser.
 *
 * A better-auth plugin (its before/after hooks on the sign-in and reset endpoints): the cookie is
 * read and signed by better-auth's own cookie functions with the auth secret.
 */
export const SIGN_IN_PER_ACCOUNT = { limit: 10, windowS: 300 } as const;
export const DEVICE_COOKIE = "device_trust";
const DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** A shared computer keeps at most this many accounts (the newest). */
const DEVICE_MAX_ACCOUNTS = 5;

interface DeviceEntry {
  userId: string;
  nonce: string;
}

/** `userId~nonce` entries joined by `|`; anything else is ignored. */
export function parseDeviceEntries(value: string | null | false | undefined): DeviceEntry[] {
  if (!value) return [];
  return value
    .split("|")
    .slice(0, DEVICE_MAX_ACCOUNTS)
    .map((part) => part.split("~"))
    .filter((pair): pair is [string, string] => pair.length === 2 && /^[\w-]{1,64}$/.test(pair[0]!) && /^[\w-]{16,64}$/.test(pair[1]!))
    .map(([userId, nonce]) => ({ userId, nonce }));
}

function serializeDeviceEntries(entries: DeviceEntry[]) {
  return entries.map((entry) => `${entry.userId}~${entry.nonce}`).join("|");
}

/** Set around a password reset by the form's handler; better-auth's onPasswordReset fills in the account. */
export const passwordResets = new AsyncLocalStorage<{ userId?: string }>();

export function recordPasswordReset(userId: string) {
  const store = passwordResets.getStore();
  if (store) store.userId = userId;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

async function deviceEntries(ctx: HookContext) {
  const cookie = ctx.context.createAuthCookie(DEVICE_COOKIE);
  return parseDeviceEntries(await ctx.getSignedCookie(cookie.name, ctx.context.secret));
}

/** The bucket a sign-in attempt counts in: its own browser's when that browser knows the account. */
async function bucketOf(ctx: HookContext, email: string) {
  const entries = await deviceEntries(ctx);
  if (entries.length > 0) {
    const found = await ctx.context.internalAdapter.findUserByEmail(email);
    const entry = found ? entries.find((candidate) => candidate.userId === found.user.id) : undefined;
    if (entry) return `signin:device:${entry.nonce}`;
  }
  return `signin:acct:${email}`;
}

/** Adds (or moves to the front) the account's entry, keeping its nonce, and sets the cookie again. */
async function rememberDevice(ctx: HookContext, userId: string) {
  const entries = await deviceEntries(ctx);
  const entry = entries.find((candidate) => candidate.userId === userId) ?? { userId, nonce: randomBytes(18).toString("base64url") };
  const next = [entry, ...entries.filter((candidate) => candidate.userId !== userId)].slice(0, DEVICE_MAX_ACCOUNTS);
  const cookie = ctx.context.createAuthCookie(DEVICE_COOKIE, { maxAge: DEVICE_MAX_AGE_S });
  await ctx.setSignedCookie(cookie.name, serializeDeviceEntries(next), ctx.context.secret, cookie.attributes);
}

export function deviceTrust() {
  return {
    id: "device-trust",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? "").toLowerCase();
            const { limit, windowS } = SIGN_IN_PER_ACCOUNT;
            if (!(await hitRateLimit(await bucketOf(ctx, email), limit, windowS)).allowed) {
              throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_REQUESTS", message: "Too many attempts" });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email" || ctx.path === "/reset-password",
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.path === "/sign-in/email" ? ctx.context.newSession?.user.id : passwordResets.getStore()?.userId;
            if (userId) await rememberDevice(ctx, userId);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
