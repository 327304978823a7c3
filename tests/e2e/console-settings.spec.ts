import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";

/**
 * Site settings as an operator fills them in (issue 11): the imprint facts typed in the console
 * show on /imprint and /contact at once, in every language, without a restart; the console
 * warns while the imprint is incomplete; the change is in the audit log. The test puts the
 * settings back afterwards, since the e2e server is shared.
 */
const FACTS = {
  "Legal name": "Kestrel Angel Media (Jane Doe)",
  "Responsible person": "Jane Doe",
  "Street and number": "Mainzer Landstraße 77",
  Phone: "+49 69 5550123",
  Email: "office@kestrel-angel.test",
};

test("an admin fills in the imprint; it is live on /imprint and /contact and in the audit log", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("console-settings", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/settings?lang=en");
  await expect(page.getByTestId("imprint-warning")).toContainText("The legal notice is incomplete");
  await expectNoSeriousA11yViolations(page);

  for (const [label, value] of Object.entries(FACTS)) await page.getByLabel(label, { exact: false }).first().fill(value);
  // A bad value is refused with its own message and nothing is saved.
  await page.getByLabel("Academy URL").fill("not a url");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please correct the marked fields.")).toBeVisible();
  await expect(page.getByText("Enter a full web address starting with https://.")).toBeVisible();
  await page.getByLabel("Academy URL").fill("https://learn.kestrel-angel.test");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved. The public pages show them now.")).toBeVisible();
  await expect(page.getByTestId("imprint-warning")).toHaveCount(0);

  // A visitor (no session, so the page cache applies) sees the facts at once.
  const visitor = await browser.newPage();
  for (const language of ["en", "de", "es"]) {
    await visitor.goto(`/imprint?lang=${language}`);
    const main = visitor.getByRole("main");
    for (const value of Object.values(FACTS)) await expect(main).toContainText(value);
    await visitor.goto(`/contact?lang=${language}`);
    const info = visitor.getByRole("complementary");
    await expect(info).toContainText("Mainzer Landstraße 77");
    await expect(info.getByRole("link", { name: "+49 69 5550123" })).toHaveAttribute("href", "tel:+49695550123");
    await expect(info.getByRole("link", { name: "office@kestrel-angel.test" })).toHaveAttribute("href", "mailto:office@kestrel-angel.test");
  }
  await visitor.goto("/platforms?lang=en");
  await expect(visitor.getByTestId("platform-academy").getByRole("link")).toHaveAttribute("href", "https://learn.kestrel-angel.test");
  await visitor.close();

  await gotoHydrated(page, "/admin/audit?lang=en&entity=settings");
  const entry = page.getByTestId("audit-entry").filter({ hasText: email }).first();
  await expect(entry).toContainText("settings.update");
  await expect(entry.getByRole("row", { name: /street/ })).toContainText("Mainzer Landstraße 77");

  // Put the shared server back as it was: empty fields fall back to the defaults.
  await gotoHydrated(page, "/admin/settings?lang=en");
  for (const label of [...Object.keys(FACTS), "Academy URL"]) await page.getByLabel(label, { exact: false }).first().fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved. The public pages show them now.")).toBeVisible();
  await expect(page.getByTestId("imprint-warning")).toBeVisible();
});
