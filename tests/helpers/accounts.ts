import { expect, type Page } from "@playwright/test";
import { linksIn, waitForMail } from "./mail";

/**
 * Helpers for end-to-end tests of accounts: unique addresses, the sign-up form filled in the page,
 * accounts made over HTTP and confirmed by their mail.
 */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set (run through the Playwright global set-up)");
  return url;
}

export function smtpApi() {
  const url = process.env.E2E_SMTP_API;
  if (!url) throw new Error("E2E_SMTP_API is not set (run through the Playwright global set-up)");
  return url;
}

export async function fillSignUp(
  page: Page,
  values: {
    username: string;
    email: string;
    password: string;
    business?: boolean;
    newsletter?: boolean;
    terms?: boolean;
    privacy?: boolean;
  },
  { hydrated = true }: { hydrated?: boolean } = {},
) {
  if (hydrated) {
    // The tabs switch once the page is hydrated (the hidden js=1 field appears then).
    await page.locator('input[name="js"]').first().waitFor({ state: "attached" });
    await page.getByRole("tab", { name: "Sign Up" }).click();
  }
  // Without JavaScript: open /auth?tab=signup.
  const panel = page.getByRole("tabpanel", { name: "Sign Up" });
  await panel.getByLabel("Username").fill(values.username);
  await panel.getByLabel("Customer Type").selectOption(values.business ? "business" : "private");
  await panel.getByLabel("Email").fill(values.email);
  await panel.getByLabel("Password").fill(values.password);
  await panel.getByLabel("Subscribe to our newsletter").setChecked(values.newsletter ?? false);
  await panel.locator("#signup-terms").setChecked(values.terms ?? true);
  await panel.locator("#signup-privacy").setChecked(values.privacy ?? true);
  return panel;
}

/**
 * Posts the /auth sign-up form as a browser without JavaScript does (plain HTTP, no page): the account
 * exists, unconfirmed, and its confirmation mail is on its way. The form in the page is tested in
 * tests/e2e/accounts.spec.ts; other tests only need the account.
 */
export async function postSignUp(values: { username: string; email: string; password: string; newsletter?: boolean }) {
  const body = new URLSearchParams({
    intent: "signup",
    username: values.username,
    email: values.email,
    password: values.password,
    customerType: "private",
    acceptTerms: "on",
    acceptPrivacy: "on",
    ...(values.newsletter ? { newsletterSubscribed: "on" } : {}),
  });
  const response = await fetch(`${baseUrl()}/auth`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl() },
    body,
    redirect: "manual",
  });
  // Without JavaScript a sign-up that worked redirects; a refused one answers its form again.
  expect([302, 303], `sign-up of ${values.email}`).toContain(response.status);
}

/**
 * Signs up (the form's post), follows the confirmation link of the mail in `page` and ends signed in
 * on /.
 */
export async function signUpConfirmed(page: Page, email: string, password = "secret-pass-1", username = "tester") {
  await postSignUp({ username, email, password });
  const mail = await waitForMail(smtpApi(), email, /Confirm your email address/);
  const link = linksIn(mail.text).find((url) => url.includes("/api/auth/verify-email"));
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.locator('input[name="js"]').first().waitFor({ state: "attached" });
  const panel = page.getByRole("tabpanel", { name: "Login" });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill(password);
  await panel.getByRole("button", { name: "Login", exact: true }).click();
}
