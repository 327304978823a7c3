import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { smtpApi, uniqueEmail } from "../helpers/accounts";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createAccount, createConsoleAccount, signInPage } from "../helpers/console";
import { e2eDataDir, withDatabase } from "../helpers/e2e-server";
import { gotoHydrated, hydrateFormOnUse } from "../helpers/hydration";
import { localeText } from "../helpers/locales";
import { linksIn, waitForMail } from "../helpers/mail";

/**
 * The console's privacy pages as an operator uses them (issues 12, 13): the "tell me when it
 * opens" list a visitor joined, the newsletter's consent records with their proof, the exports,
 * and the retention periods (validated in the browser and on the server, shown in the privacy
 * policy). The test puts the retention periods back afterwards, since the e2e server is shared.
 */
test.describe.configure({ mode: "serial" });

let admin = "";
/** The member whose confirmed consent the newsletter test shows (the other languages look at it too). */
let subscriber = "";
test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await createConsoleAccount("console-privacy", "admin");
});

test("a visitor's launch sign-up appears in the console once confirmed; export and delete it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("launch-list");
  const visitor = await browser.newPage();
  await gotoHydrated(visitor, "/tandem?lang=es");
  await hydrateFormOnUse(visitor);
  const section = visitor.locator("#notify");
  // The form kit shows the problem under the field, in the page's language.
  await section.getByRole("textbox").fill("not-an-address@");
  await section.getByRole("button").click();
  await expect(section.getByRole("alert")).toBeVisible();
  await section.getByRole("textbox").fill(email);
  await section.getByRole("button").click();
  await expect(section.getByRole("status")).not.toBeEmpty();
  const mail = await waitForMail(smtpApi(), email);
  await visitor.goto(linksIn(mail.text).find((url) => url.includes("/notify?token="))!);
  await visitor.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Confirmado" })).toBeVisible();
  await visitor.close();

  await signInPage(page, admin);
  await gotoHydrated(page, "/admin/launches?topic=tandem&lang=en");
  await expect(page.getByRole("heading", { level: 1, name: "Launch list" })).toBeVisible();
  const row = page.getByTestId("launch-row").filter({ hasText: email });
  await expect(row).toContainText("ES");
  await expect(row).not.toContainText("Waiting for confirmation");
  expect(Number(await page.getByTestId("launch-confirmed-tandem").textContent())).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export Tandem (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^launch-tandem-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(fs.readFileSync((await file.path())!, "utf8")).toContain(`"${email}"`);

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: `Delete ${email}` }).click();
  // The toast (the row's own status may show the same words until the row is gone).
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "The entry was deleted." })).toBeVisible();
  await expect(row).toHaveCount(0);
  const left = await withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query("select 1 from launch_notifications where email = $1", [email]);
    return rows.length;
  });
  expect(left).toBe(0);
  await gotoHydrated(page, "/admin/audit?lang=en&entity=launch-signup");
  await expect(page.getByTestId("audit-entry").filter({ hasText: "Launch list sign-up deleted" }).first()).toBeVisible();
});

test("a visitor takes their address off the launch list with the link from the mail, without signing in", async ({ page }) => {
  const email = uniqueEmail("launch-remove");
  await gotoHydrated(page, "/academy?lang=en");
  await hydrateFormOnUse(page);
  const section = page.locator("#notify");
  await section.getByLabel("Email").fill(email);
  await section.getByRole("button", { name: "Notify me" }).click();
  await expect(section.getByRole("status")).toContainText("Almost done");
  const mail = await waitForMail(smtpApi(), email);
  const removeLink = linksIn(mail.text).find((url) => url.includes("/notify?remove="))!;
  await gotoHydrated(page, removeLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Remove my address from the list");
  await page.getByRole("button", { name: "Remove my address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your address has been removed from the list." })).toBeVisible();
  const left = await withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query("select 1 from launch_notifications where email = $1", [email]);
    return rows.length;
  });
  expect(left).toBe(0);
});

