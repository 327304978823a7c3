import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { passkey } from "@better-auth/passkey";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import {
  account,
  passkey as passkeyTable,
  profiles,
  rateLimit,
  session,
  twoFactor as twoFactorTable,
  user,
  verification,
} from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/field-schemas";
import { isLanguage, type Language } from "~/lib/i18n";
import { languageFromRequest } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import { getAuthSecret } from "~/lib/secrets.server";
import { queueConfirmationMail } from "./confirmation-mail.server";
import { deviceTrust, recordPasswordReset } from "./device-trust.server";
import { sendAccountMail } from "./mail.server";
import { mailResetLink, RESET_LINK_S } from "./reset-mail.server";
import { requestNewsletter } from "./newsletter.server";
import { enqueueShopSync } from "./shopify.server";
import { fitUsername } from "./username";

/**
 * better-auth, created lazily (the database opens at start-up). Sessions live in the
 * `sessions` table behind an httpOnly cookie; sign-in, sign-up, reset, resend and email change
 * are rate limited per client address (header x-client-ip, set by server/app.ts from req.ip).
 */

export interface SignupExtras {
  username: string;
  customerType: "private" | "business";
  newsletterSubscribed: boolean;
  language: Language;
}

/** The sign-up form's extra fields, handed from the route action to the user-created hook. */
export const signupContext = new AsyncLocalStorage<SignupExtras>();

export const CLIENT_IP_HEADER = "x-client-ip";

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_S = 24 * 60 * 60;

/** A session unused for this long ends (better-auth's expiresIn, renewed daily while in use). */
export const SESSION_IDLE_S = 60 * 60 * 24 * 30;
/** A session ends this long after sign-in, however much it is used. */
export const SESSION_ABSOLUTE_S = 60 * 60 * 24 * 90;

function rules() {
  const factor = getEnv().RATE_LIMIT_FACTOR;
  const rule = (max: number, window: number) => ({ window, max: Math.max(1, Math.floor(max * factor)) });
  return {
    "/sign-in/email": rule(10, 60),
    "/sign-up/email": rule(5, 300),
    "/request-password-reset": rule(3, 300),
    "/reset-password": rule(10, 300),
    "/send-verification-email": rule(3, 300),
    "/change-email": rule(3, 300),
    "/change-password": rule(10, 300),
    "/sign-in/social": rule(20, 60),
  };
}

/** Our own per-IP / per-account limits for the route actions (they call auth.api directly). */
export const ACTION_LIMITS = {
  signIn: { limit: 10, windowS: 60 },
  signUp: { limit: 5, windowS: 300 },
  reset: { limit: 3, windowS: 300 },
  resend: { limit: 3, windowS: 300 },
  changeEmail: { limit: 3, windowS: 300 },
  changePassword: { limit: 10, windowS: 300 },
  saveProfile: { limit: 20, windowS: 300 },
} as const;

function languageOf(request?: Request): Language {
  return request ? languageFromRequest(request) : "en";
}

async function userLanguage(userId: string, request?: Request): Promise<Language> {
  const [row] = await db().select({ language: profiles.language }).from(profiles).where(eq(profiles.id, userId));
  if (row && isLanguage(row.language)) return row.language;
  return signupContext.getStore()?.language ?? languageOf(request);
}

/** The name authenticator apps and passkey prompts show. */
export const APP_NAME = "IP Angel";

/**
 * The second factor (ADR 0044): TOTP with recovery codes (stored encrypted) and passkeys bound to
 * PUBLIC_URL's host and origin. Accounts without a password (Google) set up TOTP without one.
 */
function secondFactorPlugins(publicUrl: string) {
  const url = new URL(publicUrl);
  return [
    twoFactor({ issuer: APP_NAME, allowPasswordless: true }),
    passkey({ rpID: url.hostname, rpName: APP_NAME, origin: url.origin }),
  ] as const;
}

