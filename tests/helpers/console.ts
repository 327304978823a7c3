import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { expect, request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { baseUrl, postSignUp, uniqueEmail } from "./accounts";
import { e2eDataDir, withDatabase } from "./e2e-server";
import { gotoHydrated } from "./hydration";

/**
 * Operator-console helpers for end-to-end tests: confirmed accounts made over HTTP (no browser),
 * roles given with `npm run admin` as an operator would, a second factor (TOTP) set up through
 * /profile/two-step as a person would, and signed-in request contexts (password, then a code).
 */
export const CONSOLE_PASSWORD = "console-pass-1";

/** The TOTP secret (base32, as the set-up page shows it) of each account the helpers set up. */
const totpSecrets = new Map<string, string>();

/** The current code of a TOTP secret, made by better-auth's own OTP helper. */
export async function totpCode(secret: string) {
  return createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
}

export function totpSecretOf(email: string) {
  const secret = totpSecrets.get(email);
  if (!secret) throw new Error(`no second factor was set up for ${email} by these helpers`);
  return secret;
}

/** The secret on the set-up page's answer (rendered without JavaScript). */
export function secretOnPage(html: string) {
  const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(html)?.[1];
  if (!secret) throw new Error("the set-up page shows no TOTP secret");
  return secret;
}

/** Sets TOTP up for a signed-in context (the form posts of /profile/two-step, without JavaScript). */
export async function setUpTotp(context: APIRequestContext, email: string) {
  const started = await context.post("/profile/two-step", { form: { intent: "startTotp", password: CONSOLE_PASSWORD } });
  expect(started.status(), `TOTP set-up of ${email}`).toBe(200);
  const secret = secretOnPage(await started.text());
  const confirmed = await context.post("/profile/two-step", { form: { intent: "confirmTotp", code: await totpCode(secret) } });
  expect(confirmed.status(), `TOTP confirmation of ${email}`).toBe(200);
  totpSecrets.set(email, secret);
  return secret;
}

/**
 * Signs `request` in as `email`: the password, then (when the account has a second factor) a code
 * on /auth/two-step. Both answer 302 (no JavaScript).
 */
async function signInWith(request: APIRequestContext, email: string) {
  const response = await request.post("/auth", {
    form: { intent: "login", email, password: CONSOLE_PASSWORD },
    headers: { Origin: baseUrl() },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  if (!response.headers()["location"]?.startsWith("/auth/two-step")) return;
  const code = await request.post("/auth/two-step", {
    form: { intent: "code", code: await totpCode(totpSecretOf(email)) },
    headers: { Origin: baseUrl() },
    maxRedirects: 0,
  });
  expect(code.status(), `second step of ${email}`).toBe(302);
}

const run = promisify(execFile);

/** `npm run admin -- ARGS` against the e2e server's data directory (it attaches to the running database). */
export async function runAdmin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("npm", ["run", "-s", "admin", "--", ...args], {
      env: { ...process.env, DATA_DIR: e2eDataDir(), DATABASE_URL: "", LOG_LEVEL: "warn" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === "number" ? failed.code : 1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/**
 * Signs up through the /auth form (plain HTTP) and confirms the address in the database (no confirmation
 * mail is followed: the shop customer that a confirmation by link creates is not made). The username is the
 * prefix unless given; the password is CONSOLE_PASSWORD.
 */
export async function createAccount(prefix: string, options: { newsletter?: boolean; username?: string } = {}) {
  const email = uniqueEmail(prefix.toLowerCase());
  const username = options.username ?? prefix.slice(0, 40).padEnd(3, "x");
  await postSignUp({ username, email, password: CONSOLE_PASSWORD, newsletter: options.newsletter });
  await withDatabase(e2eDataDir(), (client) => client.query("update users set email_verified = true where email = $1", [email]));
  return email;
}

export async function userIdOf(email: string) {
  return withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query<{ id: string }>("select id from users where email = $1", [email]);
    return rows[0]!.id;
  });
}

/** A request context signed in as `email` (cookies kept by the context). */
export async function signedInRequest(email: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Origin: baseUrl() } });
  await signInWith(context, email);
  return context;
}

export async function visitorRequest(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Origin: baseUrl() } });
}

/** Signs a browser page in through the form (for UI tests of the console). */
export async function signInPage(page: Page, email: string) {
  await signInWith(page.request, email);
}

export async function copySession(from: APIRequestContext, to: BrowserContext) {
  const state = await from.storageState();
  await to.addCookies(state.cookies);
}

/**
 * A console account with a role and TOTP set up (the console opens only with a second factor,
 * ADR 0044); `secondFactor: false` leaves it without one.
 */
export async function createConsoleAccount(prefix: string, role: "admin" | "editor", options: { secondFactor?: boolean } = {}) {
  const email = await createAccount(prefix);
  if (options.secondFactor !== false) {
    const context = await signedInRequest(email);
    await setUpTotp(context, email);
    await context.dispose();
  }
  // The row `npm run admin -- grant` writes (its commands are tested in scripts/admin-command.db.test.ts): a tsx process
  // per account took 6–17 s on a busy machine.
  const granted = await withDatabase(e2eDataDir(), (client) =>
    client.query("insert into user_roles (user_id, role) select id, $2 from users where email = $1", [email, role]),
  );
  expect(granted.rowCount, `role of ${email}`).toBe(1);
  return email;
}

/** A field of the console's page editor (ADR 0054), by its path. */
export const pageField = (page: Page, path: string) => page.locator(`[data-path="${path}"]`).getByRole("textbox");

/** Publishes a page's language with every field empty: each follows its file default again (a shared server's clean-up). */
export async function publishEveryFieldEmpty(page: Page, url: string, button: string) {
  await gotoHydrated(page, url);
  for (const box of await page.locator("[data-path]").getByRole("textbox").all()) await box.fill("");
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();
}