test("the newsletter page shows a member's consent with its proof, and the export holds it", async ({ page }) => {
  test.setTimeout(120_000);
  const member = await createAccount("proof-member", { newsletter: true });
  subscriber = member;
  const mail = await waitForMail(smtpApi(), member, /Please confirm your newsletter subscription/);
  const confirmLink = linksIn(mail.text).find((url) => url.includes("/newsletter/confirm"))!;
  await page.goto(confirmLink);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByText("Thank you! Your newsletter subscription is now active.", { exact: false })).toBeVisible();

  await signInPage(page, admin);
  await gotoHydrated(page, `/admin/newsletter?lang=en&status=confirmed&q=${encodeURIComponent(member)}`);
  const row = page.getByTestId("consent-row").filter({ hasText: member });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Sign-up");
  await row.getByText(/^Version 2026-11-22, EN$/).click();
  await expect(row.getByText("Subscribe to our newsletter")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export subscribers (CSV)" }).click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8");
  expect(csv.split("\r\n")[0]).toContain("email,username,language,consent_id,asked_at,confirmed_at,form,wording_version");
  expect(csv).toContain(`"${member}"`);
});

/**
 * The same pages in German and Spanish: every label, status, dialog and message checked against the
 * locale file of the language (`localeText`), not against a copy of the text.
 */
for (const language of ["de", "es"] as const) {
  test(`in ${language}: the launch list, the consent records and the retention form speak the console's language`, async ({ page }) => {
    test.setTimeout(120_000);
    const text = (key: string, values?: Record<string, string | number>) => localeText(language, `admin.${key}`, values);
    // A confirmed and a waiting Academy sign-up, straight in the database (the mail round trip is tested above).
    const marker = `${language}-lang-${Date.now().toString(36)}`;
    const [confirmed, waiting] = [uniqueEmail(`${marker}-confirmed`), uniqueEmail(`${marker}-waiting`)];
    await withDatabase(e2eDataDir(), (client) =>
      client.query(
        "insert into launch_notifications (email, topic, language, token_hash, confirmed_at) values ($1, 'academy', $3, md5($1), now()), ($2, 'academy', $3, md5($2), null)",
        [confirmed, waiting, language],
      ),
    );
    await signInPage(page, admin);

    await gotoHydrated(page, `/admin/launches?topic=academy&lang=${language}&q=${marker}`);
    await expect(page.getByRole("heading", { level: 1, name: text("launches.title") })).toBeVisible();
    const topic = text("launches.topics.academy");
    await expect(page.getByRole("link", { name: text("launches.export", { topic }) })).toBeVisible();
    const search = page.getByRole("search", { name: text("launches.searchLabel") });
    await expect(search.getByLabel(text("launches.search"))).toHaveValue(marker);
    await expect(search.getByRole("button", { name: text("launches.apply") })).toBeVisible();
    await expect(page.getByTestId("launch-row").filter({ hasText: waiting })).toContainText(text("launches.pending"));
    const row = page.getByTestId("launch-row").filter({ hasText: confirmed });
    await expect(row).not.toContainText(text("launches.pending"));
    await expectNoSeriousA11yViolations(page);
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await row.getByRole("button", { name: `${text("launches.delete")} ${confirmed}` }).click();
    expect(await asked).toBe(text("launches.confirmDelete", { email: confirmed, topic }));
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: text("launches.deleted") })).toBeVisible();
    await expect(row).toHaveCount(0);

    await gotoHydrated(page, `/admin/newsletter?lang=${language}&status=confirmed&q=${encodeURIComponent(subscriber)}`);
    await expect(page.getByRole("heading", { level: 1, name: text("newsletter.title") })).toBeVisible();
    await expect(page.getByRole("navigation", { name: text("newsletter.statusLabel") })).toContainText(
      text("newsletter.statuses.withdrawn"),
    );
    await expect(page.getByRole("search", { name: text("newsletter.searchLabel") }).getByLabel(text("newsletter.search"))).toHaveValue(
      subscriber,
    );
    const consent = page.getByTestId("consent-row").filter({ hasText: subscriber });
    await expect(consent).toContainText(text("newsletter.statuses.confirmed"));
    await expect(consent).toContainText(text("newsletter.sources.signup"));
    await expect(consent.getByText(text("newsletter.proof", { version: "2026-11-22", language: "EN" }), { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: text("newsletter.export") })).toHaveAttribute("href", "/admin/newsletter/export.csv");

    // The retention form refuses bad periods in the page's language; nothing is saved.
    await gotoHydrated(page, `/admin/retention?lang=${language}`);
    await expect(page.getByRole("heading", { level: 1, name: text("retention.title") })).toBeVisible();
    const form = page.getByTestId("retention-form");
    const label = (key: string, unit: "days" | "months") => `${text(`retention.labels.${key}`)} (${text(`retention.unitNames.${unit}`)})`;
    const standard = text("retention.units.months_other", { count: 12 });
    await expect(
      form.getByText(text("retention.hint", { standard, env: "RETENTION_CONTACT_MESSAGE_MONTHS", min: 1, max: 120 }), { exact: true }),
    ).toBeVisible();
    await form.getByLabel(label("unconfirmedAccountDays", "days")).fill("0");
    await form.getByLabel(label("contactMessageMonths", "months")).fill("1.5");
    await form.getByLabel(label("sentMailDays", "days")).fill("soon");
    await form.getByLabel(label("pendingNewsletterDays", "days")).fill("3");
    await form.getByLabel(label("launchSignupMonths", "months")).fill("61");
    await form.getByRole("button", { name: text("retention.save") }).click();
    await expect(form.getByText(text("retention.errors.range"))).toHaveCount(3);
    await expect(form.getByText(text("retention.errors.whole"))).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
  });
}

