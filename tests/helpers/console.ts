import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { uniqueEmail } from "./accounts";
import { e2eDataDir, withDatabase } from "./e2e-server";

/**
 * Operator-console helpers for end-to-end tests: confirmed accounts made over HTTP (no browser),
 * roles given with `npm run admin` as an operator would, and signed-in request contexts.
 */
export const CONSOLE_PASSWORD = "console-pass-1";

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set (run through the Playwright global set-up)");
  return url;
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

/** Signs up through the /auth form (plain HTTP) and confirms the address in the database. */
export async function createAccount(prefix: string, options: { newsletter?: boolean } = {}) {
  const email = uniqueEmail(prefix);
  const body = new URLSearchParams({
    intent: "signup",
    username: prefix.slice(0, 40).padEnd(3, "x"),
    email,
    password: CONSOLE_PASSWORD,
    customerType: "private",
    acceptTerms: "on",
    acceptPrivacy: "on",
    ...(options.newsletter ? { newsletterSubscribed: "on" } : {}),
  });
  const response = await fetch(`${baseUrl()}/auth`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl() },
    body,
    redirect: "manual",
  });
  expect([200, 302, 303]).toContain(response.status);
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
  const response = await context.post("/auth", {
    form: { intent: "login", email, password: CONSOLE_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  return context;
}

export async function visitorRequest(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Origin: baseUrl() } });
}

/** Signs a browser page in through the form (for UI tests of the console). */
export async function signInPage(page: Page, email: string) {
  const response = await page.request.post("/auth", {
    form: { intent: "login", email, password: CONSOLE_PASSWORD },
    headers: { Origin: baseUrl() },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

export async function copySession(from: APIRequestContext, to: BrowserContext) {
  const state = await from.storageState();
  await to.addCookies(state.cookies);
}

/** A console account with a role, made through the shell command. */
export async function createConsoleAccount(prefix: string, role: "admin" | "editor") {
  const email = await createAccount(prefix);
  const result = await runAdmin(["grant", email, "--role", role]);
  expect(result.code, result.stderr).toBe(0);
  return email;
}
