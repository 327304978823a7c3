import { eq } from "drizzle-orm";
import { beforeAll, beforeEach } from "vitest";
import { user } from "../../app/db/schema";
import { getAuth, resetAuthForTesting, signupContext } from "../../app/features/account/auth.server";
import { db } from "../../app/lib/db.server";
import { getEnv, parseEnv, setEnvForTesting } from "../../app/lib/env.server";
import { resetDatabase } from "./database";

/**
 * Accounts for integration tests (vitest, real PostgreSQL), the server-side twin of accounts.ts
 * (which drives the pages in Playwright): the auth configuration of a test file, and accounts made
 * through better-auth as the sign-up form makes them.
 */
export const TEST_ORIGIN = "http://localhost:3000";
export const TEST_PASSWORD = "secret123";

/**
 * In a `describe`: the worker's database and data folder, PUBLIC_URL = TEST_ORIGIN, quiet logs,
 * `REQUIRE_EMAIL_CONFIRMATION` as given, better-auth built again for it; every test starts with
 * empty tables.
 */
export function useAuthTestEnv(options: { requireEmailConfirmation: boolean; env?: Record<string, string> }) {
  beforeAll(() => {
    const env = getEnv();
    setEnvForTesting(
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: env.DATA_DIR,
        DATABASE_URL: env.DATABASE_URL,
        AUTH_SECRET: env.AUTH_SECRET,
        LOG_LEVEL: "error",
        PUBLIC_URL: TEST_ORIGIN,
        REQUIRE_EMAIL_CONFIRMATION: String(options.requireEmailConfirmation),
        ...options.env,
      }),
    );
    resetAuthForTesting();
  });
  beforeEach(resetDatabase);
}

/**
 * Signs up `email` (username = the part before @, password TEST_PASSWORD) with the sign-up form's
 * context (newsletter choice, language), optionally marks the address confirmed, and returns the
 * account's id. The confirmation and newsletter mails are queued as after a real sign-up.
 */
export async function createAccount(
  email: string,
  options: { confirmed?: boolean; newsletter?: boolean; language?: "en" | "de" | "es" } = {},
) {
  const username = email.split("@")[0];
  await signupContext.run(
    { username, customerType: "private", newsletterSubscribed: options.newsletter ?? false, language: options.language ?? "en" },
    () => getAuth().api.signUpEmail({ body: { name: username, email, password: TEST_PASSWORD } }),
  );
  if (options.confirmed) await db().update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}
