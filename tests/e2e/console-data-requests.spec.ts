import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "../helpers/accounts";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { e2eDataDir, withDatabase } from "../helpers/e2e-server";
import { gotoHydrated, hydrateFormOnUse } from "../helpers/hydration";
import { readZip } from "../helpers/zip";

/**
 * A data request from someone who never had an account (issue 26, ADR 0084): they sent a contact
 * message; the admin looks their address up, downloads what the site holds and erases it; the page
 * then shows that the request was handled, and nothing of the address is left.
 */
test("an admin answers a data request of a visitor who only sent a contact message: export, erase, record", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await createConsoleAccount("data-requests", "admin");
  const email = uniqueEmail("data-request");
  const subject = `Data request ${Date.now()}`;

  const visitor = await browser.newPage();
  await visitor.goto("/contact?lang=en");
  await hydrateFormOnUse(visitor);
  await visitor.getByRole("textbox", { name: "Name" }).fill("Vera Visitor");
  await visitor.getByRole("textbox", { name: "Email" }).fill(email);
  await visitor.getByRole("textbox", { name: "Subject" }).fill(subject);
  await visitor.getByRole("textbox", { name: "Message" }).fill("Please tell me what you hold about me, then delete it.");
  await visitor.getByRole("button", { name: "Send Message" }).click();
  await expect(visitor.locator("[data-sonner-toast]").filter({ hasText: "Message sent successfully!" })).toBeVisible();
  await visitor.close();

  await signInPage(page, admin);
  await gotoHydrated(page, "/admin/data-requests?lang=en");
  await expect(page.getByRole("heading", { level: 1, name: "Data requests" })).toBeVisible();
  // A bad address is named at the field, nothing is looked up.
  await page.getByLabel("Email address").fill("not-an-address");
  await page.getByLabel("Email address").evaluate((input) => input.removeAttribute("type"));
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();

  await page.getByLabel("Email address").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Look up" }).click();
  const findings = page.getByTestId("data-request-findings");
  await expect(findings.getByRole("heading", { name: `What the site holds for ${email}` })).toBeVisible();
  await expect(findings.getByRole("link", { name: subject })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent("download");
  await findings.getByRole("button", { name: "Download everything (ZIP)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^data-request-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readZip(fs.readFileSync((await file.path())!));
  const exported = JSON.parse(zip.get("address-data.json")!.toString("utf8"));
  expect(exported.email).toBe(email);
  expect(exported.contactMessages).toMatchObject([{ subject, message: "Please tell me what you hold about me, then delete it." }]);
  expect(zip.has("my-data.json")).toBe(false);

  page.once("dialog", (dialog) => void dialog.accept());
  await findings.getByRole("button", { name: "Erase everything" }).click();
  await expect(page.getByText("Erased. The request is recorded below, without the address.")).toBeVisible();
  await expect(findings.getByRole("link", { name: subject })).toHaveCount(0);
  await expect(findings.getByText(/^Erased before: /)).toBeVisible();
  await expect(page.getByTestId("data-request-handled").getByRole("listitem").first()).toContainText("Erasure");

  const left = await withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query(
      `select (select count(*)::int from contact_messages where lower(email) = $1) as messages,
              (select count(*)::int from mail_log where strpos(lower(recipient || coalesce(content::text, '')), $1) > 0) as mails,
              (select count(*)::int from audit_log where strpos(lower(audit_log::text), $1) > 0) as audit`,
      [email],
    );
    return rows[0];
  });
  expect(left).toEqual({ messages: 0, mails: 0, audit: 0 });
});
