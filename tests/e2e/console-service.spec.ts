import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { e2eDataDir, withDatabase } from "../helpers/e2e-server";
import { gotoHydrated } from "../helpers/hydration";

/**
 * "New service" in the console (issue 11): a services item has no file, so an editor creates it
 * from the edit form. Five bad fields are shown at once, each under its field, with what was typed
 * kept; the saved service is on /media at once and in the audit log. The title carries a token so
 * other specs on the shared server never meet it.
 */
const TOKEN = "Larkspur";

test("an editor creates a service without a file; it is on /media at once and audited", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("console-service", "editor");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/media?lang=en");
  await page.getByRole("link", { name: "New service" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New service" })).toBeVisible();
  await expect(page.getByLabel("Type")).toHaveValue("services");

  // Five problems at once, each shown under its field; the cursor goes to the first.
  await page.getByRole("textbox", { name: "Language" }).fill("english!");
  await page.getByLabel("Endpoint").fill("ftp://rights.ipangel.test");
  await page.getByLabel("Link 1: URL").fill("https://docs.ipangel.test");
  await page.getByLabel("License URL").fill("not a link");
  await page.getByRole("button", { name: "Create service" }).click();
  await expect(page.getByText("A title is required.")).toBeVisible();
  await expect(page.getByText("Enter a language code such as en, de or es.")).toBeVisible();
  await expect(page.getByText("Enter the kind of service (for example API or consulting).")).toBeVisible();
  await expect(page.getByText("Give the link a label (at most 100 characters).")).toBeVisible();
  await expect(page.getByText("Enter a full web address starting with https://.")).toHaveCount(2);
  await expect(page.getByLabel("Title", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Endpoint")).toHaveValue("ftp://rights.ipangel.test");
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Title", { exact: true }).fill(`${TOKEN} rights check`);
  await page.getByLabel("Description", { exact: true }).fill("Checks the licence of a media file.");
  await page.getByRole("textbox", { name: "Language" }).fill("en");
  await page.getByLabel("Service kind").fill("REST API");
  await page.getByLabel("Endpoint").fill("https://rights.ipangel.test/v1");
  await page.getByLabel("Link 1: label").fill("Documentation");
  await page.getByLabel("License URL").fill("");
  await page.getByRole("button", { name: "Create service" }).click();
  await expect(page.getByText("Service created. /media shows it now.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `${TOKEN} rights check` })).toBeVisible();
  await expect(page.getByLabel("Endpoint")).toHaveValue("https://rights.ipangel.test/v1");

  const visitor = await browser.newPage();
  for (const language of ["en", "de", "es"]) {
    await visitor.goto(`/media?lang=${language}&type=services&q=${TOKEN}`);
    await expect(visitor.getByTestId("media-card").getByRole("heading", { name: `${TOKEN} rights check` })).toBeVisible();
  }
  await visitor.close();

  const audit = await withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query<{ actor_email: string; action: string }>(
      "select actor_email, action from audit_log where summary = $1",
      [`${TOKEN} rights check`],
    );
    return rows;
  });
  expect(audit).toEqual([{ actor_email: email, action: "library.create" }]);
});