function createAuth() {
  const env = getEnv();
  const secure = env.PUBLIC_URL.startsWith("https:");
  // Per-account sign-in limits that a stranger cannot turn into a lockout (ADR 0043).
  const plugins: BetterAuthPlugin[] = [deviceTrust()];
  if (env.GOOGLE_CLIENT_ID) {
    plugins.push(
      genericOAuth({
        config: [
          {
            providerId: "google",
            discoveryUrl: `${env.GOOGLE_ISSUER.replace(/\/+$/, "")}/.well-known/openid-configuration`,
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            scopes: ["openid", "email", "profile"],
            pkce: true,
          },
        ],
      }),
    );
  }
  return betterAuth({
    appName: APP_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: getAuthSecret(),
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor: twoFactorTable, passkey: passkeyTable },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      requireEmailVerification: env.REQUIRE_EMAIL_CONFIRMATION,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_S,
      // Mailed only within the limits a stranger cannot use up (reset-mail.server.ts, ADR 0043).
      sendResetPassword: async ({ user: target, url, token }, request) => {
        const link = await (await getAuth().$context).internalAdapter.findVerificationValue(`reset-password:${token}`);
        if (!link) return;
        const language = await userLanguage(target.id, request);
        await mailResetLink({ userId: target.id, to: target.email, language, url, name: target.name, verificationId: link.id });
      },
      onPasswordReset: async ({ user: target }) => recordPasswordReset(target.id),
    },
    emailVerification: {
      sendOnSignUp: env.REQUIRE_EMAIL_CONFIRMATION,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: CONFIRMATION_LINK_S,
      sendVerificationEmail: async ({ user: target, url, token }, request) => {
        // A change of address sends the link to the new address (better-auth passes it in the token).
        const language = await userLanguage(target.id, request);
        const change = changeOfToken(token);
        if (change?.updateTo) {
          await sendAccountMail("changeEmail", change.updateTo, language, { url, name: target.name });
          await sendAccountMail("changeEmailNotice", change.email ?? target.email, language, {
            name: target.name,
            newEmail: change.updateTo,
          });
          return;
        }
        // The first confirmation mail of an account is queued once, with the account's mark; a
        // resend always queues one (confirmation-mail.server.ts, ADR 0030).
        const signingUp = signupContext.getStore() !== undefined;
        await queueConfirmationMail({ userId: target.id, to: target.email, language, url, name: target.name }, { firstOnly: signingUp });
      },
    },
    user: {
      changeEmail: { enabled: true },
    },
    // Reset tokens and OAuth states are stored as SHA-256 hashes: a copy of the database
    // holds no usable link (confirmation and change-email links are signed, not stored).
    verification: { storeIdentifier: "hashed" },
    session: {
      // Idle lifetime: renewed at most daily while in use. The absolute lifetime
      // (SESSION_ABSOLUTE_S, session.server.ts) ends it whatever the use.
      expiresIn: SESSION_IDLE_S,
      updateAge: 60 * 60 * 24,
    },
    account: {
      // No provider is trusted by name: Google's identity joins an existing account only
      // when Google says `email_verified: true` (and the local address is confirmed).
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    // OAuth failures go back to the form, which names them (`/auth?error=<code>`).
    onAPIError: { errorURL: `${env.PUBLIC_URL}/auth` },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: Math.max(1, Math.floor(100 * env.RATE_LIMIT_FACTOR)),
      customRules: rules(),
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        // Every path that writes a name (sign-up, Google, update) keeps the username rule.
        update: {
          before: async (data) => (typeof data.name === "string" ? { data: { ...data, name: fitUsername(data.name, "user") } } : { data }),
          after: async (updated) => {
            // Confirmation of the address, or a confirmed change of it: the shop follows.
            if (updated.emailVerified) await enqueueShopSync(updated.id);
          },
        },
        create: {
          before: async (data) => ({
            data: { ...data, name: fitUsername(data.name, String(data.email ?? "").split("@")[0] ?? "") },
          }),
          after: async (created, context) => {
            const extras = signupContext.getStore();
            const language = extras?.language ?? languageOf(context?.request);
            await db()
              .insert(profiles)
              .values({
                id: created.id,
                username: extras?.username ?? created.name ?? null,
                customerType: extras?.customerType ?? "private",
                // Active only after the double opt-in (newsletter.server.ts).
                newsletterSubscribed: false,
                language,
              })
              .onConflictDoNothing();
            if (extras?.newsletterSubscribed) await requestNewsletter(created.id, { source: "signup", language });
            // The shop learns of an account only once its address is confirmed (Google: at once).
            if (created.emailVerified) await enqueueShopSync(created.id);
          },
        },
      },
    },
    plugins: [...secondFactorPlugins(env.PUBLIC_URL), ...plugins],
    logger: {
      log: (level, message) => {
        // better-auth reports refusals of bad input (a forged state, a foreign callback URL, an
        // unverified Google address) at error level: those are warnings, not faults of ours.
        const fault = /database|internal|unable to create|failed to (create|update|delete)/i.test(message);
        if (level === "error" && fault) logger.error(`auth: ${message}`);
        else if (level === "error" || level === "warn") logger.warn(`auth: ${message}`);
      },
    },
  });
}

/** better-auth signs change-email tokens as JWTs carrying `updateTo`. */
function changeOfToken(token: string): { email?: string; updateTo?: string } | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      email?: unknown;
      updateTo?: unknown;
    };
    return {
      email: typeof payload.email === "string" ? payload.email : undefined,
      updateTo: typeof payload.updateTo === "string" ? payload.updateTo : undefined,
    };
  } catch {
    return undefined;
  }
}

type Auth = ReturnType<typeof createAuth>;
let instance: Auth | undefined;

export function getAuth(): Auth {
  instance ??= createAuth();
  return instance;
}

/** Tests that change the environment start over. */
export function resetAuthForTesting() {
  instance = undefined;
}

export function googleConfigured() {
  return Boolean(getEnv().GOOGLE_CLIENT_ID);
}
