import { expect, request as playwrightRequest, test, type Browser, type Page } from "@playwright/test";
import { uniqueEmail } from "../helpers/accounts";
import { totpCode } from "../helpers/console";
import { withDatabase } from "../helpers/e2e-server";
import { waitForHydration } from "../helpers/hydration";
import { freePort, startProductServer, type ProductServer } from "../helpers/product-server";

/**
 * A second factor for the console (issue 28, ADR 0044), in Chromium: an admin without one is sent
 * to the set-up instead of the console; a passkey (Chromium's virtual authenticator through CDP)
 * and an authenticator app (codes made from the secret the page shows) are set up there and then
 * asked for at sign-in; a stale check asks "Confirm it's you" before a setting is saved.
 *
 * WebAuthn takes a domain, not an IP address, as the relying party: this file starts its own server
 * with PUBLIC_URL on `localhost` (the shared one answers on 127.0.0.1).
 */
const PASSWORD = "second-factor-1";
let server: ProductServer;
let base: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startProductServer({
    port,
    timeoutMs: 150_000,
    env: { PUBLIC_URL: base, REQUIRE_EMAIL_CONFIRMATION: "false", RATE_LIMIT_FACTOR: "50", LOG_LEVEL: "warn" },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A signed-up account (no confirmation step on this server), with a console role when given. */
async function account(prefix: string, role?: "admin" | "editor") {
  const email = uniqueEmail(prefix);
  const body = new URLSearchParams({
    intent: "signup",
    username: prefix,
    email,
    password: PASSWORD,
    customerType: "private",
    acceptTerms: "on",
    acceptPrivacy: "on",
  });
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body,
    redirect: "manual",
  });
  expect([200, 302, 303]).toContain(response.status);
  if (role) {
    await withDatabase(server.dataDir, (client) =>
      client.query("insert into user_roles (user_id, role) select id, $2 from users where email = $1", [email, role]),
    );
  }
  return email;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: base });
  return context.newPage();
}

/** Chromium's virtual authenticator: a platform passkey with user verification, answered at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function logIn(page: Page, email: string) {
  await page.goto("/auth?lang=en");
  await page.locator('input[name="js"]').first().waitFor({ state: "attached" });
  const panel = page.getByRole("tabpanel", { name: "Login" });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill(PASSWORD);
  await panel.getByRole("button", { name: "Login", exact: true }).click();
}

async function auditOf(email: string) {
  return withDatabase(server.dataDir, async (client) => {
    const { rows } = await client.query<{ action: string; summary: string }>(
      "select action, summary from audit_log where actor_email = $1 and entity = 'sign-in' order by id",
      [email],
    );
    return rows.map((row) => `${row.action} ${row.summary}`);
  });
}

test("an admin without a second factor: console pages send to the set-up, everything else answers as an unknown path", async () => {
  const email = await account("nofactor", "admin");
  const context = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  const signedIn = await context.post("/auth", { form: { intent: "login", email, password: PASSWORD }, maxRedirects: 0 });
  expect(signedIn.status()).toBe(302);
  const door = await context.get("/admin/members", { maxRedirects: 0 });
  expect(door.status()).toBe(302);
  expect(door.headers()["location"]).toBe("/profile/two-step?returnTo=%2Fadmin%2Fmembers");
  // Data requests, posts and files answer exactly as they do for a member without a role.
  const member = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  await member.post("/auth", { form: { intent: "login", email: await account("member"), password: PASSWORD }, maxRedirects: 0 });
  for (const [method, path] of [
    ["GET", "/admin/members.data"],
    ["POST", "/admin/settings"],
    ["POST", "/admin/settings.data"],
    ["POST", "/admin/media/upload"],
  ] as const) {
    const [asAdmin, asMember] = await Promise.all(
      [context, member].map((client) =>
        client.fetch(path, { method, form: method === "POST" ? { intent: "save" } : undefined, maxRedirects: 0 }),
      ),
    );
    expect(asMember!.status(), `${method} ${path}`).toBeGreaterThanOrEqual(400);
    expect(asAdmin!.status(), `${method} ${path}`).toBe(asMember!.status());
  }
  await Promise.all([context.dispose(), member.dispose()]);
});

test("passkey: set up at the console's door, then sign in with it; both in the audit log", async ({ browser }) => {
  test.setTimeout(300_000);
  const email = await account("passkey", "admin");
  const page = await newPage(browser);
  await addVirtualAuthenticator(page);
  await logIn(page, email);
  await expect(page).toHaveURL(`${base}/`, { timeout: 30_000 });

  await page.goto("/admin?lang=en");
  await expect(page).toHaveURL(/\/profile\/two-step\?returnTo=%2Fadmin/, { timeout: 30_000 });
  await expect(page.getByText("Your account has a console role. Set up a second factor before you use the console.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Use an authenticator app" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(`${base}/admin`, { timeout: 30_000 });
  await expect(page.getByRole("navigation", { name: "Console navigation" })).toBeVisible();

  // A new sign-in: the password, then the passkey.
  await page.context().clearCookies();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/auth\/two-step$/, { timeout: 30_000 });
  await waitForHydration(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(`${base}/`, { timeout: 30_000 });
  await page.goto("/admin?lang=en");
  await expect(page.getByRole("navigation", { name: "Console navigation" })).toBeVisible();
  expect(await auditOf(email)).toEqual(["sign-in.success password (admin)", "sign-in.success passkey (admin)"]);
  await page.context().close();
});

test("authenticator app: set up with a code, recovery codes shown once, the next sign-in asks for a code", async ({ browser }) => {
  test.setTimeout(300_000);
  const email = await account("totp", "editor");
  const page = await newPage(browser);
  await logIn(page, email);
  await expect(page).toHaveURL(`${base}/`, { timeout: 30_000 });
  await page.goto("/admin?lang=en");
  await expect(page).toHaveURL(/\/profile\/two-step/, { timeout: 30_000 });
  await waitForHydration(page);
  // The password is asked only of an account that has one (the set-up allows accounts without).
  const password = page.getByLabel("Password");
  if (await password.isVisible()) await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Use an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await page.getByLabel("Code from your app").fill("12345");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Enter the 6 digits from your app")).toBeVisible();
  await page.getByLabel("Code from your app").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(page.getByRole("link", { name: "Download codes" })).toHaveAttribute("download", "ip-angel-recovery-codes.txt");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${base}/admin`, { timeout: 30_000 });
  await expect(page.getByRole("navigation", { name: "Console navigation" })).toBeVisible();

  await page.context().clearCookies();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/auth\/two-step$/, { timeout: 30_000 });
  await waitForHydration(page);
  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("This code is not valid. Please try again")).toBeVisible();
  await page.getByLabel("Code").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(`${base}/`, { timeout: 30_000 });

  // Away from the console for 20 minutes: opening it asks "Confirm it's you", then goes on.
  await withDatabase(server.dataDir, (client) =>
    client.query(
      "update sessions set second_factor_at = now() - interval '20 minutes', console_seen_at = now() - interval '20 minutes' where user_id = (select id from users where email = $1)",
      [email],
    ),
  );
  await page.goto("/admin?lang=en");
  await expect(page).toHaveURL(/\/auth\/confirm\?returnTo=%2Fadmin/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Code").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(`${base}/admin?lang=en`, { timeout: 30_000 });
  expect(await auditOf(email)).toEqual([
    "sign-in.success password (editor)",
    "sign-in.failure totp (editor)",
    "sign-in.success totp (editor)",
    "sign-in.success totp (editor)",
  ]);
  await page.context().close();
});
