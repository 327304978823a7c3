import { expect, test, type Page } from "@playwright/test";
import { signUpConfirmed, uniqueEmail } from "../helpers/accounts";
import { gotoHydrated, hydrateFormOnUse } from "../helpers/hydration";
import { pagePaths } from "../helpers/routes";

/**
 * The Content-Security-Policy (ADR 0014) in a real browser: every page hydrates and its lazily
 * loaded pieces (toasts, form rules, translation namespaces, dialogs) load in en, de and es
 * with no violation reported; and Google's unverified address gets its message.
 */

async function watchPolicy(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      list.push(`${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  return async () => [...violations, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

for (const language of ["en", "de", "es"] as const) {
  test(`every page hydrates under the policy, no violations (${language})`, async ({ page, context }) => {
    test.setTimeout(240_000);
    await context.addCookies([{ name: "language", value: language, url: process.env.E2E_BASE_URL! }]);
    await page.addInitScript((value) => localStorage.setItem("language", value), language);
    const violations = await watchPolicy(page);
    // Every page the build has (npm run routes), so a new page is checked without being listed here.
    for (const path of pagePaths()) {
      const response = await gotoHydrated(page, path);
      const policy = response?.headers()["content-security-policy"] ?? "";
      expect(policy, path).toMatch(/script-src 'self' 'nonce-[^']+'/);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      expect(await violations(), path).toEqual([]);
    }

    // Lazily loaded pieces: the contact rules and the toast library load on first use.
    await gotoHydrated(page, "/contact");
    await hydrateFormOnUse(page);
    await page.locator("form button[type=submit]").first().click();
    await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
    // A client-side navigation loads the next page's code and translations.
    await page.locator('header a[href="/about"], a[href="/about"]').first().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("html")).toHaveAttribute("data-ready", "true");
    // Right after a client-side navigation the language switcher opens on the first click, and its choice loads the page.
    await page.getByTestId("language-switcher").click();
    await page.getByRole("menuitem").first().click();
    await expect(page).toHaveURL(/\/about\?lang=en$/);
    await page.waitForLoadState();
    await expect(page.locator("html")).toHaveAttribute("data-ready", "true");
    expect(await violations()).toEqual([]);
  });
}

test("a signed-in page hydrates under the policy; an unverified Google address is not linked, with a clear message", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchPolicy(page);
  const email = uniqueEmail("csp-google");
  await signUpConfirmed(page, email, "secret-pass-1", "csp user");
  const profile = await gotoHydrated(page, "/profile");
  expect(profile?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await fetch(`${process.env.E2E_OIDC_CONTROL}/identity`, {
    method: "POST",
    body: JSON.stringify({ sub: `sub-${email}`, email, name: "Someone Else", emailVerified: false }),
  });
  await gotoHydrated(page, "/auth");
  await page.getByRole("button", { name: "Continue with Google" }).first().click();
  await expect(page).toHaveURL(/\/auth\?error=account_not_linked/);
  await expect(page.getByText("Google has not confirmed this email address", { exact: false })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toHaveCount(0);
  expect(await violations()).toEqual([]);
});
