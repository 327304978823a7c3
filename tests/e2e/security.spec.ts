import { expect, test } from "@playwright/test";
import { createAccount, signInPage } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";
import { watchPolicy } from "../helpers/policy";

/**
 * The Content-Security-Policy (ADR 0014) in a real browser on a member's page (every public page in
 * every language: every-page.spec.ts); and Google's unverified address gets its message.
 */

test("a signed-in page hydrates under the policy; an unverified Google address is not linked, with a clear message", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchPolicy(page);
  const email = await createAccount("csp-google", { username: "csp user" });
  await signInPage(page, email);
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
