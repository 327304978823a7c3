import { expect, test } from "@playwright/test";
import { smtpApi, uniqueEmail } from "../helpers/accounts";
import { createConsoleAccount, signInPage, totpCode } from "../helpers/console";
import { gotoHydrated, waitForHydration } from "../helpers/hydration";
import { linksIn, waitForMail } from "../helpers/mail";

/**
 * An invitation to the console (issue 26, ADR 0074), in Chromium: an admin invites an editor by
 * e-mail; the invited person opens the link, chooses a name and a password, sets up a second factor
 * and lands in the console with an editor's menu; the link then no longer works.
 */
test("an admin invites an editor, who sets a password and a second factor and lands in the console", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const admin = await createConsoleAccount("inviting-admin", "admin");
  const invited = uniqueEmail("invited-editor");

  await signInPage(page, admin);
  await gotoHydrated(page, "/admin/members?lang=en");
  const invitations = page.getByTestId("invitations");
  await invitations.getByRole("textbox", { name: "Email" }).fill(invited);
  await invitations.getByLabel("Role").selectOption("editor");
  await invitations.getByRole("button", { name: "Send invitation" }).click();
  await expect(invitations.getByText("Invitation queued for sending.")).toBeVisible();
  await expect(invitations.getByRole("row").filter({ hasText: invited })).toBeVisible();

  const mail = await waitForMail(smtpApi(), invited);
  const link = linksIn(mail.text).find((url) => url.includes("/invitation?"));
  expect(link, mail.text).toBeTruthy();

  const newcomer = await browser.newPage();
  await newcomer.goto(new URL(link!).pathname + new URL(link!).search);
  await waitForHydration(newcomer);
  await expect(newcomer.getByText(`${invited} is invited to the console as an editor.`)).toBeVisible();
  await newcomer.getByLabel("Username").fill("invited-editor");
  await newcomer.getByLabel("Password").fill("invited-pass-1");
  await newcomer.getByRole("button", { name: "Create account and continue" }).click();
  // A console role opens nothing without a second factor: the set-up comes first.
  await expect(newcomer).toHaveURL(/\/profile\/two-step/, { timeout: 30_000 });
  await waitForHydration(newcomer);
  const password = newcomer.getByLabel("Password");
  if (await password.isVisible()) await password.fill("invited-pass-1");
  await newcomer.getByRole("button", { name: "Use an authenticator app" }).click();
  const secret = (await newcomer.getByTestId("totp-secret").textContent())!;
  await newcomer.getByLabel("Code from your app").fill(await totpCode(secret));
  await newcomer.getByRole("button", { name: "Turn on" }).click();
  await expect(newcomer.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await newcomer.getByRole("button", { name: "Continue" }).click();
  await expect(newcomer).toHaveURL(/\/admin$/, { timeout: 30_000 });
  const menu = newcomer.getByRole("navigation", { name: "Console navigation" });
  await expect(menu.getByRole("link", { name: "Media" })).toBeVisible();
  // An editor's menu: no members, no data requests.
  await expect(menu.getByRole("link", { name: "Members" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Data requests" })).toHaveCount(0);

  // The link was used: it no longer works, and the admin's list of open invitations no longer shows it.
  await newcomer.context().clearCookies();
  await newcomer.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(newcomer.getByTestId("invitation-invalid")).toBeVisible();
  await newcomer.close();
  await gotoHydrated(page, "/admin/members?lang=en");
  await expect(page.getByTestId("invitations").getByRole("row").filter({ hasText: invited })).toHaveCount(0);
});