test("retention periods: five bad fields at once, the server's own check, a saved period shows in the privacy policy", async ({ page }) => {
  test.setTimeout(120_000);
  await signInPage(page, admin);
  await gotoHydrated(page, "/admin/retention?lang=en");
  const form = page.getByTestId("retention-form");
  await expect(form.getByText("Default: 12 months (RETENTION_CONTACT_MESSAGE_MONTHS). Allowed: 1 to 120.")).toBeVisible();
  await form.getByLabel("Accounts never confirmed (days)").fill("0");
  await form.getByLabel("Contact messages (months)").fill("1.5");
  await form.getByLabel("Sent mails and finished jobs (days)").fill("soon");
  await form.getByLabel("Newsletter requests never confirmed (days)").fill("3");
  await form.getByLabel("Confirmed launch sign-ups (months)").fill("61");
  await form.getByRole("button", { name: "Save periods" }).click();
  await expect(form.getByText("This period is outside the allowed range.")).toHaveCount(3);
  await expect(form.getByText("Enter a whole number.")).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  // The server checks the same rules whatever the browser sends.
  const refused = await page.request.post("/admin/retention", {
    form: { intent: "save", js: "1", contactMessageMonths: "100000" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(400);

  for (const label of [
    "Accounts never confirmed (days)",
    "Sent mails and finished jobs (days)",
    "Newsletter requests never confirmed (days)",
  ]) {
    await form.getByLabel(label).fill("");
  }
  await form.getByLabel("Contact messages (months)").fill("9");
  await form.getByLabel("Confirmed launch sign-ups (months)").fill("18");
  await form.getByRole("button", { name: "Save periods" }).click();
  await expect(page.getByText("Retention periods saved. The next clean-up and the privacy policy use them.")).toBeVisible();

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto("/privacy?lang=en");
  await expect(visitor.getByRole("main")).toContainText("Contact messages: deleted automatically after 9 months");
  await expect(visitor.getByRole("main")).toContainText("at the latest 18 months after you confirmed");
  await visitor.close();

  // Back to the defaults for the other tests on the shared server.
  await form.getByLabel("Contact messages (months)").fill("");
  await form.getByLabel("Confirmed launch sign-ups (months)").fill("");
  await form.getByRole("button", { name: "Save periods" }).click();
  // The first save's message may still be on screen: wait for the row itself to go.
  const stored = () =>
    withDatabase(e2eDataDir(), async (client) => {
      const { rows } = await client.query("select value from site_settings where key = 'retention'");
      return rows.length;
    });
  await expect.poll(stored, { timeout: 15_000 }).toBe(0);
  await expect(page.getByText("Retention periods saved.", { exact: false })).toBeVisible();
});
